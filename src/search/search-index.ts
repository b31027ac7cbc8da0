import { type Bitset, bitsetOf, newBitset, setBit } from "./bitset.ts";
import { NameGrams } from "./name-grams.ts";
import { PrefixBits } from "./prefix-bits.ts";
import type { SearchRow } from "./search-rows.ts";
import { orderByKeyDesc, positionsOf } from "./sorted-lists.ts";

/** Gender as the search speaks it (SPEC §7: trans is s), by its number in the index. */
export const GENDER_CODES = ["f", "m", "c", "s"] as const;
export type GenderCode = (typeof GENDER_CODES)[number];
const GENDER_NUMBER: Record<string, number> = { f: 0, m: 1, c: 2, t: 3 };
export const NO_GENDER = 255;

/** No value: an age of 0 or a count of -1 (ages and counts are never so). */
export const NO_AGE = 0;
export const NO_COUNT = -1;

/** Rows between two pauses of a build. */
const SLICE = 50_000;
/** A tag on at least 1 row in DENSE keeps a bitset (a list that long costs more to turn into one than a copy). */
const DENSE = 32;

/**
 * A fresh one-byte copy of a printable ASCII string (every username is one). The strings the database driver
 * hands over are slower to search: the 33,000 substring tests of a common name part took 1.5 ms
 * on them and 0.5 ms on copies (measured at 500,000 performers).
 */
const ownCopy = (s: string) => (/^[ -~]*$/.test(s) ? Buffer.from(s, "latin1").toString("latin1") : s);

const byName = (a: SearchRow, b: SearchRow) =>
  a.username < b.username ? -1 : a.username > b.username ? 1 : 0;

/**
 * The part of the search index that changes only when the performers are reloaded (every few
 * minutes): one row per performer, rows numbered in username order (so name order needs no sort
 * at query time), each field a typed column, and the structures that make filters cheap: a
 * posting list per tag, a bitset per gender, gram lists over names, and the follower order.
 * Immutable once built: a reload builds a new one and swaps it in whole.
 */
export class SearchIndex {
  readonly size: number;
  readonly performerIds: Float64Array;
  readonly names: string[];
  readonly displayNames: (string | null)[];
  readonly countries: (string | null)[];
  readonly gender: Uint8Array;
  readonly age: Uint8Array;
  readonly followers: Int32Array;
  readonly peaks: Int32Array;
  readonly lastSeen: Float64Array;
  /** Tags of row r: tagIds[tagStart[r] .. tagStart[r + 1]), numbers into tagNames. */
  readonly tagStart: Int32Array;
  tagIds: Int32Array;
  readonly tagNames: string[] = [];
  readonly tagNumber = new Map<string, number>();
  /** Ascending rows of each tag. */
  readonly tagRows: Int32Array[];
  /** The same as a bitset, for the tags common enough that setting their bits would cost more than copying. */
  readonly tagBits: (Bitset | null)[] = [];
  readonly genderBits: Bitset[];
  readonly rowOf = new Map<number, number>();
  grams!: NameGrams;
  /** Rows by followers, most first (unknown last); equal counts in name order. */
  followerOrder!: Int32Array;
  followerPosition!: Int32Array;
  followerPrefixes!: PrefixBits;
  /** Rows by age, oldest first (no age last): an age range is one slice of it. */
  ageOrder!: Int32Array;
  agePrefixes!: PrefixBits;

