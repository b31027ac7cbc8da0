import type { ModelQuery, OrderBy, Range, SortOrder } from "./model-query.ts";
import type { GenderCode } from "./search-index.ts";

/** SPEC §9 ranges, and the defaults a filter starts at. */
export const FILTER_DEFAULTS = {
  minAge: 18,
  maxAge: 99,
  minFollowers: 0,
  maxFollowers: 10_000_000,
  minViewers: 0,
  maxViewers: 50_000,
} as const;

/** What the search page holds (SPEC §4 search mode and filters). */
export interface SearchState {
  mode: "models" | "summaries";
  searchTerm: string;
  gender: GenderCode | null;
  tags: string[];
  requireAllTags: boolean;
  liveOnly: boolean;
  minAge: number;
  maxAge: number;
  minFollowers: number;
  maxFollowers: number;
  minViewers: number;
  maxViewers: number;
  orderBy: OrderBy;
  sortOrder: SortOrder;
  offset: number;
}

export const DEFAULT_SEARCH: SearchState = {
  mode: "models",
  searchTerm: "",
  gender: null,
  tags: [],
  requireAllTags: false,
  liveOnly: false,
  ...FILTER_DEFAULTS,
  orderBy: "followers",
  sortOrder: "desc",
  offset: 0,
};

/**
 * The query string of /api/model_search for a search state (SPEC §5): a filter is sent only when
 * beyond its default (age min over 18, max under 99, followers min over 0, max under 10,000,000,
 * viewers min over 0, max under 50,000), match-all-tags only with more than one tag, gender as its
 * code (trans as s), and nothing at its default, so equal searches share one cached answer.
 */
export function searchQueryString(state: SearchState): string {
  const q = new URLSearchParams();
  if (state.mode === "summaries") q.set("mode", "summaries");
  const term = state.searchTerm.trim();
  if (term) q.set("searchTerm", term);
  if (state.gender !== null) q.set("gender", state.gender);
  if (state.mode === "summaries") return q.toString();
  appendFilterParams(q, state);
  if (state.offset > 0) q.set("offset", String(state.offset));
  return q.toString();
}

/** SPEC §3 filter state: live only, tags, match all tags, and the three ranges. */
export type FilterState = Pick<
  SearchState,
  | "tags"
  | "requireAllTags"
  | "liveOnly"
  | "minAge"
  | "maxAge"
  | "minFollowers"
  | "maxFollowers"
  | "minViewers"
  | "maxViewers"
>;

/** SPEC §3 sort state; followers, most first, by default (SPEC §4). */
export type SortState = Pick<SearchState, "orderBy" | "sortOrder">;

/**
 * Appends the filters beyond their defaults and a sort other than followers desc (SPEC §4, §5), in
 * one order, to `q`: the API's query string and the search page's address share these names.
 * `tagCount` is how many tags the search has in all (the page's path may hold one more):
 * match-all-tags is written only for more than one.
 */
export function appendFilterParams(
  q: URLSearchParams,
  f: FilterState & SortState,
  tagCount = f.tags.length,
): void {
  for (const tag of f.tags) q.append("tag", tag);
  if (f.requireAllTags && tagCount > 1) q.set("requireAllTags", "true");
  if (f.liveOnly) q.set("liveOnly", "true");
  if (f.minAge > FILTER_DEFAULTS.minAge) q.set("minAge", String(f.minAge));
  if (f.maxAge < FILTER_DEFAULTS.maxAge) q.set("maxAge", String(f.maxAge));
  if (f.minFollowers > FILTER_DEFAULTS.minFollowers) q.set("minFollowers", String(f.minFollowers));
  if (f.maxFollowers < FILTER_DEFAULTS.maxFollowers) q.set("maxFollowers", String(f.maxFollowers));
  if (f.minViewers > FILTER_DEFAULTS.minViewers) q.set("minViewers", String(f.minViewers));
  if (f.maxViewers < FILTER_DEFAULTS.maxViewers) q.set("maxViewers", String(f.maxViewers));
  if (f.orderBy !== DEFAULT_SEARCH.orderBy) q.set("orderBy", f.orderBy);
  if (f.sortOrder !== DEFAULT_SEARCH.sortOrder) q.set("sortOrder", f.sortOrder);
}

