import { createRequire } from "node:module";

/**
 * Load over HTTP with autocannon, reduced to what the HTTP benchmarks (bench:search, bench:pages) report. autocannon ships
 * no types and we add no @types package for one call: the part of its API used here is declared
 * below, and the module is loaded with require (it is CommonJS).
 */

interface AutocannonOptions {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  /** Seconds a request may take before it counts as a timeout. */
  timeout: number;
  /** Each connection sends these in order, starting over at the end. */
  requests: LoadRequest[];
  /** Sent with every request. */
  headers?: Record<string, string>;
}

/** One request of a load: GET by default; a body is sent as it is. */
export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(
    event: "response",
    listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
  ): void;
  on(event: "tick", listener: (counts: { counter: number }) => void): void;
}

const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: AutocannonOptions,
) => AutocannonInstance;

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Called every 5 seconds of load with the seconds done and the requests answered so far. */
  progress?: (seconds: number, answered: number) => void;
  /** Sent with every request (bench:pages sends a browser's Accept-Encoding). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  /** Requests answered per second (autocannon's mean of its per-second samples). */
  perSecond: number;
  answered: number;
  /** Latency percentiles in ms over the 2xx answers. */
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Answers by status code. */
  statusCodes: Record<string, number>;
}

/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/**
 * `paths` sent over `connections` connections for `seconds`, each connection cycling through them in
 * order. Latencies are autocannon's own response times, as it records them in its histogram (2xx
 * only), kept here whole because its result stops at p90 and p97.5 and the target is a p95.
 */
export function runLoad(
  baseUrl: string,
  paths: readonly string[],
  options: LoadOptions,
): Promise<LoadResult> {
  return runRequests(
    baseUrl,
    paths.map((path) => ({ method: "GET", path })),
    options,
  );
}

/** runLoad's load, of any requests (bench:accounts posts sign-ins). */
export async function runRequests(
  baseUrl: string,
  requests: readonly LoadRequest[],
  options: LoadOptions,
): Promise<LoadResult> {
  const times: number[] = [];
  const instance = autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    // A slow baseline queues 50 connections deep; a reply late by seconds is a latency to report,
    // not a lost request.
    timeout: 120,
    requests: [...requests],
    headers: options.headers,
  });
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  let ticks = 0;
  let answered = 0;
  instance.on("tick", ({ counter }) => {
    ticks++;
    answered += counter;
    if (ticks % 5 === 0 && ticks < options.seconds) options.progress?.(ticks, answered);
  });
  const result = await instance;
  const sorted = Float64Array.from(times).sort();
  return {
    perSecond: result.requests.average,
    answered: result.requests.total,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
    ),
  };
}
