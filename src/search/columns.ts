/**
 * Growable typed columns: what an index build appends to, row by row, as the rows arrive in chunks.
 * A JS array of numbers costs 8 bytes an element on the heap, and a heap grown that far for a build
 * is kept by V8 after it; a typed array lives outside the heap and is freed whole.
 *
 * A build reads its columns where they are (get, done with an order) rather than copying each into
 * one array first, and its blocks are never in the allocator's heap: an array freed there after a
 * build leaves a hole that the process keeps (decision 0036).
 */

type Typed = Int32Array | Uint16Array | Uint8Array | Float64Array;

/**
 * Bytes a block past the first: a column grows a block at a time, never by copying what it holds
 * into a larger array. 32 MiB of address space, of which only the pages written become memory:
 * glibc maps an allocation that large on its own and unmaps it when freed, and raises its threshold
 * for doing so only for frees up to that size. A smaller block would be carved from the
 * allocator's heap once the threshold had been raised, and leave a hole there when the build
 * frees it.
 */
const BLOCK_BYTES = 32 * 1024 * 1024;
/**
 * Values of a column's first block: a small build (a test's, the performers added since a reload)
 * fits in it and never maps a big block, whose external size makes V8 collect more often.
 */
const FIRST = 1 << 12;

type TypedClass<T> = { new (length: number): T; readonly BYTES_PER_ELEMENT: number };

export class Column<T extends Typed> {
  private readonly blocks: T[] = [];
  private block: T;
  private used = 0;
  /** Values a block past the first is 1 << blockBits. */
  private readonly blockBits: number;
  private readonly inBlock: number;
  length = 0;

  constructor(private readonly make: TypedClass<T>) {
    this.block = new make(0);
    this.blockBits = Math.log2(BLOCK_BYTES / make.BYTES_PER_ELEMENT);
    this.inBlock = (1 << this.blockBits) - 1;
  }

  push(value: number): void {
    if (this.used === this.block.length) {
      this.block = new this.make(this.blocks.length === 0 ? FIRST : 1 << this.blockBits);
      this.blocks.push(this.block);
      this.used = 0;
    }
    this.block[this.used++] = value;
    this.length++;
  }

  /** Value k (the k-th pushed). */
  get(k: number): number {
    if (k < FIRST) return (this.blocks[0] as T)[k] as number;
    const past = k - FIRST;
    return (this.blocks[1 + (past >>> this.blockBits)] as T)[past & this.inBlock] as number;
  }

  /**
   * The values in one array of their exact length: value order[i] at i, or all of them as pushed.
   * The column is left empty.
   */
  done(order?: Int32Array): T {
    const out = new this.make(order?.length ?? this.length);
    if (order !== undefined) for (let i = 0; i < order.length; i++) out[i] = this.get(order[i] as number);
    else {
      let at = 0;
      for (const block of this.blocks) {
        const part = block.subarray(0, Math.min(block.length, this.length - at));
        (out as Uint8Array).set(part as Uint8Array, at);
        at += part.length;
      }
    }
    this.clear();
    return out;
  }

  /** Empties the column (its blocks are freed). */
  clear(): void {
    this.blocks.length = 0;
    this.block = new this.make(0);
    this.used = 0;
    this.length = 0;
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

  /** The strings (string k is strings[order[k]]; all in their order by default), sized before they are written. */
  static of(strings: readonly string[], order?: Int32Array): TextColumn {
    const count = order?.length ?? strings.length;
    const at = (k: number) => strings[order === undefined ? k : (order[k] as number)] as string;
    const start = new Int32Array(count + 1);
    for (let k = 0; k < count; k++) start[k + 1] = (start[k] as number) + Buffer.byteLength(at(k), "utf8");
    const bytes = Buffer.allocUnsafeSlow(start[count] as number);
    for (let k = 0; k < count; k++) bytes.write(at(k), start[k] as number, "utf8");
    return new TextColumn(bytes, start);
  }

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

/**
 * Appends strings to a TextColumn, in order, into blocks (as a Column's: a small one, then
 * BLOCK_BYTES; a longer string gets a block of its own size): growing one buffer by doubling would copy it over and over and leave the
 * allocator the freed halves. Where the strings
 * are is one number a string: the end of each as if the blocks' used bytes were one run.
 */
export class TextColumnBuilder {
  private readonly blocks: Buffer[] = [];
  /** Where each block's bytes begin in that run. */
  private readonly blockFrom: number[] = [];
  private block = Buffer.alloc(0);
  private used = 0;
  private readonly ends = new Column(Int32Array);
  private total = 0;

  get length(): number {
    return this.ends.length;
  }

  push(text: string): void {
    const need = Buffer.byteLength(text, "utf8");
    if (this.used + need > this.block.length) {
      this.block = Buffer.allocUnsafeSlow(
        Math.max(this.blocks.length === 0 ? FIRST * 16 : BLOCK_BYTES, need),
      );
      this.blocks.push(this.block);
      this.blockFrom.push(this.total);
      this.used = 0;
    }
    this.used += this.block.write(text, this.used, "utf8");
    this.total += need;
    this.ends.push(this.total);
  }

  /**
   * The strings in one buffer of their exact size, in the order given (string k is the one pushed
   * order[k]-th; push order by default). The builder is left empty.
   */
  done(order?: Int32Array): TextColumn {
    const count = order?.length ?? this.ends.length;
    const bytes = Buffer.allocUnsafeSlow(this.total);
    const start = new Int32Array(count + 1);
    let to = 0;
    let b = 0;
    for (let k = 0; k < count; k++) {
      const i = order === undefined ? k : (order[k] as number);
      const from = i === 0 ? 0 : this.ends.get(i - 1);
      const size = this.ends.get(i) - from;
      // An empty string may have been pushed before any block was made: it has nothing to copy.
      if (size !== 0) {
        b = order === undefined ? this.blockAt(from, b) : this.blockAt(from, 0);
        const at = from - (this.blockFrom[b] as number);
        to += (this.blocks[b] as Buffer).copy(bytes, to, at, at + size);
      }
      start[k + 1] = to;
    }
    this.blocks.length = 0;
    this.blockFrom.length = 0;
    this.block = Buffer.alloc(0);
    this.used = 0;
    this.total = 0;
    this.ends.clear();
    return new TextColumn(bytes, start);
  }

  /** The block holding the run's byte `offset` (looked for from block `from` on). */
  private blockAt(offset: number, from: number): number {
    let lo = from;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.blockFrom[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** A term's UTF-8 bytes, as TextColumn.contains takes them. */
export const utf8 = (term: string): Uint8Array => Buffer.from(term, "utf8");
