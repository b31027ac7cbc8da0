import { Counter, Histogram } from "prom-client";
import { metricsRegistry, onFirstUse } from "./registry.ts";

/**
 * Requests by route family: a few words fixed here, so that no address a visitor makes up can
 * add a series. The first rule that matches the path names it; anything else is a page.
 */
const FAMILIES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/api\/health$/, "health"],
  [/^\/(stats|data)\//, "published"],
  [/^\/api\/.*\.json$/, "published"],
  [/^\/api(\/|$)/, "api"],
  [/^\/v1\/auth(\/|$)/, "auth"],
  [/^\/v1(\/|$)/, "v1"],
  [/^\/assets\//, "assets"],
  [/^\/(images|profile|social)\/|^\/favicon\.ico$|\.png$/, "images"],
  [/^\/robots\.txt$|^\/sitemap[^/]*\.xml$/, "crawlers"],
  [/\.(atom|xml)$/, "feeds"],
  [/^\/dev(\/|$)/, "dev"],
];

export const ROUTE_FAMILIES: readonly string[] = [...new Set(FAMILIES.map(([, name]) => name)), "page"];

/** The family of a request's path (its query cut off). */
export function routeFamily(url: string): string {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  for (const [pattern, name] of FAMILIES) if (pattern.test(path)) return name;
  return "page";
}

/**
 * Seconds a request took, by family: from a page kept by the cache (a millisecond) to a search of
 * the summaries or a first render (tens to hundreds), and what would be an outage (seconds).
 */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const requestMetrics = onFirstUse(() => ({
  requests: new Counter({
    name: "camstats_http_requests_total",
    help: "Requests answered by the site, by route family and status code",
    labelNames: ["family", "status"],
    registers: [metricsRegistry],
  }),
  duration: new Histogram({
    name: "camstats_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's end, by route family",
    labelNames: ["family"],
    buckets: LATENCY_BUCKETS,
    registers: [metricsRegistry],
  }),
}));

/** How a page request was answered: see src/server/pages.ts. */
export type PageCacheResult = "hit" | "stale" | "shared" | "miss" | "bypass";

export const pageCacheMetrics = onFirstUse(
  () =>
    new Counter({
      name: "camstats_page_cache_requests_total",
      help: "Page requests by how the page cache answered: hit (kept), stale (kept, refreshed behind), shared (waited for another's render), miss (rendered), bypass (not cacheable: a POST, a signed-in request)",
      labelNames: ["result"],
      registers: [metricsRegistry],
    }),
);
