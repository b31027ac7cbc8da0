import {
  DEFAULT_SEARCH,
  FILTER_DEFAULTS,
  type FilterState,
  normalizeFilters,
  type SortState,
  searchQueryString,
} from "../../../search/search-query-string.ts";
import { isSearchable } from "../../lib/search-box.ts";
import { SEARCH_GENDER_CODES, type SearchAddress } from "./url.ts";

export { FILTER_DEFAULTS };

/** SPEC §3 filter state: live only, tags, match all tags, and the three ranges. */
export type Filters = FilterState;

export const DEFAULT_FILTERS: Filters = {
  liveOnly: false,
  tags: [],
  requireAllTags: false,
  ...FILTER_DEFAULTS,
};

/** SPEC §3 sort state; followers, most first, by default (SPEC §4). */
export type Sort = SortState;

export const DEFAULT_SORT: Sort = { orderBy: "followers", sortOrder: "desc" };

export type SearchMode = "models" | "summaries";

/** The number fields of the filters, with their stepper's step (SPEC §5: age by 1, the others by 100). */
export const RANGE_FIELDS = {
  age: { min: "minAge", max: "maxAge", step: 1, label: "Age" },
  followers: { min: "minFollowers", max: "maxFollowers", step: 100, label: "Followers" },
  viewers: { min: "minViewers", max: "maxViewers", step: 100, label: "Viewers" },
} as const;

export type RangeName = keyof typeof RANGE_FIELDS;
export type NumberField = (typeof RANGE_FIELDS)[RangeName]["min" | "max"];

/** SPEC §5: a number input is read as a non-negative integer; empty or invalid text is 0. */
export function coerceCount(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+(\.\d*)?$/.test(trimmed)) return 0;
  const value = Math.floor(Number(trimmed));
  return Number.isSafeInteger(value) ? value : 0;
}

/**
 * The filters as they are searched with (src/search/search-query-string.ts): each bound within
 * SPEC §9's range, a maximum below its minimum raised to it, tags without repeats, match-all only
 * with 2+ tags.
 */
export const effectiveFilters = (filters: Filters): Filters => normalizeFilters(filters);

/** How many filters are beyond their defaults (the Filters button's count). */
export function activeFilterCount(filters: Filters): number {
  const f = effectiveFilters(filters);
  return [
    f.liveOnly,
    f.tags.length > 0,
    f.requireAllTags,
    f.minAge > FILTER_DEFAULTS.minAge || f.maxAge < FILTER_DEFAULTS.maxAge,
    f.minFollowers > FILTER_DEFAULTS.minFollowers || f.maxFollowers < FILTER_DEFAULTS.maxFollowers,
    f.minViewers > FILTER_DEFAULTS.minViewers || f.maxViewers < FILTER_DEFAULTS.maxViewers,
  ].filter(Boolean).length;
}

/** The term a search is made with: a single character searches nothing yet (SPEC §4, §5). */
export function searchedTerm(term: string): string {
  return isSearchable(term) ? term.trim() : "";
}

/**
 * The /api/model_search query string of what the page shows (SPEC §5, §7): the address's gender
 * (as its code, trans as s) and term, the address's tag with the picked ones, the filters only
 * beyond their defaults and the sort; `offset` left out when 0. The summaries mode sends the term
 * and gender alone.
 */
export function apiQuery(
  mode: SearchMode,
  address: Pick<SearchAddress, "gender" | "tag" | "term">,
  filters: Filters,
  sort: Sort,
  offset = 0,
): string {
  const f = effectiveFilters({
    ...filters,
    tags: address.tag === null ? filters.tags : [address.tag, ...filters.tags],
  });
  return searchQueryString({
    ...DEFAULT_SEARCH,
    ...f,
    mode,
    searchTerm: mode === "models" ? searchedTerm(address.term) : address.term,
    gender: SEARCH_GENDER_CODES[address.gender],
    orderBy: sort.orderBy,
    sortOrder: sort.sortOrder,
    offset,
  });
}

/**
 * The search behind SPEC §8's explainer ('{search term or tag} matched {n} profile(s).'): the term
 * alone, or the tag alone when there is no term, over every gender and without filters.
 */
export function explainSearch(term: string, tag: string | null): string {
  return apiQuery(
    "models",
    { gender: "all", tag: term !== "" ? null : tag, term },
    DEFAULT_FILTERS,
    DEFAULT_SORT,
  );
}
