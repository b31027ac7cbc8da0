import { andInto, type Bitset, bitsetOf } from "./bitset.ts";
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

const CODE = new Uint8Array(128).fill(OTHER);
for (let c = 0; c < ALPHABET.length; c++) CODE[ALPHABET.charCodeAt(c)] = c;
const code = (s: string, i: number) => {
  const ch = s.charCodeAt(i);
  return ch < 128 ? (CODE[ch] as number) : OTHER;
};

/**
 * Writes the distinct gram keys of a name into `out` and returns how many. `seen` marks the keys
 * already taken for this name with the name's stamp, so deduplication is one array read a gram.
 */
function gramKeys(name: string, out: Int32Array, seen: Uint32Array, stamp: number): number {
  let count = 0;
  for (let i = 0; i + 1 < name.length; i++) {
    const bigram = code(name, i) * BASE + code(name, i + 1);
    if (seen[bigram] !== stamp) {
      seen[bigram] = stamp;
      out[count++] = bigram;
    }
    if (i + 2 < name.length) {
      const trigram = BIGRAMS + bigram * BASE + code(name, i + 2);
      if (seen[trigram] !== stamp) {
        seen[trigram] = stamp;
        out[count++] = trigram;
      }
    }
  }
  return count;
}

/** A query term's gram keys: its bigram if it is two characters long, else its distinct trigrams. */
function termKeys(term: string): number[] {
  const keys: number[] = [];
  for (let i = 0; i + 1 < term.length; i++) {
    const bigram = code(term, i) * BASE + code(term, i + 1);
    const key =
      term.length === 2 ? bigram : i + 2 < term.length ? BIGRAMS + bigram * BASE + code(term, i + 2) : -1;
    if (key >= 0 && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** Names between two pauses of a build. */
const SLICE = 50_000;

const EMPTY = new Int32Array(0);
/** A gram on at least 1 name in DENSE also keeps a bitset: copying it beats setting that many bits. */
const DENSE = 32;

export class NameGrams {
  /** Bitsets of the common grams, by key. Shared: never to be written. */
  private readonly dense = new Map<number, Bitset>();

  private constructor(
    private readonly names: readonly string[],
    /** Rows of gram k: rows.subarray(start[k], start[k + 1]), ascending. */
    private readonly start: Int32Array,
    private readonly rows: Int32Array,
  ) {
    for (let k = 0; k < KEYS; k++) {
      const list = this.list(k);
      if (list.length > 0 && list.length >= names.length / DENSE)
        this.dense.set(k, bitsetOf(names.length, list));
    }
  }

  /**
   * Two passes (count, then fill) so the lists are allocated once, at their final size. `pause`
   * runs between slices of names so that a reload of 500,000 names does not hold the event loop.
   */
  static async build(names: readonly string[], pause: () => Promise<void>): Promise<NameGrams> {
    const start = new Int32Array(KEYS + 1);
    const longest = names.reduce((max, name) => Math.max(max, name.length), 0);
    const keys = new Int32Array(2 * longest + 2);
    const seen = new Uint32Array(KEYS);
    let stamp = 0;
    for (let row = 0; row < names.length; row++) {
      const count = gramKeys(names[row] as string, keys, seen, ++stamp);
      for (let j = 0; j < count; j++)
        start[(keys[j] as number) + 1] = (start[(keys[j] as number) + 1] as number) + 1;
      if (row % SLICE === SLICE - 1) await pause();
    }
    for (let k = 0; k < KEYS; k++) start[k + 1] = (start[k + 1] as number) + (start[k] as number);
    const rows = new Int32Array(start[KEYS] as number);
    const fill = start.slice(0, KEYS);
    for (let row = 0; row < names.length; row++) {
      const count = gramKeys(names[row] as string, keys, seen, ++stamp);
      for (let j = 0; j < count; j++) {
        const key = keys[j] as number;
        const at = fill[key] as number;
        rows[at] = row;
        fill[key] = at + 1;
      }
      if (row % SLICE === SLICE - 1) await pause();
    }
    return new NameGrams(names, start, rows);
  }

  private list(key: number): Int32Array {
    return this.rows.subarray(this.start[key], this.start[key + 1]);
  }

  /** Ascending rows whose name contains `term` (lowercase, at least two characters). */
  rowsContaining(term: string): Int32Array {
    if (term.length < 2) throw new Error("a name part needs at least two characters");
    const keys = termKeys(term);
    const lists = keys.map((k) => this.list(k)).sort((a, b) => a.length - b.length);
    let rows = lists[0] ?? EMPTY;
    for (let i = 1; i < lists.length && rows.length > 0; i++) rows = intersect(rows, lists[i] as Int32Array);
    if (this.isExact(term, keys)) return rows;
    const out = new Int32Array(rows.length);
    let n = 0;
    for (const row of rows) if ((this.names[row] as string).includes(term)) out[n++] = row;
    return out.subarray(0, n);
  }

  /**
   * The same as a bitset of the index's rows, to be read only (a common gram's is shared). When
   * every gram of the term is common, their bitsets are ANDed instead of intersecting long lists.
   */
  bitsContaining(term: string): Bitset {
    const keys = termKeys(term);
    const dense = keys.map((k) => this.dense.get(k));
    if (dense.some((bits) => bits === undefined))
      return bitsetOf(this.names.length, this.rowsContaining(term));
    const [first, ...rest] = dense as Bitset[];
    if (rest.length === 0 && this.isExact(term, keys)) return first as Bitset;
    const bits = (first as Bitset).slice();
    for (const other of rest) andInto(bits, other);
    if (this.isExact(term, keys)) return bits;
    for (let w = 0; w < bits.length; w++) {
      let v = bits[w] as number;
      while (v !== 0) {
        const low = v & -v;
        v ^= low;
        const row = (w << 5) + (31 - Math.clz32(low));
        if (!(this.names[row] as string).includes(term)) bits[w] = (bits[w] as number) & ~low;
      }
    }
    return bits;
  }

  /** A term of one gram made of alphabet characters only is answered by its gram's list as it is. */
  private isExact(term: string, keys: number[]): boolean {
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