  /**
   * Builds the index from the loaded rows. The loader reads them in username order; they are
   * sorted here only if the database's collation disagrees with code-point order. `pause` runs
   * between slices of work, so a reload of 500,000 rows never holds the event loop for long.
   */
  static async build(loaded: SearchRow[], pause: () => Promise<void>): Promise<SearchIndex> {
    const inOrder = loaded.every((row, i) => i === 0 || byName(loaded[i - 1] as SearchRow, row) < 0);
    const index = new SearchIndex(inOrder ? loaded : [...loaded].sort(byName));
    for (let from = 0; from < index.size; from += SLICE) {
      index.fill(from, Math.min(index.size, from + SLICE));
      await pause();
    }
    for (const list of index.tagLists) {
      index.tagRows.push(Int32Array.from(list));
      index.tagBits.push(list.length >= index.size / DENSE ? bitsetOf(index.size, list) : null);
    }
    index.tagLists.length = 0;
    index.grams = await NameGrams.build(index.names, pause);
    index.followerOrder = orderByKeyDesc(index.followers);
    await pause();
    index.followerPosition = positionsOf(index.followerOrder);
    index.followerPrefixes = new PrefixBits(index.followerOrder);
    index.ageOrder = orderByKeyDesc(Int32Array.from(index.age));
    index.agePrefixes = new PrefixBits(index.ageOrder);
    return index;
  }

  private readonly tagLists: number[][] = [];
  private readonly tagIdList: number[] = [];
  private readonly countryNames = new Map<string, string>();

  private constructor(private rows: SearchRow[]) {
    const n = rows.length;
    this.size = n;
    this.performerIds = new Float64Array(n);
    this.names = new Array<string>(n);
    this.displayNames = new Array<string | null>(n);
    this.countries = new Array<string | null>(n);
    this.gender = new Uint8Array(n);
    this.age = new Uint8Array(n);
    this.followers = new Int32Array(n);
    this.peaks = new Int32Array(n);
    this.lastSeen = new Float64Array(n);
    this.tagStart = new Int32Array(n + 1);
    this.tagIds = new Int32Array(0);
    this.tagRows = [];
    this.genderBits = GENDER_CODES.map(() => newBitset(n));
  }

  private fill(from: number, to: number): void {
    for (let r = from; r < to; r++) {
      const row = this.rows[r] as SearchRow;
      this.performerIds[r] = row.performerId;
      this.rowOf.set(row.performerId, r);
      this.names[r] = ownCopy(row.username);
      this.displayNames[r] = row.displayName;
      // Interned: 500,000 rows share a few hundred country codes.
      let country = row.country;
      if (country !== null) {
        const known = this.countryNames.get(country);
        if (known === undefined) this.countryNames.set(country, country);
        else country = known;
      }
      this.countries[r] = country;
      const g = row.gender === null ? NO_GENDER : (GENDER_NUMBER[row.gender] ?? NO_GENDER);
      this.gender[r] = g;
      if (g !== NO_GENDER) setBit(this.genderBits[g] as Bitset, r);
      this.age[r] = row.age !== null && row.age >= 18 && row.age <= 120 ? row.age : NO_AGE;
      this.followers[r] = row.followers ?? NO_COUNT;
      this.peaks[r] = row.peakViewers ?? NO_COUNT;
      this.lastSeen[r] = row.lastSeen;
      for (const tag of new Set(row.tags.split(" "))) {
        if (tag === "") continue;
        let t = this.tagNumber.get(tag);
        if (t === undefined) {
          t = this.tagNames.length;
          this.tagNames.push(tag);
          this.tagNumber.set(tag, t);
          this.tagLists.push([]);
        }
        this.tagIdList.push(t);
        (this.tagLists[t] as number[]).push(r);
      }
      this.tagStart[r + 1] = this.tagIdList.length;
    }
    if (to === this.size) {
      (this as { tagIds: Int32Array }).tagIds = Int32Array.from(this.tagIdList);
      this.tagIdList.length = 0;
      this.rows = [];
    }
  }

  tagsOf(row: number): string[] {
    const tags: string[] = [];
    for (let k = this.tagStart[row] as number; k < (this.tagStart[row + 1] as number); k++) {
      tags.push(this.tagNames[this.tagIds[k] as number] as string);
    }
    return tags;
  }

  genderCodeOf(row: number): GenderCode | null {
    return GENDER_CODES[this.gender[row] as number] ?? null;
  }
}
