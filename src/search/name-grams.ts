import { andInto, type Bitset, bitsetOf, hasBit, newBitset, setBit, setRows } from "./bitset.ts";
import { type TextColumn, utf8 } from "./columns.ts";
import { intersect } from "./sorted-lists.ts";

/**
 * Substring search over usernames: for every two- and three-character sequence (gram), the rows
 * whose name holds it. A two-character term is answered by its gram's list; a longer one by
 * intersecting its trigrams' lists and checking the few rows left (the trigrams of a term can occur
 * apart in a name). Grams are numbered over a 40-character alphabet (what usernames hold, plus one
 * code for anything else), so the lists live in flat typed arrays, not in a map of strings.
 */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789_.-";
const OTHER = ALPHABET.length; // any character outside the alphabet
const BASE = OTHER + 1;
const BIGRAMS = BASE * BASE;
const KEYS = BIGRAMS + BASE * BASE * BASE;

const CODE = new Uint8Array(256).fill(OTHER);
for (let c = 0; c < ALPHABET.length; c++) CODE[ALPHABET.charCodeAt(c)] = c;

/**
 * Names are UTF-8 bytes (TextColumn): every byte of a character outside ASCII is OTHER, in the
 * names and in the terms alike, so a term's grams are still among those of every name holding it.
 */

/**
 * Writes the distinct gram keys of bytes[from .. to) into `out` and returns how many. `seen` marks
 * the keys already taken for this name with the name's stamp, so deduplication is one array read a gram.
 */
function gramKeys(
  bytes: Uint8Array,
  from: number,
  to: number,
  out: Int32Array,
  seen: Uint32Array,
  stamp: number,
): number {
  let count = 0;
  for (let i = from; i + 1 < to; i++) {
    const bigram = (CODE[bytes[i] as number] as number) * BASE + (CODE[bytes[i + 1] as number] as number);
    if (seen[bigram] !== stamp) {
      seen[bigram] = stamp;
      out[count++] = bigram;
    }
    if (i + 2 < to) {
      const trigram = BIGRAMS + bigram * BASE + (CODE[bytes[i + 2] as number] as number);
      if (seen[trigram] !== stamp) {
        seen[trigram] = stamp;
        out[count++] = trigram;
      }
    }
  }
  return count;
}

