import { type Bitset, hasBit, newBitset, setBit } from "./bitset.ts";
import { Column, TextColumn, TextColumnBuilder } from "./columns.ts";
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

/**
 * A tag on at least 1 row in DENSE keeps a bitset instead of its list of rows: the list would be as
 * large or larger (4 bytes a row against one bit a row), and copying it beats setting its bits.
 */
const DENSE = 32;

const byName = (names: readonly string[]) => (a: number, b: number) => {
  const x = names[a] as string;
  const y = names[b] as string;
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The part of the search index that changes only when the performers are reloaded (every few
 * minutes): one row per performer, rows numbered in username order (so name order needs no sort
 * at query time), each field a typed column, strings as UTF-8 bytes (TextColumn), tags and
 * countries as numbers into tables of their own, and the structures that make filters cheap: a
 * posting list or bitset per tag, a bitset per gender, gram lists over names, and the follower
 * order. No object or string per performer: the index lives in typed arrays outside V8's heap.
 * Immutable once built: a reload builds a new one and swaps it in whole.
 */
export class SearchIndex {
  readonly size: number;
  /** The highest performer id of the index (0 when empty). */
  readonly lastId: number;
  readonly performerIds: Float64Array;
  /** Rows by performer id, ascending: what rowOfId searches. */
  private readonly idOrder: Int32Array;
  readonly names: TextColumn;
  readonly displayNames: TextColumn;
  /** Rows whose display name is null (an empty one is not). */
  private readonly noDisplayName: Bitset;
  /** Each row's country, a number into countryNames (0: none). */
  private readonly country: Uint16Array;
  private readonly countryNames: (string | null)[];
  readonly gender: Uint8Array;
  readonly age: Uint8Array;
  readonly followers: Int32Array;
  readonly peaks: Int32Array;
  readonly lastSeen: Float64Array;
  /** Tags of row r: tagIds[tagStart[r] .. tagStart[r + 1]), numbers into tagNames. */
  readonly tagStart: Int32Array;
  readonly tagIds: Uint16Array | Int32Array;
  readonly tagNames: string[];
  readonly tagNumber: Map<string, number>;
  /** How many rows each tag is on. */
  readonly tagCount: Int32Array;
  /** Ascending rows of a rare tag t: tagRowList.subarray(tagRowStart[t], tagRowStart[t + 1]) (empty for a common one). */
  private readonly tagRowStart: Int32Array;
  private readonly tagRowList: Int32Array;
  /** The common tags' rows as bitsets (null for a rare one). Shared: never to be written. */
  readonly tagBits: (Bitset | null)[];
  readonly genderBits: Bitset[];
  readonly grams: NameGrams;
  /** Rows by followers, most first (unknown last); equal counts in name order. */
  readonly followerOrder: Int32Array;
  readonly followerPosition: Int32Array;
  readonly followerPrefixes: PrefixBits;
  /** Rows by age, oldest first (no age last): an age range is one slice of it. */
  readonly ageOrder: Int32Array;
  readonly agePrefixes: PrefixBits;

  /** Builds the index from rows already loaded (a test's, or the few performers added since a reload). */
  static async build(loaded: SearchRow[], pause: () => Promise<void>): Promise<SearchIndex> {
    const builder = new SearchIndexBuilder();
    builder.add(loaded);
    return builder.build(pause);
  }

  /** @internal made by SearchIndexBuilder */
  constructor(parts: IndexParts) {
    this.size = parts.performerIds.length;
    this.performerIds = parts.performerIds;
    this.idOrder = parts.idOrder;
    this.lastId = this.size === 0 ? 0 : (this.performerIds[this.idOrder[this.size - 1] as number] as number);
    this.names = parts.names;
    this.displayNames = parts.displayNames;
    this.noDisplayName = parts.noDisplayName;
    this.country = parts.country;
    this.countryNames = parts.countryNames;
    this.gender = parts.gender;
    this.age = parts.age;
    this.followers = parts.followers;
    this.peaks = parts.peaks;
    this.lastSeen = parts.lastSeen;
    this.tagStart = parts.tagStart;
    this.tagIds = parts.tagIds;
    this.tagNames = parts.tagNames;
    this.tagNumber = parts.tagNumber;
    this.tagCount = parts.tagCount;
    this.tagRowStart = parts.tagRowStart;
    this.tagRowList = parts.tagRowList;
    this.tagBits = parts.tagBits;
    this.genderBits = parts.genderBits;
    this.grams = parts.grams;
    this.followerOrder = parts.followerOrder;
    this.followerPosition = positionsOf(this.followerOrder);
    this.followerPrefixes = new PrefixBits(this.followerOrder);
    this.ageOrder = orderByKeyDesc(Int32Array.from(this.age));
    this.agePrefixes = new PrefixBits(this.ageOrder);
  }

  /** The row of a performer, or -1 when the index does not hold them. */
  rowOfId(performerId: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.performerIds[this.idOrder[mid] as number] as number) < performerId) lo = mid + 1;
      else hi = mid;
    }
    const row = this.idOrder[lo];
    return row !== undefined && this.performerIds[row] === performerId ? row : -1;
  }

  nameOf(row: number): string {
    return this.names.get(row);
  }

  displayNameOf(row: number): string | null {
    return hasBit(this.noDisplayName, row) ? null : this.displayNames.get(row);
  }

  countryOf(row: number): string | null {
    return this.countryNames[this.country[row] as number] ?? null;
  }

  /** The ascending rows of a rare tag; null for a common one, whose rows are tagBits[t]. */
  tagRows(t: number): Int32Array | null {
    return this.tagBits[t] ? null : this.tagRowList.subarray(this.tagRowStart[t], this.tagRowStart[t + 1]);
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

type IndexParts = Pick<
  SearchIndex,
  | "performerIds"
  | "names"
  | "displayNames"
  | "gender"
  | "age"
  | "followers"
  | "peaks"
  | "lastSeen"
  | "tagStart"
  | "tagIds"
  | "tagNames"
  | "tagNumber"
  | "tagCount"
  | "tagBits"
  | "genderBits"
  | "grams"
  | "followerOrder"
> & {
  idOrder: Int32Array;
  noDisplayName: Bitset;
  country: Uint16Array;
  countryNames: (string | null)[];
  tagRowStart: Int32Array;
  tagRowList: Int32Array;
};

/**
 * Takes the rows chunk by chunk as they are read (in any order) into typed columns, so a reload
 * never holds 500,000 row objects at once; then puts them in username order and builds the index.
 * Only each username stays a JS string until the build (to sort by).
 */
export class SearchIndexBuilder {
  private readonly names: string[] = [];
  private readonly ids = new Column(Float64Array);
  private readonly displayNames = new TextColumnBuilder();
  private readonly noDisplayName = new Column(Uint8Array);
  private readonly country = new Column(Uint16Array);
  private readonly countryNumber = new Map<string, number>();
  private readonly countryNames: (string | null)[] = [null];
  private readonly gender = new Column(Uint8Array);
  private readonly age = new Column(Uint8Array);
  private readonly followers = new Column(Int32Array);
  private readonly peaks = new Column(Int32Array);
  private readonly lastSeen = new Column(Float64Array);
  private readonly tagEnd = new Column(Int32Array);
  private readonly tagIds = new Column(Int32Array);
  private readonly tagNames: string[] = [];
  private readonly tagNumber = new Map<string, number>();
  private readonly rowTags = new Set<number>();

  get size(): number {
    return this.names.length;
  }

  add(rows: readonly SearchRow[]): void {
    for (const row of rows) {
      this.names.push(row.username);
      this.ids.push(row.performerId);
      this.displayNames.push(row.displayName ?? "");
      this.noDisplayName.push(row.displayName === null ? 1 : 0);
      let c = 0;
      if (row.country !== null) {
        c = this.countryNumber.get(row.country) ?? this.countryNames.length;
        if (c === this.countryNames.length) {
          this.countryNumber.set(row.country, c);
          this.countryNames.push(row.country);
        }
      }
      this.country.push(c);
      this.gender.push(row.gender === null ? NO_GENDER : (GENDER_NUMBER[row.gender] ?? NO_GENDER));
      this.age.push(row.age !== null && row.age >= 18 && row.age <= 120 ? row.age : NO_AGE);
      this.followers.push(row.followers ?? NO_COUNT);
      this.peaks.push(row.peakViewers ?? NO_COUNT);
      this.lastSeen.push(row.lastSeen);
      this.rowTags.clear();
      for (const tag of row.tags.split(" ")) {
        if (tag === "") continue;
        let t = this.tagNumber.get(tag);
        if (t === undefined) {
          t = this.tagNames.length;
          this.tagNames.push(tag);
          this.tagNumber.set(tag, t);
        }
        if (this.rowTags.has(t)) continue;
        this.rowTags.add(t);
        this.tagIds.push(t);
      }
      this.tagEnd.push(this.tagIds.length);
    }
  }

  /**
   * The index of every row added. `pause` runs between slices of work, so a reload of 500,000
   * rows never holds the event loop for long.
   */
  async build(pause: () => Promise<void>): Promise<SearchIndex> {
    const n = this.size;
    // Rows in username order; row k is the k-th row added (its load place) order[k].
    const order = Int32Array.from({ length: n }, (_, k) => k);
    const compare = byName(this.names);
    let sorted = true;
    for (let k = 1; k < n && sorted; k++) sorted = compare(k - 1, k) < 0;
    if (!sorted) order.sort(compare);
    await pause();
    // Names sized first and written once: no builder's blocks to free.
    const nameColumn = TextColumn.of(this.names, order);
    this.names.length = 0;
    const performerIds = this.ids.done(order);
    const place = positionsOf(order);
    // Loads arrive in performer_id order: then the rows by id are the load order itself.
    let idsAscending = true;
    for (let k = 1; k < n && idsAscending; k++)
      idsAscending =
        (performerIds[place[k - 1] as number] as number) < (performerIds[place[k] as number] as number);
    const idOrder = idsAscending
      ? place
      : Int32Array.from(place).sort((a, b) => (performerIds[a] as number) - (performerIds[b] as number));
    const permuted = <T extends Uint8Array | Uint16Array | Int32Array | Float64Array>(column: Column<T>) =>
      column.done(order);
    const noDisplayName = newBitset(n);
    for (let r = 0; r < n; r++)
      if (this.noDisplayName.get(order[r] as number) === 1) setBit(noDisplayName, r);
    this.noDisplayName.clear();
    const displayNames = this.displayNames.done(order);
    const gender = permuted(this.gender);
    const genderBits = GENDER_CODES.map(() => newBitset(n));
    for (let r = 0; r < n; r++) {
      const g = gender[r] as number;
      if (g !== NO_GENDER) setBit(genderBits[g] as Bitset, r);
    }
    const followers = permuted(this.followers);
    await pause();
    const tags = this.tagsInRowOrder(order);
    await pause();
    const grams = await NameGrams.build(nameColumn, pause);
    const followerOrder = orderByKeyDesc(followers);
    await pause();
    return new SearchIndex({
      performerIds,
      idOrder,
      names: nameColumn,
      displayNames,
      noDisplayName,
      country: permuted(this.country),
      countryNames: this.countryNames,
      gender,
      age: permuted(this.age),
      followers,
      peaks: permuted(this.peaks),
      lastSeen: permuted(this.lastSeen),
      ...tags,
      tagNames: this.tagNames,
      tagNumber: this.tagNumber,
      genderBits,
      grams,
      followerOrder,
    });
  }

  /** Each row's tags in row order, and each tag's rows: a list for a rare tag, a bitset for a common one. */
  private tagsInRowOrder(order: Int32Array) {
    const n = order.length;
    const ends = this.tagEnd;
    const loaded = this.tagIds;
    const tagCount = new Int32Array(this.tagNames.length);
    for (let j = 0; j < loaded.length; j++) {
      const t = loaded.get(j);
      tagCount[t] = (tagCount[t] as number) + 1;
    }
    const tagIds =
      this.tagNames.length <= 0x10000 ? new Uint16Array(loaded.length) : new Int32Array(loaded.length);
    const tagStart = new Int32Array(n + 1);
    const tagBits = Array.from(tagCount, (count) => (count > 0 && count >= n / DENSE ? newBitset(n) : null));
    const tagRowStart = new Int32Array(tagCount.length + 1);
    for (let t = 0; t < tagCount.length; t++)
      tagRowStart[t + 1] = (tagRowStart[t] as number) + (tagBits[t] ? 0 : (tagCount[t] as number));
    const tagRowList = new Int32Array(tagRowStart[tagCount.length] as number);
    const fill = tagRowStart.slice(0, tagCount.length);
    let at = 0;
    for (let r = 0; r < n; r++) {
      const k = order[r] as number;
      for (let j = k === 0 ? 0 : ends.get(k - 1); j < ends.get(k); j++) {
        const t = loaded.get(j);
        tagIds[at++] = t;
        const bits = tagBits[t];
        if (bits) setBit(bits, r);
        else {
          tagRowList[fill[t] as number] = r;
          fill[t] = (fill[t] as number) + 1;
        }
      }
      tagStart[r + 1] = at;
    }
    ends.clear();
    loaded.clear();
    return { tagStart, tagIds, tagCount, tagBits, tagRowStart, tagRowList };
  }
}
