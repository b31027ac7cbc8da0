import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { SUMMARY_MIN_LENGTH, SUMMARY_TOO_SHORT } from "../../../search/summary-rules.ts";
import { Pagination } from "../../components/pagination.tsx";
import { TabLinks } from "../../components/tab-links.tsx";
import { useAgeVerification } from "../../lib/age-verification.ts";
import { useChangeEvent } from "../../lib/analytics.ts";
import { toRows } from "../../lib/columns.ts";
import { PAGE_GENDER_LABELS } from "../../lib/page-genders.ts";
import { pageHref } from "../../lib/pagination.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { FilterDialog } from "./filter-dialog.tsx";
import {
  activeFilterCount,
  apiQuery,
  explainSearch,
  type Filters,
  type SearchMode,
  type Sort,
  searchedTerm,
} from "./filters.ts";
import type { ModelResult, SearchPageData, SummaryResult } from "./page-data.ts";
import { ResultCard } from "./result-card.tsx";
import { ModeTabs, PANEL_ID, SortControl } from "./search-controls.tsx";
import { SearchIntro } from "./search-intro.tsx";
import { ZeroResults } from "./search-texts.tsx";
import { SummaryResults } from "./summary-results.tsx";
import {
  addressFilters,
  genderLinks,
  offsetOfPage,
  readPageParam,
  readSearchView,
  type SearchAddress,
  type SearchView,
  searchPageQuery,
  searchPageUrl,
} from "./url.ts";
import { pageCount, type SearchWindow, WindowCache } from "./window.ts";

async function getJson<T>(query: string): Promise<T> {
  const response = await fetch(`/api/model_search?${query}`);
  if (!response.ok) throw new Error(`/api/model_search answered ${response.status}`);
  return (await response.json()) as T;
}

interface SummaryAnswer {
  query: string;
  resultCount: number;
  results: SummaryResult[];
}

/**
 * The search page (SPEC §2 "Search page", §4 "Search mode"). The address holds the whole search
 * (gender and tag in the path; term, mode, filters, sort and page in the query: issue 28), and the
 * server renders its results with working gender and pager links. Once scripts run, the filters,
 * sort and modes work in place: a change pushes a new address at page 1 and asks GET
 * /api/model_search; the pager changes only the page parameter, and asks only for a window of 50
 * not already loaded for the same search (SPEC §4). Back and Forward change the address, which
 * the page follows.
 */
