import { sql } from "kysely";
import type { Db } from "../db/connect.ts";
import { type CollectorDeps, type PollSummary, storePoll, sweepPoll } from "./poll.ts";

/**
 * First-start history: the sandbox platform runs in simulated time and the ordinary collector
 * (collectPoll, over HTTP) polls it at past instants, so every chart has data at first look.
 * Only ever against the sandbox; never against the real platform.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * How densely each age of history is polled: the newest day as often as the live collector would
 * like to, older days more sparsely, so 35 days build in well under two minutes (README).
 * Sessions stay whole across sparse polls because the feed's seconds_online bridges the gaps.
 */
export const HISTORY_TIERS: ReadonlyArray<{ olderThanDays: number; everyMinutes: number }> = [
  { olderThanDays: 0, everyMinutes: 5 },
  // 40 and 100 minutes do not divide a day into whole hours, so the sampled times drift from day
  // to day and every hour of every weekday is sampled (hourly stats by weekday need that).
  { olderThanDays: 1, everyMinutes: 40 },
  { olderThanDays: 7, everyMinutes: 100 },
];

function intervalFor(ageMs: number): number {
  let every = HISTORY_TIERS[0]?.everyMinutes ?? 5;
  for (const tier of HISTORY_TIERS) if (ageMs >= tier.olderThanDays * DAY) every = tier.everyMinutes;
  return every * MINUTE;
}

/**
 * The simulated poll instants in (fromMs, endMs], oldest first, each on a whole multiple of its
 * tier's interval (so instants are the same whenever the build runs or resumes).
 */
export function historyInstants(fromMs: number, endMs: number): number[] {
  const instants: number[] = [];
  let t = fromMs;
  for (;;) {
    const step = intervalFor(endMs - t);
    t = Math.floor(t / step) * step + step;
    if (t > endMs) break;
    instants.push(t);
  }
  return instants;
}

export interface HistoryPlan {
  /** Where the build starts (exclusive): the start of history, or the last simulated poll. */
  fromMs: number;
  instants: number[];
  resumed: boolean;
}

/**
 * What is left to build. Nothing when the database already holds live polls (history is done, or
 * was never wanted); otherwise from the last simulated poll, or from `days` before `endMs`.
 */
export async function planHistory(db: Db, days: number, endMs: number): Promise<HistoryPlan> {
  const { rows } = await sql<{ live: number; last_simulated: Date | null }>`
    SELECT
      (SELECT COUNT(*) FROM (SELECT 1 FROM polls WHERE source = 'live' LIMIT 1) AS l) AS live,
      (SELECT MAX(observed_at) FROM polls WHERE source = 'simulated') AS last_simulated`.execute(db);
  const row = rows[0];
  if (!row || row.live > 0 || days === 0) return { fromMs: endMs, instants: [], resumed: false };
  const start = endMs - days * DAY;
  const fromMs = row.last_simulated ? Math.max(start, row.last_simulated.getTime()) : start;
  return { fromMs, instants: historyInstants(fromMs, endMs), resumed: row.last_simulated !== null };
}

export interface SimulatedClock {
  /** Sets the sandbox platform's clock to a past instant. */
  set(ms: number): void;
}

/**
 * Polls the sandbox at each instant, oldest first. Pipelined: the sweep of the next instant runs
 * while the previous poll is being written (node and PostgreSQL work at once); writes stay in order.
 */
export async function buildHistory(
  deps: Omit<CollectorDeps, "now" | "source">,
  clock: SimulatedClock,
  instants: number[],
  onProgress?: (done: number, total: number, last: PollSummary) => void,
): Promise<{ polls: number; rooms: number }> {
  let rooms = 0;
  let done = 0;
  let current = instants[0] ?? 0;
  const collector: CollectorDeps = { ...deps, source: "simulated", now: () => current };
  let writing: Promise<PollSummary> | null = null;
  const finish = async (pending: Promise<PollSummary>) => {
    const summary = await pending;
    rooms += summary.rooms;
    onProgress?.(++done, instants.length, summary);
  };
  for (const at of instants) {
    current = at;
    clock.set(at);
    const swept = await sweepPoll(collector, new Date(at));
    if (writing) await finish(writing);
    writing = storePoll(collector, swept);
    // Awaited on the next turn; until then a failure must not count as an unhandled rejection.
    writing.catch(() => {});
  }
  if (writing) await finish(writing);
  return { polls: instants.length, rooms };
}
