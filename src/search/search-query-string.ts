import type { OrderBy, SortOrder } from "./model-query.ts";
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
  for (const tag of state.tags) q.append("tag", tag);
  if (state.requireAllTags && state.tags.length > 1) q.set("requireAllTags", "true");
  if (state.liveOnly) q.set("liveOnly", "true");
  if (state.minAge > FILTER_DEFAULTS.minAge) q.set("minAge", String(state.minAge));
  if (state.maxAge < FILTER_DEFAULTS.maxAge) q.set("maxAge", String(state.maxAge));
  if (state.minFollowers > FILTER_DEFAULTS.minFollowers) q.set("minFollowers", String(state.minFollowers));
  if (state.maxFollowers < FILTER_DEFAULTS.maxFollowers) q.set("maxFollowers", String(state.maxFollowers));
  if (state.minViewers > FILTER_DEFAULTS.minViewers) q.set("minViewers", String(state.minViewers));
  if (state.maxViewers < FILTER_DEFAULTS.maxViewers) q.set("maxViewers", String(state.maxViewers));
  if (state.orderBy !== DEFAULT_SEARCH.orderBy) q.set("orderBy", state.orderBy);
  if (state.sortOrder !== DEFAULT_SEARCH.sortOrder) q.set("sortOrder", state.sortOrder);
  if (state.offset > 0) q.set("offset", String(state.offset));
  return q.toString();
}
