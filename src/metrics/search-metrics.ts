import { Gauge } from "prom-client";
import { metricsRegistry, onFirstUse } from "./registry.ts";

/** What the search service says of its index (SearchService.indexState). */
export interface SearchIndexState {
  /** Performers it can find: the big index and those added since. */
  performers: number;
  /** When its performers were read from the database (epoch ms). */
  loadedAt: number;
  /** The complete poll its live state shows (epoch ms), or null before any. */
  pollAt: number | null;
}

let read: (() => SearchIndexState | null) | null = null;
let now: () => number = Date.now;

/**
 * The most of any server process (the aggregator): every process holds its own copy of the same
 * index, so the sum would mean nothing, and the oldest copy is the one to alert on.
 */
const searchGauges = onFirstUse(() => {
  const gauge = (name: string, help: string, value: (state: SearchIndexState) => number | null) =>
    new Gauge({
      name,
      help,
      aggregator: "max",
      registers: [metricsRegistry],
      collect() {
        const state = read?.() ?? null;
        // Not known yet (no index, or no poll): NaN, which no alert mistakes for fresh or empty.
        this.set((state === null ? null : value(state)) ?? Number.NaN);
      },
    });
  return [
    gauge(
      "camstats_search_index_performers",
      "Performers the search index holds (the most of any server process)",
      (s) => s.performers,
    ),
    gauge(
      "camstats_search_index_age_seconds",
      "Seconds since the search index read its performers from the database (the oldest of any server process)",
      (s) => (now() - s.loadedAt) / 1000,
    ),
    gauge(
      "camstats_search_poll_age_seconds",
      "Seconds since the poll whose live state the search shows (the oldest of any server process)",
      (s) => (s.pollAt === null ? null : (now() - s.pollAt) / 1000),
    ),
  ];
});

/** Reports the search index `state()` describes, read when scraped (null: none loaded yet). */
export function watchSearchIndex(state: () => SearchIndexState | null, clock: () => number = Date.now): void {
  searchGauges();
  read = state;
  now = clock;
}
