/**
 * Fixed-size bitsets over the rows of a search index: one bit a performer, 32 a word. A filter
 * becomes a bitset, filters combine with a word-wise AND, and a count is a popcount: at 500,000
 * performers a bitset is 15,625 words, so combining a handful costs microseconds.
 */
export type Bitset = Uint32Array;

export const newBitset = (size: number): Bitset => new Uint32Array((size + 31) >>> 5);

export function setBit(bits: Bitset, i: number): void {
  bits[i >>> 5] = (bits[i >>> 5] as number) | (1 << (i & 31));
}

export const hasBit = (bits: Bitset, i: number): boolean =>
  ((bits[i >>> 5] as number) & (1 << (i & 31))) !== 0;

/** A bitset with the given rows set. */
export function bitsetOf(size: number, rows: ArrayLike<number>): Bitset {
  const bits = newBitset(size);
  for (let k = 0; k < rows.length; k++) setBit(bits, rows[k] as number);
  return bits;
}

/** A bitset of the rows 0..size-1 for which `test` holds. */
export function bitsetWhere(size: number, test: (row: number) => boolean): Bitset {
  const bits = newBitset(size);
  for (let i = 0; i < size; i++) if (test(i)) setBit(bits, i);
  return bits;
}

/** `into` becomes `into AND other`. */
export function andInto(into: Bitset, other: Bitset): void {
  for (let w = 0; w < into.length; w++) into[w] = (into[w] as number) & (other[w] as number);
}

/** `into` becomes `into AND NOT other`. */
export function andNotInto(into: Bitset, other: Bitset): void {
  for (let w = 0; w < into.length; w++) into[w] = (into[w] as number) & ~(other[w] as number);
}

/** `into` becomes `into OR other`. */
export function orInto(into: Bitset, other: Bitset): void {
  for (let w = 0; w < into.length; w++) into[w] = (into[w] as number) | (other[w] as number);
}

/** How many bits are set. */
export function popcount(bits: Bitset): number {
  let count = 0;
  for (let w = 0; w < bits.length; w++) {
    let v = bits[w] as number;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
}

/** The set rows, ascending. */
export function setRows(bits: Bitset): Int32Array {
  const rows = new Int32Array(popcount(bits));
  let k = 0;
  for (let w = 0; w < bits.length; w++) {
    let v = bits[w] as number;
    while (v !== 0) {
      const low = v & -v;
      rows[k++] = (w << 5) + (31 - Math.clz32(low));
      v ^= low;
    }
  }
  return rows;
}
