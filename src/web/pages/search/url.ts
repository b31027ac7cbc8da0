import type { GenderCode } from "../../../search/search-index.ts";
import {
  appendFilterParams,
  FILTER_DEFAULTS,
  type FilterState,
  normalizeFilters,
  readFilterParams,
  type SortState,
} from "../../../search/search-query-string.ts";
import { isFileSegment } from "../../../stats/rankings/vocabulary.ts";
import { isPageGender, PAGE_GENDERS, type PageGender } from "../../lib/page-genders.ts";
import { PAGE_SIZE } from "./window.ts";

/** The search's genders are the page-level ones (SPEC §3), in the order of its gender links (SPEC §2). */
export type SearchGender = PageGender;

/** The code the search API takes for each gender (SPEC §7: trans is sent as s); all sends none. */
export const SEARCH_GENDER_CODES: Readonly<Record<SearchGender, GenderCode | null>> = {
  all: null,
  couples: "c",
  female: "f",
  male: "m",
  trans: "s",
};

/** The deepest page an address may ask for: the API's deepest offset (500,000) in pages of 50. */
export const MAX_PAGE = 10_000;
/** The API's limit on a search term. */
export const MAX_TERM_LENGTH = 100;

/** What the query of a search page holds beside term and page (issue 28): mode, filters, sort. */
export interface SearchView {
  mode: "models" | "summaries";
  filters: FilterState;
  sort: SortState;
}

/**
 * What the address of a search page says: gender and tag from the path; term, page, mode, filters
 * and sort from the query.
 */
export interface SearchAddress extends SearchView {
  gender: SearchGender;
  tag: string | null;
  /** The search text, trimmed; "" for none. */
  term: string;
  /** 1-based. */
  page: number;
}

/** Whether an address holds a mode, filter or sort beyond the defaults (its page is not one to index). */
export function isFilteredView(address: SearchAddress): boolean {
  const query = searchPageQuery({ ...address, term: "", page: 1 });
  return query.size > 0;
}

/** The search as it opens: names, no filter, followers most first (SPEC §4). */
export const DEFAULT_VIEW: SearchView = {
  mode: "models",
  filters: { liveOnly: false, tags: [], requireAllTags: false, ...FILTER_DEFAULTS },
  sort: { orderBy: "followers", sortOrder: "desc" },
};

/** How many tags a search has in all: the path's and the picked ones, each once. */
const tagCount = (tag: string | null, filters: FilterState) =>
  new Set(tag === null ? filters.tags : [tag, ...filters.tags]).size;

/**
 * The filters as the address keeps them: normalised (bounds in range, tags lowercase and once),
 * match-all kept when the path's tag and a picked one make two.
 */
export function addressFilters(tag: string | null, filters: FilterState): FilterState {
  return {
    ...normalizeFilters(filters),
    requireAllTags: filters.requireAllTags && tagCount(tag, filters) > 1,
  };
}

/** The mode, filters and sort of a search page's query: never refused (bad values are defaults). */
export function readSearchView(tag: string | null, query: URLSearchParams): SearchView {
  const { mode, filters, sort } = readFilterParams(query);
  return { mode, filters: addressFilters(tag, filters), sort };
}

/** The path of a gender and tag: /search for every gender without a tag, /search/all/{tag} with one. */
export function searchPagePath(gender: SearchGender, tag: string | null): string {
  if (tag !== null) return `/search/${gender}/${encodeURIComponent(tag)}`;
  return gender === "all" ? "/search" : `/search/${gender}`;
}

/** The query of a search's address (see searchPageUrl). */
export function searchPageQuery(address: SearchAddress): URLSearchParams {
  const query = new URLSearchParams();
  if (address.term !== "") query.set("search", address.term);
  if (address.mode === "summaries") query.set("mode", "summaries");
  appendFilterParams(query, { ...address.filters, ...address.sort }, tagCount(address.tag, address.filters));
  if (address.page > 1) query.set("page", String(address.page));
  return query;
}

/**
 * The full address of a search: its path, then `search`, the mode when summaries, the filters
 * beyond their defaults and a sort other than followers desc (as /api/model_search names them,
 * SPEC §5), and `page` (page 1 left out, SPEC §4).
 */
export function searchPageUrl(address: SearchAddress): string {
  const text = searchPageQuery(address).toString();
  const path = searchPagePath(address.gender, address.tag);
  return text === "" ? path : `${path}?${text}`;
}

/** The first result of a page (0-based), as the API's offset. */
export const offsetOfPage = (page: number) => (page - 1) * PAGE_SIZE;

/** A `page` parameter: a whole number from 1 to MAX_PAGE, written plainly; anything else is null. */
export function readPageParam(text: string | null): number | null {
  if (text === null || !/^[1-9]\d{0,4}$/.test(text)) return null;
  const page = Number(text);
  return page <= MAX_PAGE ? page : null;
}

export type ReadAddress =
  | { kind: "page"; address: SearchAddress }
  /** The same page at its one address (/search/all is /search). */
  | { kind: "redirect"; to: string }
  | { kind: "not-found" };

const NOT_FOUND: ReadAddress = { kind: "not-found" };

/**
 * Reads /search[/{gender}[/{tag}]]?search=&page= (SPEC §2) and the mode, filters and sort beside
 * them (readSearchView: a bad one is its default, never a 404). No page (404): a gender outside the five,
 * a tag that cannot be a tag (isFileSegment's alphabet, read lowercase), a page that is not a
 * whole number from 1 to MAX_PAGE, a parameter given twice, a term with control characters or over
 * 100 characters. `/search/all` answers with the address of /search.
 */
export function readSearchAddress(
  params: { gender?: string | undefined; tag?: string | undefined },
  query: URLSearchParams,
): ReadAddress {
  const genderText = params.gender?.toLowerCase() ?? "all";
  if (!isPageGender(genderText)) return NOT_FOUND;
  let tag: string | null = null;
  if (params.tag !== undefined) {
    tag = params.tag.toLowerCase();
    if (!isFileSegment(tag)) return NOT_FOUND;
  }
  if (query.getAll("search").length > 1 || query.getAll("page").length > 1) return NOT_FOUND;
  const term = (query.get("search") ?? "").trim();
  if (term.length > MAX_TERM_LENGTH || /\p{Cc}/u.test(term)) return NOT_FOUND;
  const pageText = query.get("page");
  const page = pageText === null ? 1 : readPageParam(pageText);
  if (page === null) return NOT_FOUND;
  const address: SearchAddress = { gender: genderText, tag, term, page, ...readSearchView(tag, query) };
  // One address per page: /search/all is /search, and capital letters move to the lowercase address.
  const lowercase = params.gender === genderText && (params.tag ?? null) === tag;
  const bareAll = genderText === "all" && tag === null && params.gender !== undefined;
  if (params.gender !== undefined && (!lowercase || bareAll)) {
    return { kind: "redirect", to: searchPageUrl(address) };
  }
  return { kind: "page", address };
}

/** The gender links of a search: each gender, keeping the tag, term, mode, filters and sort, back to page 1. */
export function genderLinks(address: SearchAddress): { gender: SearchGender; href: string }[] {
  return PAGE_GENDERS.map((gender) => ({
    gender,
    href: searchPageUrl({ ...address, gender, page: 1 }),
  }));
}
