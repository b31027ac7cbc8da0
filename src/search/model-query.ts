import {
  andInto,
  andNotInto,
  type Bitset,
  bitsetOf,
  bitsetWhere,
  hasBit,
  newBitset,
  orInto,
  popcount,
  setBit,
  setRows,
} from "./bitset.ts";
import { utf8 } from "./columns.ts";
import type { LiveState } from "./live-state.ts";
import type { PrefixBits } from "./prefix-bits.ts";
import { GENDER_CODES, type GenderCode, NO_AGE, NO_COUNT, type SearchIndex } from "./search-index.ts";

/** SPEC §9: search pages of 50. */
export const PAGE_SIZE = 50;

export type OrderBy = "name" | "viewers" | "followers";
export type SortOrder = "asc" | "desc";

export interface Range {
  min: number;
  max: number;
}

/** A validated model search (the route's schema makes one; every field is already in range). */
export interface ModelQuery {
  offset: number;
  orderBy: OrderBy;
  sortOrder: SortOrder;
  /** Lowercase name parts; every one must be part of the username. */
  terms: string[];
  liveOnly: boolean;
  gender: GenderCode | null;
  /** Lowercase tags; any of them matches, or all with requireAllTags. */
  tags: string[];
  requireAllTags: boolean;
  age: Range | null;
  followers: Range | null;
  viewers: Range | null;
  /**
   * Performers to leave out (performer ids): those who opted out since the index was built, until
   * the next reload drops them (decision 0021). The same Set from query to query keeps its bitset.
   */
  hiddenIds?: ReadonlySet<number>;
}

/** The rows of one page, in order, and how many rows match in all. */
export interface ModelPage {
  resultCount: number;
  rows: number[];
}

/** What a match costs to take out and sort, in steps of a walk along an order (measured roughly). */
const DIRECT_COST = 4;

/** A search over one LiveState: the rows from query.offset, at most `limit` of them (a page by default). */
export type ModelSearch = (live: LiveState, query: ModelQuery, now: number, limit?: number) => ModelPage;

/**
 * The indexed search: each filter becomes a bitset (tags and name parts from their posting lists,
 * gender precomputed, ranges by one pass over a typed column), the bitsets are ANDed and counted,
 * and the page is read off the presorted order for orderBy.
 */
export function searchModels(live: LiveState, query: ModelQuery, now: number, limit = PAGE_SIZE): ModelPage {
  const { index } = live;
  const filters: Bitset[] = [];
  if (query.gender !== null) filters.push(index.genderBits[GENDER_CODES.indexOf(query.gender)] as Bitset);
  if (query.liveOnly) filters.push(live.liveBits(now));
  if (query.tags.length > 0) filters.push(tagBits(index, query.tags, query.requireAllTags));
  for (const term of query.terms) filters.push(nameBits(index, term));
  const { age, followers, viewers } = query;
  if (age) filters.push(rangeBits(index.ageOrder, index.agePrefixes, index.age, age));
  if (followers)
    filters.push(rangeBits(index.followerOrder, index.followerPrefixes, index.followers, followers));
  if (viewers) filters.push(rangeBits(live.viewerOrder, live.viewerPrefixes, live.maxViewers, viewers));
  const visible = visibleBits(index, query.hiddenIds);
  if (visible !== null) filters.push(visible);

  const { order, position } = orderOf(live, query.orderBy);
  const descending = query.sortOrder === "desc";
  // Name order is row order, so "name desc" walks it backwards; the count orders are kept most-first.
  const forward = query.orderBy === "name" ? !descending : descending;
  const end = query.offset + limit;
  if (filters.length === 0) {
    const rows: number[] = [];
    for (let k = query.offset; k < Math.min(end, index.size); k++) {
      rows.push(order === null ? at(k, forward, index.size) : (order[at(k, forward, index.size)] as number));
    }
    return { resultCount: index.size, rows };
  }
  const matches = (filters[0] as Bitset).slice();
  for (let f = 1; f < filters.length; f++) andInto(matches, filters[f] as Bitset);
  const resultCount = popcount(matches);
  if (query.offset >= resultCount) return { resultCount, rows: [] };
  // Walking the order to the page's end takes about (offset + 50) x size / matches steps; taking
  // the matches out and sorting their places costs about their number (a native sort of integers).
  const walk = (end * index.size) / resultCount;
  if (resultCount * DIRECT_COST < walk) {
    const rows = setRows(matches);
    // In name order rows are their own places; otherwise their places in the order, sorted, read back.
    const places = position === null ? rows : Int32Array.from(rows, (r) => position[r] as number).sort();
    const page: number[] = [];
    for (let k = query.offset; k < Math.min(end, places.length); k++) {
      const place = places[forward ? k : places.length - 1 - k] as number;
      page.push(order === null ? place : (order[place] as number));
    }
    return { resultCount, rows: page };
  }
  const rows: number[] = [];
  let seen = 0;
  for (let k = 0; k < index.size && seen < end; k++) {
    const step = at(k, forward, index.size);
    const row = order === null ? step : (order[step] as number);
    if (!hasBit(matches, row)) continue;
    if (seen >= query.offset) rows.push(row);
    seen++;
  }
  return { resultCount, rows };
}

const at = (k: number, forward: boolean, size: number) => (forward ? k : size - 1 - k);

const visibleMemo = new WeakMap<SearchIndex, { hidden: ReadonlySet<number>; bits: Bitset | null }>();

