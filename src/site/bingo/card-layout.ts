import { type BingoCard, centreIndex } from "./card.ts";
import { priceText, ROOM_SIZES, type RoomSize } from "./card-style.ts";
import { fitText, LINE_HEIGHT, round2 } from "./text-fit.ts";

/**
 * Where everything of a card goes on an image of a room size: one layout that both the server's
 * SVG (card-svg.ts, drawn to PNG) and the page's live preview draw, so the preview shows what the
 * download holds. Text is measured with the bundled font's widths (glyph-widths.ts), wrapped at
 * words and shrunk to fit its square.
 */

export interface RectShape {
  kind: "rect";
  x: number;
  y: number;
  width: number;
  height: number;
  radius: number;
  fill: string;
}

export interface TextShape {
  kind: "text";
  /** The centre of the line. */
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  fill: string;
  text: string;
}

export type Shape = RectShape | TextShape;

export interface CardLayout {
  width: number;
  height: number;
  shapes: Shape[];
}

/** The baseline sits this far below the top of a line box (DejaVu's ascent, about 0.93 em, less half the leading). */
const BASELINE = 0.86;

/** Lines of text centred in a box, top to bottom. */
function textLines(
  lines: string[],
  size: number,
  fill: string,
  box: { x: number; y: number; width: number; height: number },
): TextShape[] {
  const lineBox = size * LINE_HEIGHT;
  const top = box.y + (box.height - lines.length * lineBox) / 2;
  return lines.map((text, i) => ({
    kind: "text",
    x: round2(box.x + box.width / 2),
    y: round2(top + i * lineBox + size * BASELINE + (lineBox - size) / 2),
    size,
    fill,
    text,
  }));
}

export function layoutCard(card: BingoCard, room: RoomSize): CardLayout {
  const { width, height } = ROOM_SIZES[room];
  const { colours } = card;
  const short = Math.min(width, height);
  const margin = round2(short * 0.04);
  const titleHeight = round2(short * 0.11);
  const shapes: Shape[] = [{ kind: "rect", x: 0, y: 0, width, height, radius: 0, fill: colours.background }];

  const titleBox = { x: margin, y: margin, width: width - 2 * margin, height: titleHeight };
  const title = fitText(card.title, titleBox, titleHeight * 0.62, titleHeight * 0.3);
  shapes.push(...textLines(title.lines, title.size, colours.accent, titleBox));

  const top = margin + titleHeight + margin / 2;
  const side = round2(Math.min(width - 2 * margin, height - top - margin));
  const left = round2((width - side) / 2);
  const gap = round2(side * 0.018);
  const cell = (side - gap * (card.size - 1)) / card.size;
  const padding = cell * 0.07;
  const centre = card.freeCentre ? centreIndex(card.size) : null;

  card.cells.forEach((c, i) => {
    const x = round2(left + (i % card.size) * (cell + gap));
    const y = round2(top + Math.floor(i / card.size) * (cell + gap));
    const free = i === centre;
    shapes.push({
      kind: "rect",
      x,
      y,
      width: round2(cell),
      height: round2(cell),
      radius: round2(cell * 0.08),
      fill: free ? colours.accent : colours.cell,
    });
    const showPrice = !free && c.tokens !== null;
    const priceSize = round2(cell * 0.13);
    const inner = { x: x + padding, y: y + padding, width: cell - 2 * padding, height: cell - 2 * padding };
    const textBox = showPrice ? { ...inner, height: inner.height - priceSize * 1.4 } : inner;
    const fitted = fitText(c.text, textBox, cell * (free ? 0.24 : 0.17), cell * 0.08);
    shapes.push(...textLines(fitted.lines, fitted.size, free ? colours.cell : colours.text, textBox));
    if (showPrice && c.tokens !== null) {
      const priceBox = { ...inner, y: inner.y + textBox.height, height: priceSize * 1.4 };
      const price = fitText(priceText(c.tokens), priceBox, priceSize, priceSize * 0.6);
      shapes.push(...textLines(price.lines.slice(0, 1), price.size, colours.accent, priceBox));
    }
  });
  return { width, height, shapes };
}
