/**
 * Growable typed columns: what an index build appends to, row by row, as the rows arrive in chunks.
 * A JS array of numbers costs 8 bytes an element on the heap, and a heap grown that far for a build
 * is kept by V8 after it; a typed array lives outside the heap and is freed whole.
 */

type Typed = Int32Array | Uint16Array | Uint8Array | Float64Array;

export class Column<T extends Typed> {
  private array: T;
  length = 0;

  constructor(
    private readonly make: new (length: number) => T,
    capacity = 1024,
  ) {
    this.array = new make(capacity);
  }

  push(value: number): void {
    if (this.length === this.array.length) this.grow(this.length + 1);
    this.array[this.length++] = value;
  }

  at(i: number): number {
    return this.array[i] as number;
  }

  /** The values pushed, in an array of their exact length (the column is left empty). */
  done(): T {
    const out = this.array.slice(0, this.length) as T;
    this.array = new this.make(0);
    this.length = 0;
    return out;
  }

  private grow(least: number): void {
    const next = new this.make(Math.max(least, this.array.length * 2));
    (next as Uint8Array).set(this.array as Uint8Array);
    this.array = next;
  }
}

/**
 * Strings as UTF-8 bytes end to end, with where each begins: a JS string costs a header of 16 to
 * 24 bytes besides its characters and a pointer in its array, and half a million of them are
 * scattered over the heap. Strings are read back (decoded) only for the rows a page shows.
 */
export class TextColumn {
  constructor(
    /** String i is bytes[start[i] .. start[i + 1]). */
    readonly bytes: Buffer,
    readonly start: Int32Array,
  ) {}

  get length(): number {
    return this.start.length - 1;
  }

  get(i: number): string {
    return this.bytes.toString("utf8", this.start[i], this.start[i + 1]);
  }

  /** Whether string i holds `term` (given as its UTF-8 bytes: a UTF-8 substring is a string's substring). */
  contains(i: number, term: Uint8Array): boolean {
    const bytes = this.bytes;
    const n = term.length;
    if (n === 0) return true;
    const first = term[0];
    const last = (this.start[i + 1] as number) - n;
    outer: for (let at = this.start[i] as number; at <= last; at++) {
      if (bytes[at] !== first) continue;
      for (let j = 1; j < n; j++) if (bytes[at + j] !== term[j]) continue outer;
      return true;
    }
    return false;
  }
}

/** Appends strings to a TextColumn, in order. */
export class TextColumnBuilder {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  private readonly start = new Column(Int32Array);

  constructor() {
    this.start.push(0);
  }

  get length(): number {
    return this.start.length - 1;
  }

  push(text: string): void {
    const need = Buffer.byteLength(text, "utf8");
    if (this.used + need > this.bytes.length) {
      const next = Buffer.allocUnsafe(Math.max(this.used + need, this.bytes.length * 2));
      this.bytes.copy(next, 0, 0, this.used);
      this.bytes = next;
    }
    this.used += this.bytes.write(text, this.used, "utf8");
    this.start.push(this.used);
  }

  /** The strings of `from` in the order given: from's string order[k] becomes string k. */
  static reordered(from: TextColumn, order: Int32Array): TextColumn {
    const bytes = Buffer.allocUnsafe(from.bytes.length);
    const start = new Int32Array(order.length + 1);
    let at = 0;
    for (let k = 0; k < order.length; k++) {
      const i = order[k] as number;
      at += from.bytes.copy(bytes, at, from.start[i], from.start[i + 1]);
      start[k + 1] = at;
    }
    return new TextColumn(bytes, start);
  }

  done(): TextColumn {
    // A copy of the exact size: the spare capacity of the growing buffer is given back.
    const bytes = Buffer.alloc(this.used);
    this.bytes.copy(bytes, 0, 0, this.used);
    this.bytes = Buffer.alloc(0);
    this.used = 0;
    return new TextColumn(bytes, this.start.done());
  }
}

/** A term's UTF-8 bytes, as TextColumn.contains takes them. */
export const utf8 = (term: string): Uint8Array => Buffer.from(term, "utf8");