/** The API's limit on tags in one search, and on a tag's length. */
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 64;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The filters as they are searched with: each bound within SPEC §9's range (age at least 18), a
 * maximum below its minimum raised to it, tags lowercase without repeats (the first MAX_TAGS),
 * match-all only with 2+ tags.
 */
export function normalizeFilters<F extends FilterState>(f: F): F {
  const bound = (low: number, high: number, min: number, max: number) => {
    const a = clamp(min, low, high);
    return [a, clamp(max, a, high)] as const;
  };
  const d = FILTER_DEFAULTS;
  const [minAge, maxAge] = bound(d.minAge, d.maxAge, f.minAge, f.maxAge);
  const [minFollowers, maxFollowers] = bound(d.minFollowers, d.maxFollowers, f.minFollowers, f.maxFollowers);
  const [minViewers, maxViewers] = bound(d.minViewers, d.maxViewers, f.minViewers, f.maxViewers);
  const tags = [...new Set(f.tags.map((t) => t.toLowerCase()))].slice(0, MAX_TAGS);
  return {
    ...f,
    tags,
    requireAllTags: f.requireAllTags && tags.length > 1,
    minAge,
    maxAge,
    minFollowers,
    maxFollowers,
    minViewers,
    maxViewers,
  };
}

const ORDERS: readonly OrderBy[] = ["name", "viewers", "followers"];
const SORT_ORDERS: readonly SortOrder[] = ["asc", "desc"];
const NUMBER_FIELDS = [
  "minAge",
  "maxAge",
  "minFollowers",
  "maxFollowers",
  "minViewers",
  "maxViewers",
] as const;

/** A flag as the API takes it: true or 1 is on; anything else is off. */
const readFlag = (text: string | null) => text === "true" || text === "1";

/** A whole number written in digits alone (huge ones are clamped later); anything else is null. */
const readCount = (text: string | null) => (text !== null && /^\d+$/.test(text) ? Number(text) : null);

/**
 * Reads the search mode, filters and sort from a query string (the search page's address, issue 28):
 * never refuses. A value that cannot be one is ignored (its default stands), a number outside its
 * range is clamped into it, a tag with control characters or over MAX_TAG_LENGTH is dropped, and a
 * parameter given twice counts once (its first value; tags are the one list).
 */
export function readFilterParams(q: URLSearchParams): {
  mode: SearchState["mode"];
  filters: FilterState;
  sort: SortState;
} {
  const mode = q.get("mode") === "summaries" ? "summaries" : "models";
  const tags = q
    .getAll("tag")
    .map((t) => t.trim())
    .filter((t) => t !== "" && t.length <= MAX_TAG_LENGTH && !/\p{Cc}/u.test(t));
  const orderBy = ORDERS.find((o) => o === q.get("orderBy")) ?? DEFAULT_SEARCH.orderBy;
  const sortOrder = SORT_ORDERS.find((o) => o === q.get("sortOrder")) ?? DEFAULT_SEARCH.sortOrder;
  const filters: FilterState = {
    tags,
    requireAllTags: readFlag(q.get("requireAllTags")),
    liveOnly: readFlag(q.get("liveOnly")),
    ...FILTER_DEFAULTS,
  };
  for (const field of NUMBER_FIELDS) {
    const value = readCount(q.get(field));
    if (value !== null) filters[field] = value;
  }
  // Match-all stays as written: the page's path may hold the second tag it needs.
  return {
    mode,
    filters: { ...normalizeFilters(filters), requireAllTags: filters.requireAllTags },
    sort: { orderBy, sortOrder },
  };
}

/**
 * The ranges of a model query from normalised filters (SPEC §5), as /api/model_search reads its
 * parameters: a range is on when either end is beyond its default, and an end at its default is
 * open (the top one unbounded).
 */
export function filterRanges(f: FilterState): Pick<ModelQuery, "age" | "followers" | "viewers"> {
  const range = (min: number, max: number, low: number, high: number): Range | null =>
    min > low || max < high ? { min, max: max < high ? max : Number.MAX_SAFE_INTEGER } : null;
  const d = FILTER_DEFAULTS;
  return {
    age: range(f.minAge, f.maxAge, d.minAge, d.maxAge),
    followers: range(f.minFollowers, f.maxFollowers, d.minFollowers, d.maxFollowers),
    viewers: range(f.minViewers, f.maxViewers, d.minViewers, d.maxViewers),
  };
}