/** A query term's gram keys: its bigram if it is two bytes long, else its distinct trigrams. */
function termKeys(term: Uint8Array): number[] {
  const keys: number[] = [];
  const code = (i: number) => CODE[term[i] as number] as number;
  for (let i = 0; i + 1 < term.length; i++) {
    const bigram = code(i) * BASE + code(i + 1);
    const key = term.length === 2 ? bigram : i + 2 < term.length ? BIGRAMS + bigram * BASE + code(i + 2) : -1;
    if (key >= 0 && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** Names between two pauses of a build. */
const SLICE = 50_000;

const EMPTY = new Int32Array(0);
/**
 * A gram on at least 1 name in DENSE keeps a bitset instead of its list: the list would be as
 * large or larger (4 bytes a name against one bit a row), and copying a bitset beats setting that
 * many bits.
 */
const DENSE = 32;

export class NameGrams {
  private constructor(
    private readonly names: TextColumn,
    /** Rows of a rare gram k: rows.subarray(start[k], start[k + 1]), ascending (empty for a common one). */
    private readonly start: Int32Array,
    private readonly rows: Int32Array,
    /** Bitsets of the common grams, by key. Shared: never to be written. */
    private readonly dense: Map<number, Bitset>,
  ) {}

  /**
   * Two passes (count, then fill) so the lists are allocated once, at their final size, and the
   * common grams' bits are set without a list. `pause` runs between slices of names so that a
   * reload of 500,000 names does not hold the event loop.
   */
  static async build(names: TextColumn, pause: () => Promise<void>): Promise<NameGrams> {
    const size = names.length;
    const { bytes, start: at } = names;
    const counts = new Int32Array(KEYS);
    let longest = 0;
    for (let row = 0; row < size; row++)
      longest = Math.max(longest, (at[row + 1] as number) - (at[row] as number));
    const keys = new Int32Array(2 * longest + 2);
    const seen = new Uint32Array(KEYS);
    let stamp = 0;
    for (let row = 0; row < size; row++) {
      const count = gramKeys(bytes, at[row] as number, at[row + 1] as number, keys, seen, ++stamp);
      for (let j = 0; j < count; j++) counts[keys[j] as number] = (counts[keys[j] as number] as number) + 1;
      if (row % SLICE === SLICE - 1) await pause();
    }
    const dense = new Map<number, Bitset>();
    const start = new Int32Array(KEYS + 1);
    for (let k = 0; k < KEYS; k++) {
      const count = counts[k] as number;
      const common = count > 0 && count >= size / DENSE;
      if (common) dense.set(k, newBitset(size));
      start[k + 1] = (start[k] as number) + (common ? 0 : count);
    }
    const rows = new Int32Array(start[KEYS] as number);
    const fill = start.slice(0, KEYS);
    for (let row = 0; row < size; row++) {
      const count = gramKeys(bytes, at[row] as number, at[row + 1] as number, keys, seen, ++stamp);
      for (let j = 0; j < count; j++) {
        const key = keys[j] as number;
        const bits = dense.get(key);
        if (bits !== undefined) setBit(bits, row);
        else {
          const to = fill[key] as number;
          rows[to] = row;
          fill[key] = to + 1;
        }
      }
      if (row % SLICE === SLICE - 1) await pause();
    }
    return new NameGrams(names, start, rows, dense);
  }

  private list(key: number): Int32Array {
    return this.rows.subarray(this.start[key], this.start[key + 1]);
  }

  /** Ascending rows whose name contains `term` (lowercase, at least two characters). */
  rowsContaining(term: string): Int32Array {
    if (term.length < 2) throw new Error("a name part needs at least two characters");
    const bytes = utf8(term);
    const keys = termKeys(bytes);
    if (keys.every((k) => this.dense.has(k))) return setRows(this.bitsContaining(term));
    const lists = keys
      .filter((k) => !this.dense.has(k))
      .map((k) => this.list(k))
      .sort((a, b) => a.length - b.length);
    let rows = lists[0] ?? EMPTY;
    for (let i = 1; i < lists.length && rows.length > 0; i++) rows = intersect(rows, lists[i] as Int32Array);
    const common = keys.map((k) => this.dense.get(k)).filter((bits) => bits !== undefined);
    const exact = this.isExact(bytes, keys);
    if (exact && common.length === 0) return rows;
    const out = new Int32Array(rows.length);
    let n = 0;
    for (const row of rows) {
      if (common.some((bits) => !hasBit(bits, row))) continue;
      if (exact || this.names.contains(row, bytes)) out[n++] = row;
    }
    return out.subarray(0, n);
  }

  /**
   * The same as a bitset of the index's rows, to be read only (a common gram's is shared). When
   * every gram of the term is common, their bitsets are ANDed instead of intersecting long lists.
   */
  bitsContaining(term: string): Bitset {
    const bytes = utf8(term);
    const keys = termKeys(bytes);
    const dense = keys.map((k) => this.dense.get(k));
    if (dense.some((bits) => bits === undefined))
      return bitsetOf(this.names.length, this.rowsContaining(term));
    const [first, ...rest] = dense as Bitset[];
    if (rest.length === 0 && this.isExact(bytes, keys)) return first as Bitset;
    const bits = (first as Bitset).slice();
    for (const other of rest) andInto(bits, other);
    if (this.isExact(bytes, keys)) return bits;
    for (let w = 0; w < bits.length; w++) {
      let v = bits[w] as number;
      while (v !== 0) {
        const low = v & -v;
        v ^= low;
        const row = (w << 5) + (31 - Math.clz32(low));
        if (!this.names.contains(row, bytes)) bits[w] = (bits[w] as number) & ~low;
      }
    }
    return bits;
  }

  /** A term of one gram made of alphabet characters only is answered by its gram's list as it is. */
  private isExact(term: Uint8Array, keys: number[]): boolean {
    return term.length <= 3 && keys.every((k) => !this.hasOther(k));
  }

  private hasOther(key: number): boolean {
    let k = key >= BIGRAMS ? key - BIGRAMS : key;
    while (k > 0) {
      if (k % BASE === OTHER) return true;
      k = Math.floor(k / BASE);
    }
    return false;
  }
}
