import type { Db } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import { LiveState } from "./live-state.ts";
import { type ModelQuery, scanModels, searchModels } from "./model-query.ts";
import type { GenderCode } from "./search-index.ts";
import { SearchIndex } from "./search-index.ts";
import { enrichedName, modelResultJson } from "./search-results.ts";
import {
  liveRows,
  type SearchRow,
  type SearchText,
  searchRows,
  searchTexts,
  textsVersion,
} from "./search-rows.ts";
import { matchText, SummaryIndex, wordStart, words } from "./summary-index.ts";
import { SUMMARY_LIMIT } from "./summary-rules.ts";

export interface SearchServiceOptions {
  /** false: answer by scanning every row, none of the index's structures (the benchmark's baseline). */
  indexed?: boolean;
  /** How old the performers and texts may get before a request starts reloading them (default 300 s: API data is cached 5 minutes anyway). */
  reloadSeconds?: number;
  /** How old the live state may get before a request starts refreshing it (default 60 s: one poll). */
  liveSeconds?: number;
  now?: () => number;
  log?: Logger;
}

export interface SummaryResult {
  enrichedName: string;
  matchText: string;
  kind: "summary" | "fan_quote";
}

export interface SummarySearchAnswer {
  resultCount: number;
  results: SummaryResult[];
}

export interface SearchService {
  /** Resolves once an index is loaded (the first call starts the load). */
  ready(): Promise<void>;
  /**
   * A model search's answer, { resultCount, offset, results } (SPEC §3), as JSON text made from
   * each result's cached JSON.
   */
  modelsJson(query: ModelQuery): Promise<string>;
  summaries(searchTerm: string, gender: GenderCode | null): Promise<SummarySearchAnswer>;
  /** The tags of the index, most used first, at most `limit` (the search page's tag picker). */
  popularTags(limit: number): Promise<string[]>;
  /** Stops starting reloads (a reload in flight finishes and is dropped). */
  close(): void;
}

/** Gives the event loop a turn between slices of an index build. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Loaded {
  live: LiveState;
  /** Every tag, most used first (ties by name); made once per index. */
  tagsByUse?: string[];
  loadedAt: number;
  summaries: SummaryIndex;
  textsVersion: string;
}

/**
 * The search over every performer ever seen (docs/decisions/0005): an in-memory index loaded from
 * PostgreSQL, served stale-while-revalidate. The first request waits for the first load; after
 * that a request finding the performers older than reloadSeconds, or the live state older than
 * liveSeconds, starts a refresh in the background and is answered from what is loaded. The texts
 * are rebuilt on a reload only when they changed. A failed refresh is logged and keeps the last
 * good index.
 */
export function createSearchService(db: Db, options: SearchServiceOptions = {}): SearchService {
  const now = options.now ?? Date.now;
  const reloadMs = (options.reloadSeconds ?? 300) * 1000;
  const liveMs = (options.liveSeconds ?? 60) * 1000;
  const search = options.indexed === false ? scanModels : searchModels;
  let loaded: Loaded | null = null;
  let firstLoad: Promise<Loaded> | null = null;
  let refreshing = false;
  let closed = false;

  async function reload(previous: Loaded | null): Promise<Loaded> {
    const startedAt = now();
    const rows: SearchRow[] = [];
    for await (const chunk of searchRows(db)) rows.push(...chunk);
    const index = await SearchIndex.build(rows, pause);
    const live = new LiveState(index, await liveRows(db, new Date(startedAt)), startedAt);
    const version = await textsVersion(db);
    if (previous !== null && previous.textsVersion === version) {
      return { live, loadedAt: startedAt, summaries: previous.summaries, textsVersion: version };
    }
    const texts: SearchText[] = [];
    for await (const chunk of searchTexts(db)) texts.push(...chunk);
    const summaries = await SummaryIndex.build(index, texts, pause);
    return { live, loadedAt: startedAt, summaries, textsVersion: version };
  }

  async function refreshLive(current: Loaded): Promise<Loaded> {
    const at = now();
    return { ...current, live: new LiveState(current.live.index, await liveRows(db, new Date(at)), at) };
  }

  function refreshInBackground(current: Loaded): void {
    if (refreshing || closed) return;
    const stale = now() - current.loadedAt >= reloadMs;
    if (!stale && now() - current.live.refreshedAt < liveMs) return;
    refreshing = true;
    (stale ? reload(current) : refreshLive(current))
      .then((next) => {
        if (!closed) loaded = next;
      })
      .catch((error: unknown) =>
        options.log?.error({ err: error }, "search index refresh failed; serving the last one"),
      )
      .finally(() => {
        refreshing = false;
      });
  }

  async function current(): Promise<Loaded> {
    if (loaded !== null) {
      refreshInBackground(loaded);
      return loaded;
    }
    firstLoad ??= reload(null).then(
      (first) => {
        loaded = first;
        return first;
      },
      (error: unknown) => {
        firstLoad = null; // the next request tries again
        throw error;
      },
    );
    return firstLoad;
  }

  return {
    async ready() {
      await current();
    },
    async modelsJson(query) {
      const { live } = await current();
      const page = search(live, query, now());
      const results = page.rows.map((row) => modelResultJson(live, row)).join(",");
      return `{"resultCount":${page.resultCount},"offset":${query.offset},"results":[${results}]}`;
    },
    async summaries(searchTerm, gender) {
      const { live, summaries } = await current();
      const at = now();
      const terms = [...new Set(words(searchTerm))];
      const { count, hits } = summaries.search(terms, gender, SUMMARY_LIMIT);
      const pattern = wordStart(terms[0] ?? "");
      const results: SummaryResult[] = [];
      for (const hit of hits) {
        // A performer gone from the index since the texts were built (an opt-out) is left out.
        const row = live.index.rowOf.get(hit.performerId);
        if (row === undefined) continue;
        results.push({
          enrichedName: enrichedName(live, row, at),
          matchText: matchText(hit.text, pattern),
          kind: hit.kind,
        });
      }
      return { resultCount: count, results };
    },
    async popularTags(limit) {
      const state = await current();
      if (state.tagsByUse === undefined) {
        const { tagNames, tagRows } = state.live.index;
        state.tagsByUse = tagNames
          .map((tag, t) => ({ tag, uses: tagRows[t]?.length ?? 0 }))
          .sort((a, b) => b.uses - a.uses || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
          .map(({ tag }) => tag);
      }
      return state.tagsByUse.slice(0, limit);
    },
    close() {
      closed = true;
    },
  };
}
