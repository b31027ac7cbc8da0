import { Counter, Gauge, Histogram } from "prom-client";
import { metricsRegistry, onFirstUse } from "./registry.ts";

const registers = [metricsRegistry];

/** A poll of the platform's feed: seconds for a sweep of a few pages to one of hundreds. */
const POLL_BUCKETS = [0.5, 1, 2, 5, 10, 20, 30, 45, 60, 90, 120];
/** A daily step: a rollup of a small day to a catch-up's publish of a large one. */
const STEP_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/** A labelled counter with each of its known series at zero, so a rate over it starts at once. */
function atZero<L extends string>(counter: Counter<L>, label: L, values: readonly string[]): Counter<L> {
  for (const value of values) counter.inc({ [label]: value } as Record<L, string>, 0);
  return counter;
}

export const POLL_STATUSES = ["complete", "partial", "failed", "error"] as const;
export const FETCH_OUTCOMES = ["stored", "unknown", "failed", "rate_limited"] as const;

/** The live collector's polls (src/collect/scheduler.ts); the history build's are not counted. */
export const pollMetrics = onFirstUse(() => ({
  polls: atZero(
    new Counter({
      name: "camstats_polls_total",
      help: "Live polls by outcome: complete, partial (some pages failed), failed (no room list), error (not stored: the database or the code failed)",
      labelNames: ["status"],
      registers,
    }),
    "status",
    POLL_STATUSES,
  ),
  rooms: new Gauge({
    name: "camstats_poll_rooms",
    help: "Rooms stored by the last live poll",
    registers,
  }),
  duration: new Histogram({
    name: "camstats_poll_duration_seconds",
    help: "A live poll's time, from its first feed request to its rows committed",
    buckets: POLL_BUCKETS,
    registers,
  }),
  feedErrors: new Counter({
    name: "camstats_poll_feed_errors_total",
    help: "Feed requests that failed within live polls (each retry counts)",
    registers,
  }),
  lastStored: new Gauge({
    name: "camstats_poll_last_stored_timestamp_seconds",
    help: "When the last live poll that stored rooms was taken (Unix time)",
    registers,
  }),
}));

/** The daily job's steps (src/jobs/daily-steps.ts), however the job runs them. */
export const dailyStepMetrics = onFirstUse(() => ({
  duration: new Histogram({
    name: "camstats_daily_step_duration_seconds",
    help: "One day's run of one step of the daily job (a rollup or a publisher), by step",
    labelNames: ["step"],
    buckets: STEP_BUCKETS,
    registers,
  }),
  failures: new Counter({
    name: "camstats_daily_job_failures_total",
    help: "Daily job runs that failed (the next run retries the missing days)",
    registers,
  }),
}));

/** How often a queue is counted at most: the fetchers pick their work once a minute too. */
export const QUEUE_COUNT_EVERY_MS = 60_000;

/**
 * `count()` at most every `everyMs`: null when not due, or when the count failed (the database
 * away; the fetcher's own log says so), so that the gauge keeps its last value. The count is a
 * query, and a scrape should not cost the database more than the fetcher's own pick does.
 */
export function throttledCount(
  count: () => Promise<number>,
  everyMs = QUEUE_COUNT_EVERY_MS,
  now: () => number = Date.now,
): () => Promise<number | null> {
  let countedAt = Number.NEGATIVE_INFINITY;
  return async () => {
    if (now() - countedAt < everyMs) return null;
    countedAt = now();
    try {
      return await count();
    } catch {
      return null;
    }
  };
}

/**
 * The bio fetcher's and the thumbnail keeper's requests, by outcome, and their queues: the
 * performers due, counted when scraped (countQueueWith) at most once a minute.
 */
function fetcherMetrics(what: "bio" | "thumb", thing: string) {
  let counted: (() => Promise<number | null>) | null = null;
  return {
    requests: atZero(
      new Counter({
        name: `camstats_${what}_requests_total`,
        help: `Requests of the ${thing}, by outcome: stored, unknown (404), failed, rate_limited (429)`,
        labelNames: ["outcome"],
        registers,
      }),
      "outcome",
      FETCH_OUTCOMES,
    ),
    queue: new Gauge({
      name: `camstats_${what}_queue`,
      help: `Performers due for the ${thing} (counted at most once a minute)`,
      registers,
      async collect() {
        const n = counted === null ? null : await counted();
        if (n !== null) this.set(n);
      },
    }),
    /** Where the queue's count comes from: the fetcher's own query, counting instead of picking. */
    countQueueWith(count: () => Promise<number>): void {
      counted = throttledCount(count);
    },
  };
}

export const bioMetrics = onFirstUse(() => fetcherMetrics("bio", "bio fetcher (about-me texts)"));
export const thumbMetrics = onFirstUse(() =>
  fetcherMetrics("thumb", "thumbnail keeper (profile thumbnails)"),
);

/** Whether this worker leads the fleet (src/start/worker-lead.ts): 1 leading, 0 standing by. */
export const workerLeadMetric = onFirstUse(
  () =>
    new Gauge({
      name: "camstats_worker_lead",
      help: "1 while this worker leads (collects, runs the jobs); 0 while another worker leads and it waits",
      registers,
    }),
);
