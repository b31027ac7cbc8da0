import { fork } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { buildHistory } from "../src/collect/history.ts";
import { PollWriter } from "../src/collect/write-poll.ts";
import { connect } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { PartitionCache } from "../src/db/queries/partitions.ts";
import { markRolledUp } from "../src/db/queries/rollup-days.ts";
import { DATED_PUBLISHERS, LATEST_PUBLISHERS, LATEST_ROLLUPS, ROLLUPS } from "../src/jobs/daily-steps.ts";
import { FeedClient } from "../src/platform/feed-client.ts";
import type { PublishContext } from "../src/publish/context.ts";
import { treeDigest } from "../src/publish/tree-digest.ts";
import { ManualClock } from "../src/sandbox/clock.ts";
import { createPopulation } from "../src/sandbox/population.ts";
import { startSandbox } from "../src/sandbox/server.ts";
import { rollupBroadcasterDays } from "../src/stats/broadcaster-days.ts";
import { rollupLocationDays } from "../src/stats/location-days.ts";
import { rollupPerformerDays } from "../src/stats/performer-days.ts";
import { rollupTagDays } from "../src/stats/tag-days.ts";

/**
 * `npm run bench:publish`: the daily job's work for one day at the top sandbox size (1,000,000
 * performers, ~10,000 rooms online at peak): every rollup, then every dated and latest publisher,
 * into an empty publish directory. Each run is a child process of its own (its peak RSS is the
 * job's); the runs' files are compared byte for byte. Targets from issue 3: median under 60 s,
 * peak RSS under 1 GB, byte-identical.
 *
 * The day is built by the ordinary collector over HTTP every 5 minutes from 20:00 the evening
 * before to 00:40 the morning after (sessions crossing in and the midnight rule), then its
 * snapshots and polls are filled in to one a minute (a live day's volume) inside each sighting's
 * 5-minute gap. The 29 days before it get performer_days made from the day's (a 30-day window of
 * realistic size for the ranked lists), with their tag, location and broadcaster days.
 */

const { values: args } = parseArgs({
  options: {
    performers: { type: "string", default: "1000000" },
    runs: { type: "string", default: "3" },
    child: { type: "string" },
    "data-dir": { type: "string" },
    day: { type: "string", default: "2026-11-17" },
    /** Keep the database (its directory is printed) to study plans afterwards. */
    keep: { type: "boolean", default: false },
  },
});
const DAY = args.day as string;
const MINUTE = 60_000;
const DAY_MS = 86_400_000;
const dayMs = Date.parse(`${DAY}T00:00:00Z`);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

interface RunResult {
  steps: Record<string, number>;
  totalMs: number;
  files: number;
  peakRssMb: number;
}

/** The child: one run of the job's steps for the day into `root`, timed step by step. */
async function childRun(url: string, root: string): Promise<RunResult> {
  const { db, close } = connect(url, { max: 4 });
  const context: PublishContext = {
    db,
    root,
    options: { excludedUsername: undefined, tagMinPerformers: 5 },
  };
  const steps: Record<string, number> = {};
  let files = 0;
  const started = performance.now();
  for (const rollup of [...ROLLUPS, ...LATEST_ROLLUPS]) {
    const t = performance.now();
    await rollup.run(db, DAY);
    steps[`rollup ${rollup.name}`] = performance.now() - t;
  }
  for (const publisher of [...DATED_PUBLISHERS, ...LATEST_PUBLISHERS]) {
    const t = performance.now();
    files += (await publisher.run(context, DAY)).length;
    steps[`publish ${publisher.name}`] = performance.now() - t;
  }
  const totalMs = performance.now() - started;
  await close();
  const status = await readFile("/proc/self/status", "utf8");
  const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { steps, totalMs, files, peakRssMb: hwm / 1024 };
}

