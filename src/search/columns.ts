/**
 * Growable typed columns: what an index build appends to, row by row, as the rows arrive in chunks.
 * A JS array of numbers costs 8 bytes an element on the heap, and a heap grown that far for a build
 * is kept by V8 after it; a typed array lives outside the heap and is freed whole.
 */

type Typed = Int32Array | Uint16Array | Uint8Array | Float64Array;

/** Values a block: a column grows a block at a time, never by copying what it holds into a larger array. */
const BLOCK = 1 << 16;

export class Column<T extends Typed> {
  private readonly blocks: T[] = [];
  private block: T;
  private used = 0;
  length = 0;

  constructor(private readonly make: new (length: number) => T) {
    this.block = new make(0);
  }

  push(value: number): void {
    if (this.used === this.block.length) {
      this.block = new this.make(BLOCK);
      this.blocks.push(this.block);
      this.used = 0;
    }
    this.block[this.used++] = value;
    this.length++;
  }

  /** The values pushed, in one array of their exact length (the column is left empty). */
  done(): T {
    const out = new this.make(this.length);
    let at = 0;
    for (const block of this.blocks) {
      const part = block.subarray(0, Math.min(BLOCK, this.length - at));
      (out as Uint8Array).set(part as Uint8Array, at);
      at += part.length;
    }
    this.blocks.length = 0;
    this.block = new this.make(0);
    this.used = 0;
    this.length = 0;
    return out;
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

/** Bytes a block of a TextColumnBuilder (a longer string gets a block of its own size). */
const TEXT_BLOCK = 1 << 20;

/**
 * Appends strings to a TextColumn, in order, into blocks of a megabyte: growing one buffer by
 * doubling would copy it over and over and leave the allocator the freed halves.
 */
export class TextColumnBuilder {
  private readonly blocks: Buffer[] = [];
  private block = Buffer.alloc(0);
  private used = 0;
  /** Where each string is: its block, its place in the block, its length in bytes. */
  private readonly blockOf = new Column(Int32Array);
  private readonly at = new Column(Int32Array);
  private readonly size = new Column(Int32Array);
  private total = 0;

  get length(): number {
    return this.at.length;
  }

  push(text: string): void {
    const need = Buffer.byteLength(text, "utf8");
    if (this.used + need > this.block.length) {
      this.block = Buffer.allocUnsafeSlow(Math.max(TEXT_BLOCK, need));
      this.blocks.push(this.block);
      this.used = 0;
    }
    this.blockOf.push(this.blocks.length - 1);
    this.at.push(this.used);
    this.size.push(need);
    this.used += this.block.write(text, this.used, "utf8");
    this.total += need;
  }

  /**
   * The strings in one buffer of their exact size, in the order given (string k is the one pushed
   * order[k]-th; push order by default). The builder is left empty.
   */
  done(order?: Int32Array): TextColumn {
    const blockOf = this.blockOf.done();
    const at = this.at.done();
    const size = this.size.done();
    const count = order?.length ?? at.length;
    const bytes = Buffer.allocUnsafeSlow(this.total);
    const start = new Int32Array(count + 1);
    let to = 0;
    for (let k = 0; k < count; k++) {
      const i = order === undefined ? k : (order[k] as number);
      const from = at[i] as number;
      // An empty string may have been pushed before any block was made: it has nothing to copy.
      if (size[i] !== 0)
        to += (this.blocks[blockOf[i] as number] as Buffer).copy(bytes, to, from, from + (size[i] as number));
      start[k + 1] = to;
    }
    this.blocks.length = 0;
    this.block = Buffer.alloc(0);
    this.used = 0;
    this.total = 0;
    return new TextColumn(bytes, start);
  }
}

/** A term's UTF-8 bytes, as TextColumn.contains takes them. */
export const utf8 = (term: string): Uint8Array => Buffer.from(term, "utf8");
