import { redirect } from "react-router";
import type { ModelQuery } from "../../../search/model-query.ts";
import { filterRanges } from "../../../search/search-query-string.ts";
import { SUMMARY_MIN_LENGTH } from "../../../search/summary-rules.ts";
import { isCrawler } from "../../../site/crawler.ts";
import { toColumns } from "../../lib/columns.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { apiQuery, DEFAULT_SORT, effectiveFilters, explainSearch, searchedTerm } from "./filters.ts";
import { MODEL_RESULT_FIELDS, type ModelResult, type SearchPageData } from "./page-data.ts";
import { offsetOfPage, readSearchAddress, SEARCH_GENDER_CODES, searchPagePath } from "./url.ts";
import { PAGE_SIZE } from "./window.ts";

/** How many tags the tag picker offers: the most used ones (typing narrows them). */
const PICKER_TAGS = 500;

/**
 * The search page's loader (SPEC §2 search page): reads the address (404 for a bad one, 301 from
 * /search/all and capital letters) and searches the in-memory index directly, as GET
 * /api/model_search would with the address's gender, tag, term and page and no other filter, so the
 * page reads whole without scripts and the browser starts with its first window loaded.
 */
export async function loadSearchPage({ request, params, context }: PageLoaderArgs): Promise<SearchPageData> {
  const url = new URL(request.url);
  const read = readSearchAddress({ gender: params.gender, tag: params.tag }, url.searchParams);
  if (read.kind === "not-found") throw notFound();
  if (read.kind === "redirect") throw redirect(read.to, 301);
  const { address } = read;
  const offset = offsetOfPage(address.page);
  const filters = effectiveFilters({
    ...address.filters,
    tags: address.tag === null ? address.filters.tags : [address.tag, ...address.filters.tags],
  });
  const query: ModelQuery = {
    offset,
    orderBy: address.sort.orderBy,
    sortOrder: address.sort.sortOrder,
    terms: [...new Set(searchedTerm(address.term).toLowerCase().split(/\s+/).filter(Boolean))],
    liveOnly: filters.liveOnly,
    gender: SEARCH_GENDER_CODES[address.gender],
    tags: filters.tags,
    requireAllTags: filters.requireAllTags,
    ...filterRanges(filters),
  };
  const summaryTerm = address.term.trim();
  const [json, tags, summaries] = await Promise.all([
    context.search.modelsJson(query),
    context.search.popularTags(PICKER_TAGS),
    // A summaries search is rendered too, so that its address reloads and shares whole.
    address.mode === "summaries" && summaryTerm.length >= SUMMARY_MIN_LENGTH
      ? context.search.summaries(summaryTerm, SEARCH_GENDER_CODES[address.gender])
      : null,
  ]);
  const answer = JSON.parse(json) as { resultCount: number; results: ModelResult[] };
  let explain: SearchPageData["explain"] = null;
  const term = searchedTerm(address.term);
  if (address.mode === "models" && answer.resultCount === 0 && (term !== "" || address.tag !== null)) {
    // SPEC §8: how many profiles the term (or the tag) alone matches, every gender, no filters.
    const alone: ModelQuery = {
      ...query,
      offset: 0,
      gender: null,
      tags: term !== "" || address.tag === null ? [] : [address.tag],
      liveOnly: false,
      requireAllTags: false,
      age: null,
      followers: null,
      viewers: null,
      orderBy: DEFAULT_SORT.orderBy,
      sortOrder: DEFAULT_SORT.sortOrder,
    };
    const count = (JSON.parse(await context.search.modelsJson(alone)) as { resultCount: number }).resultCount;
    explain = { query: explainSearch(term, address.tag), count };
  }
  return {
    address,
    path: searchPagePath(address.gender, address.tag),
    resultCount: answer.resultCount,
    results: toColumns(answer.results.slice(0, PAGE_SIZE), MODEL_RESULT_FIELDS),
    query: apiQuery("models", address, address.filters, address.sort),
    summaries:
      summaries === null
        ? null
        : { query: apiQuery("summaries", address, address.filters, address.sort), ...summaries },
    now: Date.now(),
    tags,
    explain,
    crawler: isCrawler(request),
    imageHost: context.imageHost,
  };
}