async function buildDay(url: string, performers: number): Promise<void> {
  const { db, close } = connect(url, { max: 4 });
  await migrateToLatest(db);
  const population = createPopulation({ seed: 7, performers });
  const clock = new ManualClock(dayMs);
  const sandbox = await startSandbox({ population, clock });
  const instants: number[] = [];
  for (let at = dayMs - 4 * 3_600_000; at <= dayMs + DAY_MS + 40 * MINUTE; at += 5 * MINUTE)
    instants.push(at);
  const started = performance.now();
  await buildHistory(
    {
      db,
      partitions: new PartitionCache(),
      writer: new PollWriter(db, { graceWindowPolls: 3 }),
      client: new FeedClient({
        baseUrl: sandbox.url,
        wm: "bench",
        clientIp: "request_ip",
        maxRequestsPerSecond: Number.POSITIVE_INFINITY,
        timeoutMs: 60_000,
        maxRetries: 2,
        pageSize: 500,
      }),
    },
    clock,
    instants,
    (done, total, last) => {
      if (done % 50 === 0 || done === total) {
        const s = ((performance.now() - started) / 1000).toFixed(0);
        console.log(
          `  ${done}/${total} polls (${last.rooms} rooms at ${last.observedAt.toISOString()}), ${s} s`,
        );
      }
    },
  );
  await sandbox.close();

  // One snapshot a minute, as the live collector takes them: each 5-minute sighting is repeated at
  // +1..+4 minutes when the same room was seen again 5 minutes later (still inside its session).
  console.log("filling snapshots and polls in to one a minute...");
  let t = performance.now();
  await sql`
    INSERT INTO polls (observed_at, started_at, finished_at, status, source, expected_rooms, rooms, viewers,
      rooms_f, rooms_m, rooms_c, rooms_t, viewers_f, viewers_m, viewers_c, viewers_t, pages, requests, duration_ms)
    SELECT p.observed_at + k * interval '1 minute', p.started_at + k * interval '1 minute',
      p.finished_at + k * interval '1 minute', p.status, p.source, p.expected_rooms, p.rooms, p.viewers,
      p.rooms_f, p.rooms_m, p.rooms_c, p.rooms_t, p.viewers_f, p.viewers_m, p.viewers_c, p.viewers_t,
      p.pages, p.requests, p.duration_ms
    FROM polls p, generate_series(1, 4) AS k
    WHERE p.observed_at < (SELECT MAX(observed_at) FROM polls)`.execute(db);
  await sql`
    INSERT INTO snapshots (performer_id, observed_at, poll_id, viewers, followers, show, seconds_online, rank, gender_rank)
    SELECT s.performer_id, s.observed_at + k * interval '1 minute', s.poll_id, s.viewers, s.followers, s.show,
      s.seconds_online + k * 60, s.rank, s.gender_rank
    FROM snapshots s
    JOIN snapshots n ON n.performer_id = s.performer_id AND n.observed_at = s.observed_at + interval '5 minutes'
    CROSS JOIN generate_series(1, 4) AS k`.execute(db);
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM snapshots`.execute(db);
  console.log(`  ${rows[0]?.n} snapshots in ${((performance.now() - t) / 1000).toFixed(0)} s`);

  // The 29 days before: performer_days made from the day's (about 5 in 8 performers each day, fewer
  // followers further back), with the derived days that read them, recorded as done.
  console.log("making the 29 days before...");
  t = performance.now();
  await rollupPerformerDays(db, DAY);
  for (let back = 29; back >= 1; back--) {
    const d = new Date(dayMs - back * DAY_MS).toISOString().slice(0, 10);
    await sql`
      INSERT INTO performer_days (performer_id, day, peak_viewers, followers, follower_gain, minutes_online,
        stream_count, tags, best_rank, best_gender_rank, seen_in_public)
      SELECT performer_id, ${d}::date,
        (peak_viewers * (60 + (hashtext(performer_id::text || ${d}) & 63)) / 100)::integer,
        GREATEST(0, followers - ${back} * (performer_id % 7)::integer),
        (performer_id % 7)::integer,
        (minutes_online * (50 + (hashtext(${d} || performer_id::text) & 63)) / 100)::integer,
        stream_count, tags, best_rank + (hashtext(performer_id::text) & 31), best_gender_rank, seen_in_public
      FROM performer_days WHERE day = ${DAY}::date AND (hashtext(performer_id::text || ${d}) & 7) < 5`.execute(
      db,
    );
    await rollupTagDays(db, d);
    await rollupLocationDays(db, d);
    await rollupBroadcasterDays(db, d);
    await markRolledUp(db, { day: d, derivedRows: 0, files: 0, durationMs: 0 });
  }
  await sql`DELETE FROM performer_days WHERE day = ${DAY}::date`.execute(db);
  await sql`ANALYZE`.execute(db);
  console.log(`  in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  await close();
}

async function main(): Promise<void> {
  if (args.child) {
    const result = await childRun(args.child, args["data-dir"] as string);
    process.send?.(result);
    return;
  }
  const performers = Number(args.performers);
  const runs = Number(args.runs);
  const dataDir = await mkdtemp(path.join(tmpdir(), "camstats-bench-publish-"));
  // Durable defaults, as `npm start` runs them.
  const server = await startEmbeddedPostgres({ dataDir, port: 0 });
  try {
    const url = server.urlFor("postgres");
    console.log(`building ${DAY} at ${performers} performers...`);
    await buildDay(url, performers);

    const results: RunResult[] = [];
    const digests: Map<string, string>[] = [];
    for (let run = 1; run <= runs; run++) {
      const root = await mkdtemp(path.join(tmpdir(), "camstats-bench-files-"));
      const result = await new Promise<RunResult>((resolve, reject) => {
        const child = fork(import.meta.filename, ["--child", url, "--data-dir", root, "--day", DAY], {
          execArgv: ["--import", "tsx"],
        });
        child.once("message", (m) => resolve(m as RunResult));
        child.once("error", reject);
        child.once("exit", (code) => code !== 0 && reject(new Error(`run ${run} exited ${code}`)));
      });
      digests.push(await treeDigest(root));
      await rm(root, { recursive: true, force: true });
      results.push(result);
      console.log(
        `run ${run}: ${(result.totalMs / 1000).toFixed(1)} s, ${result.files} files, peak RSS ${result.peakRssMb.toFixed(0)} MB`,
      );
      for (const [step, ms] of Object.entries(result.steps))
        console.log(`  ${step}: ${(ms / 1000).toFixed(2)} s`);
    }
    const first = digests[0] as Map<string, string>;
    const identical = digests.every(
      (d) => d.size === first.size && [...d].every(([file, hash]) => first.get(file) === hash),
    );
    console.log(
      `\nmedian ${(median(results.map((r) => r.totalMs)) / 1000).toFixed(1)} s (target < 60 s), ` +
        `peak RSS max ${Math.max(...results.map((r) => r.peakRssMb)).toFixed(0)} MB (target < 1024 MB), ` +
        `${first.size} files (with .gz and .br), byte-identical across runs: ${identical ? "yes" : "NO"}`,
    );
  } finally {
    await server.stop();
    if (args.keep) console.log(`database kept in ${dataDir}`);
    else await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