export function SearchPage({ data, userPresent = false }: { data: SearchPageData; userPresent?: boolean }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The route reloads only for another path or term (shouldRevalidate): page, mode, filters and
  // sort are read here from the address as it is now, so Back and Forward restore them.
  const tag = data.address.tag;
  const view = useMemo(() => readSearchView(tag, params), [tag, params]);
  const page = readPageParam(params.get("page")) ?? 1;
  const address: SearchAddress = { ...data.address, ...view, page };
  const { mode, filters, sort } = view;
  const ageVerification = useAgeVerification(hydrated && !data.crawler);
  // SPEC §6: a search, a gender or a tag switched is an analytics event (the term is not sent).
  useChangeEvent("Search", address.term, { mode });
  useChangeEvent("Gender change", address.gender, { gender: address.gender });
  useChangeEvent("Tag change", address.tag, { tag: address.tag ?? "none" });

  const [dialogOpen, setDialogOpen] = useState(false);
  const [, setLoadedCount] = useState(0);
  const [summaries, setSummaries] = useState<SummaryAnswer | null>(data.summaries);
  // New loader data (another term or path) brings its own summaries, if any.
  const [summariesOf, setSummariesOf] = useState(data);
  if (summariesOf !== data) {
    setSummariesOf(data);
    setSummaries(data.summaries);
  }
  const [explainCount, setExplainCount] = useState<{ query: string; count: number } | null>(null);

  // The loader's page is the first window (SPEC §4: the embedded data when present).
  const cache = useRef(new WindowCache<ModelResult>());
  const seeded = useRef<SearchPageData | null>(null);
  if (seeded.current !== data) {
    seeded.current = data;
    cache.current.set(data.query, offsetOfPage(data.address.page), {
      resultCount: data.resultCount,
      rows: toRows(data.results),
      at: data.now,
    });
  }

  const query = apiQuery("models", address, filters, sort);
  const offset = offsetOfPage(page);
  const loaded = cache.current.get(query, offset);
  const lastShown = useRef<SearchWindow<ModelResult> | null>(null);
  if (loaded !== undefined) lastShown.current = loaded;
  const shown = loaded ?? lastShown.current;

  useEffect(() => {
    if (mode !== "models" || cache.current.has(query, offset)) return;
    let current = true;
    const withOffset = offset === 0 ? query : `${query}${query ? "&" : ""}offset=${offset}`;
    getJson<{ resultCount: number; results: ModelResult[] }>(withOffset)
      .then((answer) => {
        cache.current.set(query, offset, {
          resultCount: answer.resultCount,
          rows: answer.results,
          at: Date.now(),
        });
        if (current) setLoadedCount((n) => n + 1);
      })
      .catch((error: unknown) => console.error("The search failed", error));
    return () => {
      current = false;
    };
  }, [mode, query, offset]);

  const term = address.term;
  const summaryQuery = apiQuery("summaries", address, filters, sort);
  const tooShort = term.length < SUMMARY_MIN_LENGTH;
  useEffect(() => {
    if (mode !== "summaries" || tooShort || summaries?.query === summaryQuery) return;
    let current = true;
    getJson<{ resultCount: number; results: SummaryResult[] }>(summaryQuery)
      .then((answer) => {
        if (current) setSummaries({ query: summaryQuery, ...answer });
      })
      .catch((error: unknown) => console.error("The search failed", error));
    return () => {
      current = false;
    };
  }, [mode, summaryQuery, tooShort, summaries]);

  // SPEC §8: with no results, how many the term (or the tag) alone matches.
  const searched = searchedTerm(term);
  const explainWhat = searched !== "" ? searched : address.tag;
  const explainQuery = explainWhat === null ? null : explainSearch(searched, address.tag);
  const noResults = mode === "models" && loaded !== undefined && loaded.resultCount === 0;
  const explained = [explainCount, data.explain].find((e) => e != null && e.query === explainQuery) ?? null;
  useEffect(() => {
    if (!noResults || explainQuery === null || explained !== null) return;
    getJson<{ resultCount: number }>(explainQuery)
      .then((answer) => setExplainCount({ query: explainQuery, count: answer.resultCount }))
      .catch((error: unknown) => console.error("The search failed", error));
  }, [noResults, explainQuery, explained]);

  /**
   * A change of mode, filters or sort is a new search at page 1 (SPEC §4) and a new entry in the
   * history, so Back returns to the search before (issue 28); nothing changed, nothing happens.
   */
  const changeView = (next: Partial<SearchView>) => {
    const to = { ...address, ...next, filters: addressFilters(tag, next.filters ?? filters) };
    if (searchPageUrl({ ...to, page }) === searchPageUrl(address)) return;
    void navigate(searchPageUrl({ ...to, page: 1 }), { preventScrollReset: true });
  };
  const changeFilters = (next: Filters) => changeView({ filters: next });
  const changeSort = (next: Sort) => changeView({ sort: next });
  const changeMode = (next: SearchMode) => {
    // Switching to the summaries refetches them (SPEC §4); cleared only then, as the old mode
    // stays on screen until the address changes, and a cleared list would be fetched under it.
    if (next === "summaries") setSummaries(null);
    changeView({ mode: next });
  };

  const label = PAGE_GENDER_LABELS[address.gender];
  const total = shown === null ? 1 : pageCount(shown.resultCount);
  const showThumbnails = ageVerification === "not-required" && data.imageHost !== null && !data.crawler;
  const thumbnailOf = (name: string) =>
    showThumbnails ? `${data.imageHost}/ri/${encodeURIComponent(name)}.jpg` : null;
  const filterCount = activeFilterCount(filters);
  // The pager's links keep everything but the page.
  const keep = searchPageQuery({ ...address, page: 1 });

  return (
    <article className="search-page">
      <h1 className="search-page__title">Search - {label}</h1>
      <SearchIntro userPresent={userPresent} />

      <TabLinks
        name="Gender"
        tabs={genderLinks(address).map(({ gender, href }) => ({
          key: gender,
          label: PAGE_GENDER_LABELS[gender],
          path: href,
          current: gender === address.gender,
        }))}
      />

      <div className="search-page__bar">
        <ModeTabs mode={mode} hydrated={hydrated} onChange={changeMode} />
        <div className="search-page__tools">
          {mode === "models" && <SortControl sort={sort} hydrated={hydrated} onChange={changeSort} />}
          <button
            type="button"
            className="search-page__filters"
            disabled={!hydrated}
            aria-haspopup="dialog"
            onClick={() => setDialogOpen(true)}
          >
            Filters{filterCount > 0 ? ` (${filterCount})` : ""}
          </button>
        </div>
      </div>

      {(address.tag !== null || term !== "") && (
        <p className="search-page__query">
          {term !== "" && (
            <>
              Names containing <strong>{term}</strong>
            </>
          )}
          {term !== "" && address.tag !== null && ", "}
          {address.tag !== null && (
            <>
              tagged <strong>#{address.tag}</strong>
            </>
          )}
          {term.length === 1 && mode === "models" && " (a name search needs at least two characters)"}
        </p>
      )}

      <section
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={`search-tab-${mode}`}
        className="search-page__panel"
      >
        {mode === "summaries" ? (
          tooShort ? (
            <p className="search-page__message">{SUMMARY_TOO_SHORT}</p>
          ) : summaries === null ? (
            <p className="search-page__message">Searching…</p>
          ) : summaries.resultCount === 0 ? (
            <ZeroResults what={term} count={0} />
          ) : (
            <SummaryResults resultCount={summaries.resultCount} results={summaries.results} />
          )
        ) : shown === null ? (
          <p className="search-page__message">Searching…</p>
        ) : shown.resultCount === 0 ? (
          <ZeroResults what={explainWhat} count={explained?.count ?? null} />
        ) : (
          <>
            <p className="search-page__count" aria-busy={loaded === undefined}>
              Found {shown.resultCount.toLocaleString("en-US")} matching{" "}
              {shown.resultCount === 1 ? "profile" : "profiles"}
              {total > 1 && ` (page ${Math.min(page, total)} of ${total})`}
            </p>
            {shown.rows.length === 0 ? (
              <p className="search-page__message">
                This page is past the last one. <Link to={pageHref(data.path, 1, keep)}>Back to page 1</Link>
              </p>
            ) : (
              <ul className="search-results">
                {shown.rows.map((row) => (
                  <ResultCard key={row.name} result={row} now={shown.at} thumbnail={thumbnailOf(row.name)} />
                ))}
              </ul>
            )}
            <Pagination path={data.path} current={page} total={total} keep={keep} label="Result pages" />
          </>
        )}
      </section>

      {/* Only once scripts run: until then the Filters button is disabled and the closed dialog is
          neither seen nor heard, yet it was 4 kB and a hundred elements of every server render. */}
      {hydrated && (
        <FilterDialog
          open={dialogOpen}
          filters={filters}
          tags={data.tags}
          onApply={changeFilters}
          onClosed={() => setDialogOpen(false)}
        />
      )}
    </article>
  );
}