/**
 * Every row but the hidden performers', or null when none of them is in this index (the usual
 * case: a reload drops them). Made once per index and hidden set.
 */
export function visibleBits(index: SearchIndex, hidden: ReadonlySet<number> | undefined): Bitset | null {
  if (hidden === undefined || hidden.size === 0) return null;
  const memo = visibleMemo.get(index);
  if (memo?.hidden === hidden) return memo.bits;
  const rows: number[] = [];
  for (const id of hidden) {
    const row = index.rowOfId(id);
    if (row >= 0) rows.push(row);
  }
  let bits: Bitset | null = null;
  if (rows.length > 0) {
    bits = bitsetWhere(index.size, () => true);
    andNotInto(bits, bitsetOf(index.size, rows));
  }
  visibleMemo.set(index, { hidden, bits });
  return bits;
}

const inRange = (value: number, range: Range, none: number) =>
  value !== none && value >= range.min && value <= range.max;

function orderOf(
  live: LiveState,
  orderBy: OrderBy,
): { order: Int32Array | null; position: Int32Array | null } {
  if (orderBy === "followers")
    return { order: live.index.followerOrder, position: live.index.followerPosition };
  if (orderBy === "viewers") return { order: live.viewerOrder, position: live.viewerPosition };
  return { order: null, position: null };
}

/**
 * The rows whose value lies in the range: one slice of the order by that value (most first,
 * unknowns last and below any range), found by two binary searches and read off its prefix bitsets.
 */
function rangeBits(
  order: Int32Array,
  prefixes: PrefixBits,
  values: Int32Array | Uint8Array,
  range: Range,
): Bitset {
  const firstAtMost = (limit: number) => {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((values[order[mid] as number] as number) > limit) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return prefixes.slice(firstAtMost(range.max), firstAtMost(range.min - 1));
}

function tagBits(index: SearchIndex, tags: string[], requireAll: boolean): Bitset {
  const found = tags.map((tag) => {
    const t = index.tagNumber.get(tag);
    return t === undefined
      ? { count: 0, rows: new Int32Array(0), dense: null }
      : { count: index.tagCount[t] as number, rows: index.tagRows(t), dense: index.tagBits[t] ?? null };
  });
  if (!requireAll) {
    const bits = newBitset(index.size);
    for (const { rows, dense } of found) {
      if (dense !== null) orInto(bits, dense);
      else for (const row of rows as Int32Array) setBit(bits, row);
    }
    return bits;
  }
  // All of them: start from the rarest tag's rows, then AND the others in (a common tag's bitset as it is).
  found.sort((a, b) => a.count - b.count);
  const [rarest, ...others] = found as [(typeof found)[number], ...typeof found];
  const bits = rarest.dense?.slice() ?? bitsetOf(index.size, rarest.rows as Int32Array);
  for (const { rows, dense } of others) andInto(bits, dense ?? bitsetOf(index.size, rows as Int32Array));
  return bits;
}

function nameBits(index: SearchIndex, term: string): Bitset {
  if (term.length >= 2) return index.grams.bitsContaining(term);
  // A one-character part beside longer ones ("a bc"): rare, so a plain pass over the names.
  const bytes = utf8(term);
  return bitsetWhere(index.size, (r) => index.names.contains(r, bytes));
}

/**
 * The same answers without any of the index's structures: every row tested against every filter,
 * the matches sorted by comparison. The benchmark's "search indexes dropped" baseline, and the
 * property tests' reference for what the indexed search must return.
 */
export function scanModels(live: LiveState, query: ModelQuery, now: number, limit = PAGE_SIZE): ModelPage {
  const { index } = live;
  const gender = query.gender === null ? -1 : GENDER_CODES.indexOf(query.gender);
  const terms = query.terms.map(utf8);
  const matches: number[] = [];
  for (let r = 0; r < index.size; r++) {
    if (query.hiddenIds?.has(index.performerIds[r] as number)) continue;
    if (gender >= 0 && index.gender[r] !== gender) continue;
    if (query.liveOnly && !live.isLive(r, now)) continue;
    if (query.tags.length > 0) {
      const tags = index.tagsOf(r);
      const hit = query.requireAllTags
        ? query.tags.every((t) => tags.includes(t))
        : query.tags.some((t) => tags.includes(t));
      if (!hit) continue;
    }
    if (!terms.every((term) => index.names.contains(r, term))) continue;
    if (query.age && !inRange(index.age[r] as number, query.age, NO_AGE)) continue;
    if (query.followers && !inRange(index.followers[r] as number, query.followers, NO_COUNT)) continue;
    if (query.viewers && !inRange(live.maxViewers[r] as number, query.viewers, NO_COUNT)) continue;
    matches.push(r);
  }
  const key =
    query.orderBy === "followers" ? index.followers : query.orderBy === "viewers" ? live.maxViewers : null;
  // Count orders: most first, equal counts by name; name order: by name. "asc" is the exact reverse.
  matches.sort((a, b) => {
    // An unknown count (-1) sorts below every count, as in the index's presorted orders.
    const byKey = key === null ? 0 : (key[b] as number) - (key[a] as number);
    // Rows are numbered in name order: comparing them compares their names.
    return byKey !== 0 ? byKey : a - b;
  });
  const ascendingIsReverse = query.orderBy !== "name";
  if ((query.sortOrder === "asc") === ascendingIsReverse) matches.reverse();
  return { resultCount: matches.length, rows: matches.slice(query.offset, query.offset + limit) };
}
