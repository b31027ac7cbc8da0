import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { dedupeRooms, type RankedRoom, rankRooms } from "../src/collect/rank.ts";
import { PollWriter } from "../src/collect/write-poll.ts";
import { connect, ensureDatabase } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { ensureSnapshotPartitions } from "../src/db/queries/partitions.ts";
import { FeedClient } from "../src/platform/feed-client.ts";
import { parseRoom } from "../src/platform/parse-room.ts";
import { ManualClock } from "../src/sandbox/clock.ts";
import { createPopulation } from "../src/sandbox/population.ts";
import { startSandbox } from "../src/sandbox/server.ts";
import { BARE_TABLES, writeBareCopy, writeRowByRow } from "./ingest-baselines.ts";

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

    // The busiest hour of a weekday gives the sweep its ~10,000 rooms at 1,000,000 performers.
    const day = Date.UTC(2026, 10, 18);
    let peak = day;
    let peakRooms = 0;
    t = performance.now();
    for (let h = 0; h < 24; h++) {
      const rooms = population.truthAt(day + h * 3600_000).length;
      if (rooms > peakRooms) [peak, peakRooms] = [day + h * 3600_000, rooms];
    }
    console.log(
      `  peak ${new Date(peak).toISOString()}: ${peakRooms} rooms (24 truthAt in ${fmt(performance.now() - t)})`,
    );

    const clock = new ManualClock(peak);
    const sandbox = await startSandbox({ population, clock });
    sandbox.faults.set({ extraFields: true });

    const databases = ["bench_e2e", "bench_write", "bench_rows", "bench_copy"];
    for (const name of databases) await ensureDatabase(server.adminUrl, name);
    const [e2e, write, rows, copy] = databases.map((name) => connect(server.urlFor(name), { max: 2 }));
    if (!e2e || !write || !rows || !copy) throw new Error("no connection");
    for (const c of [e2e, write, rows]) {
      await migrateToLatest(c.db);
      await ensureSnapshotPartitions(c.db, peak - MINUTE, peak + (ITERATIONS + 2) * MINUTE);
    }
    await sql.raw(BARE_TABLES).execute(copy.db);

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
    let sweepRooms = 0;
    for (let i = 0; i <= ITERATIONS; i++) {
      const at = peak + i * MINUTE;
      clock.set(at);
      child.send({ poll: at });
      const reply = await next();
      sweepRooms = Number(reply.rooms);
      if (i > 0) e2eTimes.push(Number(reply.ms));
    }
    child.send({ done: true });
    const { peakRssMb } = await next();
    console.log(`end to end: ${sweepRooms} rooms, ${sandbox.requestCount} feed requests so far`);

    // The rows every write below stores: one sweep, parsed and ranked as the collector does.
    clock.set(peak);
    const client = new FeedClient({
      baseUrl: sandbox.url,
      wm: "bench",
      clientIp: "request_ip",
      maxRequestsPerSecond: Number.POSITIVE_INFINITY,
      timeoutMs: 60_000,
      maxRetries: 0,
    });
    const sweep = await client.sweep();
    const parsed = sweep.rooms.map(parseRoom).filter((r) => r !== null);
    const ranked: RankedRoom[] = rankRooms(dedupeRooms(parsed).rooms, true);

    // 2. Our write alone.
    const writeTimes: number[] = [];
    const writer = new PollWriter(write.db, { graceWindowPolls: 3 });
    let coldWrite = 0;
    for (let i = 0; i <= ITERATIONS; i++) {
      const observedAt = new Date(peak + i * MINUTE);
      const poll = {
        observedAt,
        startedAt: observedAt,
        finishedAt: observedAt,
        status: "complete" as const,
        source: "live" as const,
        expectedRooms: ranked.length,
        pages: 20,
        requests: 20,
        durationMs: 0,
        duplicates: 0,
        malformed: 0,
        excluded: 0,
        errors: [],
      };
      const started = performance.now();
      await writer.write(poll, ranked);
      const ms = performance.now() - started;
      if (i === 0) coldWrite = ms;
      else writeTimes.push(ms);
    }

    // 3. Baseline: row by row.
    const rowTimes: number[] = [];
    const rowClient = await rows.pool.connect();
    for (let i = 0; i <= ROW_ITERATIONS; i++) {
      const started = performance.now();
      await writeRowByRow(rowClient, ranked, new Date(peak + i * MINUTE));
      if (i > 0) rowTimes.push(performance.now() - started);
    }
    rowClient.release();

    // 4. Baseline: bare COPY into unindexed tables.
    const copyTimes: number[] = [];
    const copyClient = await copy.pool.connect();
    for (let i = 0; i <= ITERATIONS; i++) {
      const started = performance.now();
      await writeBareCopy(copyClient, ranked, new Date(peak + i * MINUTE));
      if (i > 0) copyTimes.push(performance.now() - started);
    }
    copyClient.release();

    const write50 = median(writeTimes);
    const rows50 = median(rowTimes);
    const copy50 = median(copyTimes);
    const results = {
      rooms: ranked.length,
      pages: sweep.pagesRead,
      endToEndMedianMs: median(e2eTimes),
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

    for (const c of [e2e, write, rows, copy]) await c.close();
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
