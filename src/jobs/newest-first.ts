import { sql } from "kysely";
import { markRolledUp } from "../db/queries/rollup-days.ts";
import type { PublishContext } from "../publish/context.ts";
import { publishManifest } from "../publish/manifest.ts";
import type { StorageOrDir } from "../storage/storage.ts";
import type { DailyJobDeps } from "./daily-job.ts";
import { DATED_PUBLISHERS, LATEST_PUBLISHERS, LATEST_ROLLUPS, ROLLUPS, type Rollup } from "./daily-steps.ts";

const RANKING_TABLES = ROLLUPS.filter((r) => r.rankingTable);
const OTHER_TABLES = ROLLUPS.filter((r) => !r.rankingTable);

const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;

/**
 * A catch-up of several closed days, the newest day's pages first (issue 16, point 6;
 * docs/decisions/0015). The plain order (every step of a day, day after day) publishes yesterday
 * last, minutes after a first start. Yet the rankings read two tables only, performer_days and
 * tag_days (0.15 s a day at the default size), and a day's files take 3 to 5 s. So:
 *
 * 1. every day, in order (performer_days measures a day against the day before): the ranking tables;
 * 2. the newest day: its dated files, the latest editions that read only those tables, the manifest;
 * 3. the newest day's other tables, and a first edition of the latest files that pages wait for
 *    (locations, traffic, camera trends: LATEST_PUBLISHERS' firstEdition), from that day alone, so
 *    that no page answers "on their way" for the whole catch-up (issue 28);
 * 4. the older days, in order: their other tables and dated files, each then added to the manifest;
 * 5. the latest editions that read the other tables, now complete.
 *
 * Each file's last write is from complete tables, so the bytes are those of the plain order
 * (tests/process/daily-job.test.ts). A day is recorded in rollup_days once all its tables and files
 * are written, the newest last: after a crash or Ctrl-C the next run redoes every day from the first
 * one missing, as it always did. Asked to stop (deps.stopRequested), it returns between two steps.
 */
export async function catchUpNewestFirst(
  deps: DailyJobDeps,
  days: readonly string[],
  done: readonly string[],
): Promise<{ derivedRows: number; files: number; stopped: boolean }> {
  const newest = days.at(-1);
  if (newest === undefined) return { derivedRows: 0, files: 0, stopped: false };
  const started = performance.now();
  const sinceStart = () => Math.round(performance.now() - started);
  const tally = new Map(days.map((day) => [day, { derivedRows: 0, files: 0, durationMs: 0 }]));
  const count = (day: string, rows: number, files: number, fromMs: number) => {
    const t = tally.get(day);
    if (!t) throw new Error(`${day} is not a day of this catch-up`);
    t.derivedRows += rows;
    t.files += files;
    t.durationMs += performance.now() - fromMs;
  };
  const rollUp = async (rollups: ReadonlyArray<{ run: Rollup }>, day: string) => {
    const from = performance.now();
    let rows = 0;
    for (const rollup of rollups) rows += await rollup.run(deps.db, day);
    count(day, rows, 0, from);
  };
  const publish = async (
    context: PublishContext<StorageOrDir>,
    publishers: ReadonlyArray<{ run: (c: PublishContext<StorageOrDir>, day: string) => Promise<unknown[]> }>,
    day: string,
  ) => {
    const from = performance.now();
    let files = 0;
    for (const publisher of publishers) files += (await publisher.run(context, day)).length;
    count(day, 0, files, from);
  };
  const published = new Set(done);
  // Rewritten as each day is published; counted once, as the plain order writes it once.
  const listInManifest = async (day: string) => {
    published.add(day);
    const coming = days.filter((d) => !published.has(d)).length;
    await publishManifest(deps.root, [...published], coming);
  };
  const record = async (day: string) => {
    const t = tally.get(day) ?? { derivedRows: 0, files: 0, durationMs: 0 };
    const durationMs = Math.round(t.durationMs);
    await markRolledUp(deps.db, { day, derivedRows: t.derivedRows, files: t.files, durationMs });
    deps.log?.info(`rollup ${day}: ${t.derivedRows} derived rows, ${t.files} files in ${durationMs} ms`);
  };

  const totals = (stopped: boolean) => {
    const all = [...tally.values()];
    return {
      derivedRows: all.reduce((sum, t) => sum + t.derivedRows, 0),
      files: all.reduce((sum, t) => sum + t.files, published.size > done.length ? 1 : 0),
      stopped,
    };
  };
  const stopping = () => deps.stopRequested?.() === true;

  for (const [i, day] of days.entries()) {
    if (stopping()) return totals(true);
    await rollUp(RANKING_TABLES, day);
    // The next days' lookups, and at last the newest day's windows, would be planned for a far
    // smaller performer_days (see runDay); sampled each time it has doubled, and at the end.
    if (isPowerOfTwo(i + 1) || i === days.length - 1) await sql`ANALYZE performer_days`.execute(deps.db);
  }
  deps.log?.info(`newest first: the ranking tables of ${days.length} days in ${sinceStart()} ms`);

  if (stopping()) return totals(true);
  const newestContext: PublishContext<StorageOrDir> = { db: deps.db, root: deps.root, options: deps.options };
  await publish(newestContext, DATED_PUBLISHERS, newest);
  await rollUp(LATEST_ROLLUPS, newest);
  await publish(
    newestContext,
    LATEST_PUBLISHERS.filter((p) => !p.otherTables),
    newest,
  );
  await listInManifest(newest);
  deps.log?.info(`newest first: ${newest}'s rankings published in ${sinceStart()} ms`);

  if (stopping()) return totals(true);
  await rollUp(OTHER_TABLES, newest);
  // Not counted: the plain order writes these files once, and step 5 writes them again.
  for (const publisher of LATEST_PUBLISHERS.filter((p) => p.otherTables && p.firstEdition))
    await publisher.run(newestContext, newest);
  deps.log?.info(`newest first: ${newest}'s traffic and locations published in ${sinceStart()} ms`);

  // A context of their own: the newest day's windows are no help to the older days.
  const context: PublishContext<StorageOrDir> = { db: deps.db, root: deps.root, options: deps.options };
  for (const day of days.slice(0, -1)) {
    if (stopping()) return totals(true);
    await rollUp(OTHER_TABLES, day);
    await publish(context, DATED_PUBLISHERS, day);
    await record(day);
    await listInManifest(day);
  }
  if (stopping()) return totals(true);
  await publish(
    newestContext,
    LATEST_PUBLISHERS.filter((p) => p.otherTables),
    newest,
  );
  await record(newest);

  return totals(false);
}
