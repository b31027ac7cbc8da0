import { fork } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { dedupeRooms, type RankedRoom, rankRooms } from "../src/collect/rank.ts";
import { connect, ensureDatabase } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { ensureSnapshotPartitions } from "../src/db/queries/partitions.ts";
import { FeedClient } from "../src/platform/feed-client.ts";
import { ManualClock } from "../src/sandbox/clock.ts";
import { createPopulation } from "../src/sandbox/population.ts";
import { startSandbox } from "../src/sandbox/server.ts";

/**
 * `npm run bench:ingest`: one sweep of ~10,000 rooms (20 pages of 500) end to end, and its database
 * write alone, against two baselines measured in the same run on the same rows: row by row, and a
 * bare COPY into unindexed tables. Medians of warm iterations (the first write, which inserts every
 * performer, is reported apart). Targets from issue 2.
 */

const { values: args } = parseArgs({
  options: {
    performers: { type: "string", default: "1000000" },
    iterations: { type: "string", default: "11" },
    "row-iterations": { type: "string", default: "3" },
  },
});
const PERFORMERS = Number(args.performers);
const ITERATIONS = Number(args.iterations);
const ROW_ITERATIONS = Number(args["row-iterations"]);
const MINUTE = 60_000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "camstats-bench-"));
  // Durable defaults, as `npm start` runs: fsync and synchronous commit on.
  const server = await startEmbeddedPostgres({ dataDir, port: 0 });
  try {
    console.log(`population: ${PERFORMERS} performers`);
    let t = performance.now();
    const population = createPopulation({ seed: 7, performers: PERFORMERS });
    console.log(`  created in ${fmt(performance.now() - t)}`);

    // The busiest half hour of a week gives the sweep its ~10,000 rooms at 1,000,000 performers
    // (the audience peaks between 00:00 and 04:00 UTC).
    const week = Date.UTC(2026, 10, 16);
    let peak = week;
    let peakRooms = 0;
    t = performance.now();
    for (let day = 0; day < 7; day++) {
      for (let half = 0; half <= 8; half++) {
        const at = week + day * 86_400_000 + half * 1_800_000;
        const rooms = population.truthAt(at).length;
        if (rooms > peakRooms) [peak, peakRooms] = [at, rooms];
      }
    }
    console.log(
      `  busiest: ${new Date(peak).toISOString()} with ${peakRooms} rooms (${fmt(performance.now() - t)})`,
    );

    const clock = new ManualClock(peak);
    const sandbox = await startSandbox({ population, clock });
    sandbox.faults.set({ extraFields: true });

    const databases = ["bench_e2e", "bench_write", "bench_rows", "bench_copy"];
    for (const name of databases) await ensureDatabase(server.adminUrl, name);
    for (const name of databases.slice(0, 3)) {
      const c = connect(server.urlFor(name), { max: 1 });
      await migrateToLatest(c.db);
      await ensureSnapshotPartitions(c.db, peak - MINUTE, peak + (ITERATIONS + 2) * MINUTE);
      await c.close();
    }

    // 1. End to end, in a child process: sweep over HTTP, parse, dedupe, rank, write.
    const child = fork(path.join(import.meta.dirname, "ingest-collector.ts"), {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const replies: Array<Record<string, number | string | boolean>> = [];
    let waiting: ((m: Record<string, number | string | boolean>) => void) | null = null;
    child.on("message", (m: Record<string, number | string | boolean>) => {
      if (waiting) {
        const w = waiting;
        waiting = null;
        w(m);
      } else replies.push(m);
    });
    const next = () =>
      new Promise<Record<string, number | string | boolean>>((resolve) => {
        const queued = replies.shift();
        if (queued) resolve(queued);
        else waiting = resolve;
      });
    child.send({ databaseUrl: server.urlFor("bench_e2e"), feedUrl: sandbox.url });
    await next();
    const e2eTimes: number[] = [];
    const goalTimes: number[] = [];
    let sweepRooms = 0;
    for (let i = 0; i <= ITERATIONS; i++) {
      const at = peak + i * MINUTE;
      clock.set(at);
      child.send({ poll: at });
      const reply = await next();
      sweepRooms = Number(reply.rooms);
      if (i > 0) e2eTimes.push(Number(reply.ms));
      if (i > 0) goalTimes.push(Number(reply.goalsMs));
    }
    child.send({ done: true });
    const { peakRssMb } = await next();
    console.log(`end to end: ${sweepRooms} rooms, ${sandbox.requestCount} feed requests so far`);

    // The rows every write below stores: one sweep per simulated minute, parsed and ranked as the
    // collector does, so successive writes see what successive polls see (viewers, followers and
    // ranks move; a few broadcasts start, end or change their subject).
    const client = new FeedClient({
      baseUrl: sandbox.url,
      wm: "bench",
      clientIp: "request_ip",
      maxRequestsPerSecond: Number.POSITIVE_INFINITY,
      timeoutMs: 60_000,
      maxRetries: 0,
    });
    const minutes: RankedRoom[][] = [];
    for (let i = 0; i <= ITERATIONS; i++) {
      clock.set(peak + i * MINUTE);
      const sweep = await client.sweep();
      minutes.push(rankRooms(dedupeRooms(sweep.rooms).rooms, true));
    }
    // One file per minute: the measuring process loads only the minute it is about to write.
    const rowsFiles: string[] = [];
    for (const [i, rooms] of minutes.entries()) {
      const file = path.join(dataDir, `minute-${i}.json`);
      await writeFile(file, JSON.stringify(rooms));
      rowsFiles.push(file);
    }
    const writes = fork(path.join(import.meta.dirname, "ingest-writes.ts"), {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const measured = await new Promise<{
      write: number[];
      performersWritten: number[];
      stages: Record<string, number>[];
      rows: number[];
      copy: number[];
    }>((resolve, reject) => {
      writes.once("message", resolve as (m: unknown) => void);
      writes.once("exit", (code) => (code === 0 ? undefined : reject(new Error(`writes exited ${code}`))));
      writes.send({
        rowsFiles,
        firstInstant: peak,
        urls: {
          write: server.urlFor("bench_write"),
          rows: server.urlFor("bench_rows"),
          copy: server.urlFor("bench_copy"),
        },
        rowIterations: ROW_ITERATIONS,
      });
    });
    // The first write of each kind inserts every performer and session: reported apart, not in the medians.
    const [coldWrite = 0, ...writeTimes] = measured.write;
    const rowTimes = measured.rows.slice(1);
    const copyTimes = measured.copy.slice(1);
    const ranked = minutes[0] as RankedRoom[];
    console.log(
      `performer rows written per warm poll: median ${median(measured.performersWritten.slice(1))}`,
    );
    const stage = (name: string) => median(measured.stages.slice(1).map((s) => s[name] ?? 0));
    console.log(
      `write stages, medians: performers ${fmt(stage("performers"))}, sessions read ${fmt(stage("sessionsRead"))}, ` +
        `snapshots and sessions ${fmt(stage("sightings"))}, commit ${fmt(stage("commit"))}, total ${fmt(stage("total"))}`,
    );

    const write50 = median(writeTimes);
    const rows50 = median(rowTimes);
    const copy50 = median(copyTimes);
    const results = {
      rooms: ranked.length,
      pages: Math.ceil(ranked.length / 500),
      endToEndMedianMs: median(e2eTimes),
      subjectGoalsMedianMs: median(goalTimes),
      writeMedianMs: write50,
      writeColdMs: coldWrite,
      rowByRowMedianMs: rows50,
      bareCopyMedianMs: copy50,
      speedupOverRowByRow: rows50 / write50,
      ratioToBareCopy: write50 / copy50,
      collectorPeakRssMb: Number(peakRssMb),
    };
    console.log("\nresults");
    console.log(`  rooms in the sweep          ${results.rooms} (${results.pages} pages)`);
    console.log(`  end to end (median)         ${fmt(results.endToEndMedianMs)}`);
    console.log(
      `  subject goals, in it        ${fmt(results.subjectGoalsMedianMs)} (the hook after the write)`,
    );
    console.log(
      `  write alone (median)        ${fmt(write50)}   target < 300 ms: ${write50 < 300 ? "met" : "MISSED"}`,
    );
    console.log(`  write alone, first (cold)   ${fmt(coldWrite)}`);
    console.log(
      `  row by row (median)         ${fmt(rows50)}   speed-up ${results.speedupOverRowByRow.toFixed(1)}x, target >= 30x: ${results.speedupOverRowByRow >= 30 ? "met" : "MISSED"}`,
    );
    console.log(
      `  bare COPY (median)          ${fmt(copy50)}   ratio ${results.ratioToBareCopy.toFixed(2)}x, target <= 3x: ${results.ratioToBareCopy <= 3 ? "met" : "MISSED"}`,
    );
    console.log(
      `  collector peak RSS          ${results.collectorPeakRssMb.toFixed(0)} MB   target < 300 MB: ${results.collectorPeakRssMb < 300 ? "met" : "MISSED"}`,
    );
    console.log(`\n${JSON.stringify(results)}`);

    await sandbox.close();
  } catch (error) {
    // Report before the server stops: its shutdown ends every connection and would mask this.
    console.error(error);
    process.exitCode = 1;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
