import type { Db } from "../db/connect.ts";
import { moderationVersion } from "../db/queries/moderation.ts";
import { latestCompletePollWithSource } from "../db/queries/online-now.ts";
import type { Logger } from "../log.ts";
import { LiveState } from "./live-state.ts";
import { searchMerged } from "./merged-search.ts";
import { type ModelQuery, scanModels, searchModels } from "./model-query.ts";
import type { GenderCode } from "./search-index.ts";
import { SearchIndex, SearchIndexBuilder } from "./search-index.ts";
import { enrichedName, modelResultJson } from "./search-results.ts";
import {
  liveRows,
  optedOutIds,
  type SearchRow,
  searchRows,
  searchTexts,
  textPlace,
  textsAt,
  textsVersion,
} from "./search-rows.ts";
import {
  collapseSpace,
  matchText,
  type SummaryIndex,
  SummaryIndexBuilder,
  wordStart,
  words,
} from "./summary-index.ts";
import { SUMMARY_LIMIT } from "./summary-rules.ts";

export interface SearchServiceOptions {
  /** false: answer by scanning every row, none of the index's structures (the benchmark's baseline). */
  indexed?: boolean;
  /** How old the performers and texts may get before a request starts reloading them (default 300 s: API data is cached 5 minutes anyway). */
  reloadSeconds?: number;
  /** How old the live state may get before a request starts refreshing it (default 60 s: one poll). */
  liveSeconds?: number;
  /**
   * Look for a new complete poll this often (seconds) and refresh at once when there is one: the
   * live state, and the performers first seen since the index was built. Off (0) by default; the
   * site's processes turn it on, so a poll is searchable within seconds in every process.
   */
  followPollsSeconds?: number;
  /**
   * How old the set of opted-out performers may get before a request reads it again (default 1 s;
   * 0: every request). An opt-out hides the performer from the next request on, in every process,
   * and starts a reload that drops them from the index (decision 0021).
   */
  optoutCheckSeconds?: number;
  /**
   * How often (seconds) a request looks for new moderation decisions (default 20; 0: every
   * request): an approved tag reloads the index (the tag filter), an approved or hidden text
   * rebuilds the texts over the same index, so an approval is found within a minute (issue 30).
   */
  moderationCheckSeconds?: number;
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
  /**
   * What the index holds now, for the metrics (decision 0037): the performers it can find, when it
   * read them, and the poll its live state shows (epoch ms); null before the first load.
   */
  indexState?(): { performers: number; loadedAt: number; pollAt: number | null } | null;
  /** Stops starting reloads (a reload in flight finishes and is dropped). */
  close(): void;
}

