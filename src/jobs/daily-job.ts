import { sql } from "kysely";
import type { Db } from "../db/connect.ts";
import { markRolledUp, polledDays, rolledUpDays } from "../db/queries/rollup-days.ts";
import type { Logger } from "../log.ts";
import type { PublishContext, PublishOptions } from "../publish/context.ts";
import { publishManifest } from "../publish/manifest.ts";
import { addDays } from "../rules/calendar.ts";
import { lastClosedDay } from "../stats/ranking-day.ts";
import type { StorageOrDir } from "../storage/storage.ts";
import { LOCKS, withAdvisoryLock } from "./advisory-lock.ts";
import { DATED_PUBLISHERS, LATEST_PUBLISHERS, LATEST_ROLLUPS, ROLLUPS } from "./daily-steps.ts";
import { catchUpNewestFirst } from "./newest-first.ts";

export interface DailyJobDeps {
  db: Db;
  /** The publish root (PUBLISH_DIR). */
  root: StorageOrDir;
  options: PublishOptions;
  /** Wall clock: which days are closed. */
  now: () => number;
  log?: Logger;
  /**
   * Ctrl-C or SIGTERM: a catch-up (newest-first.ts) stops between days, the days it did not
   * finish unrecorded, so the next run redoes them. Other runs are one day, or a rebuild: they finish.
   */
  stopRequested?: () => boolean;
}

export interface DailyJobRequest {
  /** Recompute exactly these days (a rebuild), even when already done; else every missing closed day. */
  from?: string;
  to?: string;
}

export interface DailyJobResult {
  /** false: another process holds the job's lock. */
  ran: boolean;
  days: string[];
  latest: string | null;
  derivedRows: number;
  files: number;
  durationMs: number;
  /** true: asked to stop, it left days for the next run. */
  stopped: boolean;
}

/** The earlier and the later of two days (YYYY-MM-DD strings sort as their dates do). */
const earlier = (a: string, b: string) => [a, b].sort()[0] as string;
const later = (a: string, b: string) => [a, b].sort()[1] as string;

function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * The days to do. Catching up starts at the first closed day not yet done and redoes every day after
 * it: a day's follower gain is measured against the day before, so a day done out of order would
 * leave the next one measured against the wrong day.
 */
export function daysToRun(
  polled: { first: string; last: string },
  done: string[],
  lastClosed: string,
  request: DailyJobRequest,
): string[] {
  const last = earlier(polled.last, lastClosed);
  if (request.from !== undefined || request.to !== undefined) {
    const from = request.from ?? polled.first;
    const to = request.to ?? last;
    return daysBetween(later(from, polled.first), earlier(to, last));
  }
  const doneSet = new Set(done);
  const all = daysBetween(polled.first, last);
  const firstMissing = all.findIndex((d) => !doneSet.has(d));
  return firstMissing === -1 ? [] : all.slice(firstMissing);
}

async function runDay(deps: DailyJobDeps, context: PublishContext<StorageOrDir>, day: string) {
  const started = performance.now();
  let derivedRows = 0;
  let files = 0;
  for (const rollup of ROLLUPS) derivedRows += await rollup.run(deps.db, day);
  // A catch-up grows performer_days from empty, and autovacuum analyzes a table only once enough of
  // it changed: the next day's queries (the week's gain, the 30-day windows) would be planned for a
  // table far smaller than it is. Sampling it is cheap.
  await sql`ANALYZE performer_days`.execute(deps.db);
  for (const publisher of DATED_PUBLISHERS) files += (await publisher.run(context, day)).length;
  const durationMs = Math.round(performance.now() - started);
  await markRolledUp(deps.db, { day, derivedRows, files, durationMs });
  deps.log?.info(`rollup ${day}: ${derivedRows} derived rows, ${files} files in ${durationMs} ms`);
  return { derivedRows, files };
}

/**
 * The daily rollup and publish (issue 3): for each day to do, every rollup then every dated
 * publisher, in day order; then the latest editions (one-edition tables, fixed-path files) for
 * the newest day done, and the manifest. A catch-up of several days takes another order with the
 * same result, the newest day's files first (newest-first.ts); a rebuild (from, to) keeps this
 * one. One process at a time: the others find the lock taken and return at once.
 */
export async function runDailyJob(
  deps: DailyJobDeps,
  request: DailyJobRequest = {},
): Promise<DailyJobResult> {
  const started = performance.now();
  const locked = await withAdvisoryLock(deps.db, LOCKS.dailyJob, async () => {
    const polled = await polledDays(deps.db);
    const done = await rolledUpDays(deps.db);
    const days = polled ? daysToRun(polled, done, lastClosedDay(deps.now()), request) : [];
    const allDone = [...new Set([...done, ...days])].sort();
    const latest = allDone.at(-1) ?? null;
    // A catch-up of several days publishes the newest first (newest-first.ts): on a first start
    // that is yesterday's pages after seconds instead of minutes. Same files, other order.
    if (request.from === undefined && request.to === undefined && days.length > 1) {
      return { days, latest, ...(await catchUpNewestFirst(deps, days, done)) };
    }
    let derivedRows = 0;
    let files = 0;
    // One context for the run: a day's window figures serve the next day as its day before (window-pools.ts).
    const context: PublishContext<StorageOrDir> = { db: deps.db, root: deps.root, options: deps.options };
    for (const day of days) {
      const result = await runDay(deps, context, day);
      derivedRows += result.derivedRows;
      files += result.files;
    }
    // The latest editions follow the newest day; a rebuild of older days leaves them alone.
    if (latest !== null && days.includes(latest)) {
      for (const rollup of LATEST_ROLLUPS) derivedRows += await rollup.run(deps.db, latest);
      for (const publisher of LATEST_PUBLISHERS) files += (await publisher.run(context, latest)).length;
    }
    if (latest !== null && days.length > 0) {
      await publishManifest(deps.root, allDone);
      files += 1;
    }
    return { days, latest, derivedRows, files, stopped: false };
  });
  const durationMs = Math.round(performance.now() - started);
  if (!locked.ran) {
    deps.log?.info("daily job: another process holds the lock; nothing done here");
    return { ran: false, days: [], latest: null, derivedRows: 0, files: 0, durationMs, stopped: false };
  }
  const { days, latest, derivedRows, files, stopped } = locked.result;
  deps.log?.info(
    `daily job${stopped ? " (stopped: the next run resumes)" : ""}: ${days.length} days (${days[0] ?? "none"}..${days.at(-1) ?? "none"}), ${derivedRows} derived rows, ${files} files in ${durationMs} ms`,
  );
  return { ran: true, days, latest, derivedRows, files, durationMs, stopped };
}
