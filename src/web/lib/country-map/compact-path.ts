/**
 * A d3-geo path context that writes SVG path data small: whole pixels, a ring's first point
 * absolute and the rest relative (`M512 233l3-2 4 5z`), points that round onto the previous one
 * dropped, and rings that round to less than a triangle left out. On a 960 px wide world map a
 * pixel is below what the eye can place, and this halves d3's own output at the same precision.
 */
export class CompactPathContext {
  private readonly rings: string[] = [];
  private ring = "";
  private segments = 0;
  private x = 0;
  private y = 0;

  moveTo(x: number, y: number): void {
    this.flush();
    this.x = Math.round(x);
    this.y = Math.round(y);
    this.ring = `M${this.x}${sep(this.y)}${this.y}`;
    this.segments = 0;
  }

  lineTo(x: number, y: number): void {
    const rx = Math.round(x);
    const ry = Math.round(y);
    const dx = rx - this.x;
    const dy = ry - this.y;
    if (dx === 0 && dy === 0) return;
    this.ring += this.segments === 0 ? `l${dx}` : `${sep(dx)}${dx}`;
    this.ring += `${sep(dy)}${dy}`;
    this.segments += 1;
    this.x = rx;
    this.y = ry;
  }

  closePath(): void {
    this.ring += "z";
    this.flush();
  }

  /** d3 begins each feature with this; the rings say all. */
  beginPath(): void {}

  /** Points are drawn as circles by d3; a map of polygons has none. */
  arc(): void {}

  /** The path data written so far. */
  result(): string {
    this.flush();
    return this.rings.join("");
  }

  private flush(): void {
    // Two segments and the closing line make a triangle: anything less has no area to show.
    if (this.ring !== "" && this.segments >= 2) this.rings.push(this.ring);
    this.ring = "";
    this.segments = 0;
  }
}

/** The separator before a number: none before a minus sign, which separates by itself. */
const sep = (n: number) => (n < 0 ? "" : " ");