/** Gives the event loop a turn between slices of an index build. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Loaded {
  live: LiveState;
  /** The performers first seen since the index was built (numbered after lastId), or null when none. */
  added: LiveState | null;
  /** The highest performer id in the index. */
  lastId: number;
  /** The complete poll the live state was read at (epoch ms), or null before any. */
  pollAt: number | null;
  /** Every tag, most used first (ties by name); made once per index. */
  tagsByUse?: string[];
  loadedAt: number;
  summaries: SummaryIndex;
  textsVersion: string;
  /** The moderation decisions the index and the texts were read after (moderationVersion). */
  moderation: { tags: string; texts: string };
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
  const optoutMs = (options.optoutCheckSeconds ?? 1) * 1000;
  let hidden: { ids: ReadonlySet<number>; at: number } = { ids: new Set(), at: Number.NEGATIVE_INFINITY };
  let hiddenLoad: Promise<ReadonlySet<number>> | null = null;
  /** Set when the opted-out performers changed: the next request reloads the index. */
  let optoutsChanged = false;

  /** The opted-out performers (see optoutCheckSeconds); the same Set while they do not change. */
  async function hiddenIds(): Promise<ReadonlySet<number>> {
    if (now() - hidden.at < optoutMs) return hidden.ids;
    hiddenLoad ??= optedOutIds(db)
      .then((ids) => {
        const same = ids.length === hidden.ids.size && ids.every((id) => hidden.ids.has(id));
        if (!same) optoutsChanged = hidden.at !== Number.NEGATIVE_INFINITY;
        hidden = { ids: same ? hidden.ids : new Set(ids), at: now() };
        return hidden.ids;
      })
      .finally(() => {
        hiddenLoad = null;
      });
    return hiddenLoad;
  }

  const moderationMs = (options.moderationCheckSeconds ?? 20) * 1000;
  let moderationAt = Number.NEGATIVE_INFINITY;
  let moderationCheck: Promise<void> | null = null;
  /** What the last look found newer than the loaded index: approved tags (a reload), or texts only. */
  let moderationNews: "tags" | "texts" | null = null;

  /** Looks for decisions newer than the loaded index's, at most every moderationMs; news starts a refresh. */
  function checkModeration(current: Loaded): void {
    if (moderationCheck !== null || closed || now() - moderationAt < moderationMs) return;
    moderationAt = now();
    moderationCheck = moderationVersion(db)
      .then((version) => {
        const seen = loaded ?? current;
        if (version.tags !== seen.moderation.tags) moderationNews = "tags";
        else if (version.texts !== seen.moderation.texts) moderationNews ??= "texts";
        if (moderationNews !== null) refreshInBackground(seen);
      })
      .catch((error: unknown) =>
        options.log?.error({ err: error }, "search could not look for moderation decisions; it tries again"),
      )
      .finally(() => {
        moderationCheck = null;
      });
  }

  /** The texts read again over the same index (a text approved, undone or hidden). */
  async function refreshTexts(current: Loaded): Promise<Loaded> {
    const moderation = await moderationVersion(db);
    const version = await textsVersion(db);
    const texts = new SummaryIndexBuilder(current.live.index);
    for await (const chunk of searchTexts(db)) texts.add(chunk);
    const summaries = await texts.build(pause);
    return {
      ...current,
      summaries,
      textsVersion: version,
      moderation: { tags: current.moderation.tags, texts: moderation.texts },
    };
  }

  async function reload(previous: Loaded | null): Promise<Loaded> {
    const startedAt = now();
    // Read first: a decision made while the rows are read is news to the next look.
    const moderation = await moderationVersion(db);
    // Chunk by chunk into the builder's typed columns: the rows themselves are never all held at once.
    const builder = new SearchIndexBuilder();
    for await (const chunk of searchRows(db)) builder.add(chunk);
    const index = await builder.build(pause);
    const lastId = index.lastId;
    const liveAt = await liveRows(db, new Date(startedAt));
    const state = {
      live: new LiveState(index, liveAt, startedAt),
      added: null,
      lastId,
      pollAt: liveAt.observedAt?.getTime() ?? null,
      loadedAt: startedAt,
      moderation,
    };
    const version = await textsVersion(db);
    if (previous !== null && previous.textsVersion === version) {
      return { ...state, summaries: previous.summaries, textsVersion: version };
    }
    const texts = new SummaryIndexBuilder(index);
    for await (const chunk of searchTexts(db)) texts.add(chunk);
    const summaries = await texts.build(pause);
    return { ...state, summaries, textsVersion: version };
  }

  /**
   * A new live state over the same index, and the performers first seen since it was built in a
   * small index of their own, under the same live state: a performer new in a poll is found from
   * the refresh after it, not from the next reload. The small index is rebuilt whole each time;
   * a reload folds its performers into the big one.
   */
  async function refreshLive(current: Loaded): Promise<Loaded> {
    const at = now();
    const liveAt = await liveRows(db, new Date(at));
    const rows: SearchRow[] = [];
    for await (const chunk of searchRows(db, current.lastId)) {
      for (const row of chunk) if (current.live.index.rowOfId(row.performerId) < 0) rows.push(row);
    }
    const added = rows.length === 0 ? null : new LiveState(await SearchIndex.build(rows, pause), liveAt, at);
    return {
      ...current,
      live: new LiveState(current.live.index, liveAt, at),
      added,
      pollAt: liveAt.observedAt?.getTime() ?? null,
    };
  }

  /** Starts a refresh behind the requests when one is due: a reload, or a new live state (`newPoll`: at once). */
  function refreshInBackground(current: Loaded, newPoll = false): void {
    if (refreshing || closed) return;
    const stale = optoutsChanged || moderationNews === "tags" || now() - current.loadedAt >= reloadMs;
    const texts = !stale && moderationNews === "texts";
    if (stale) optoutsChanged = false;
    if (stale || texts) moderationNews = null;
    if (!stale && !texts && !newPoll && now() - current.live.refreshedAt < liveMs) return;
    refreshing = true;
    (stale ? reload(current) : texts ? refreshTexts(current) : refreshLive(current))
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

  /** Refreshes when a complete poll newer than the live state's has been stored (followPollsSeconds). */
  async function followPolls(): Promise<void> {
    if (loaded === null || refreshing || closed) return;
    const latest = await latestCompletePollWithSource(db);
    // A first start's history (decision 0048): the servers listen while it is written, several
    // polls a second, each in the past; following them rebuilt the live state for nobody, on CPU
    // the history needs. The first live poll after it is followed (a reload catches up meanwhile).
    if (latest?.source === "simulated") return;
    const at = latest?.at.getTime() ?? null;
    if (loaded !== null && at !== null && at !== loaded.pollAt) refreshInBackground(loaded, true);
  }
  const followMs = (options.followPollsSeconds ?? 0) * 1000;
  const follower =
    followMs > 0
      ? setInterval(
          () =>
            void followPolls().catch((error: unknown) =>
              options.log?.error({ err: error }, "search could not look for a new poll; it tries again"),
            ),
          followMs,
        )
      : null;
  // Never what keeps a process alive.
  follower?.unref();

  async function current(): Promise<Loaded> {
    if (loaded !== null) {
      refreshInBackground(loaded);
      checkModeration(loaded);
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
    async modelsJson(asked) {
      const hiddenNow = await hiddenIds();
      const query = hiddenNow.size === 0 ? asked : { ...asked, hiddenIds: hiddenNow };
      const { live, added } = await current();
      const at = now();
      let resultCount: number;
      let results: string;
      if (added === null) {
        const page = search(live, query, at);
        resultCount = page.resultCount;
        results = page.rows.map((row) => modelResultJson(live, row)).join(",");
      } else {
        const page = searchMerged(search, live, added, query, at);
        resultCount = page.resultCount;
        results = page.rows.map((hit) => modelResultJson(hit.live, hit.row)).join(",");
      }
      return `{"resultCount":${resultCount},"offset":${query.offset},"results":[${results}]}`;
    },
    async summaries(searchTerm, gender) {
      const hiddenNow = await hiddenIds();
      const { live, summaries } = await current();
      const at = now();
      const terms = [...new Set(words(searchTerm))];
      const { count, hits } = summaries.search(terms, gender, SUMMARY_LIMIT);
      // A performer gone from the index since the texts were built, or who opted out since, is left out.
      const shown = hits
        .map((hit) => ({ hit, row: live.index.rowOfId(hit.performerId) }))
        .filter(({ hit, row }) => row >= 0 && !hiddenNow.has(hit.performerId));
      const texts = await textsAt(
        db,
        shown.map(({ hit }) => hit),
      );
      const pattern = wordStart(terms[0] ?? "");
      const results: SummaryResult[] = [];
      for (const { hit, row } of shown) {
        const text = texts.get(textPlace(hit));
        if (text === undefined) continue;
        results.push({
          enrichedName: enrichedName(live, row, at),
          matchText: matchText(collapseSpace(text), pattern),
          kind: hit.kind,
        });
      }
      return { resultCount: count, results };
    },
    async popularTags(limit) {
      const state = await current();
      if (state.tagsByUse === undefined) {
        const { tagNames, tagCount } = state.live.index;
        state.tagsByUse = tagNames
          .map((tag, t) => ({ tag, uses: tagCount[t] ?? 0 }))
          .sort((a, b) => b.uses - a.uses || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
          .map(({ tag }) => tag);
      }
      return state.tagsByUse.slice(0, limit);
    },
    indexState() {
      if (loaded === null) return null;
      const performers = loaded.live.index.size + (loaded.added?.index.size ?? 0);
      return { performers, loadedAt: loaded.loadedAt, pollAt: loaded.pollAt };
    },
    close() {
      closed = true;
      if (follower !== null) clearInterval(follower);
    },
  };
}
