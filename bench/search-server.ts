import cluster, { type Worker } from "node:cluster";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { connect } from "../src/db/connect.ts";
import { answerMetricsRequests, ClusterMetrics } from "../src/metrics/cluster-metrics.ts";
import { startMetricsServer } from "../src/metrics/metrics-server.ts";
import { watchPool } from "../src/metrics/pool-metrics.ts";
import { collectProcessMetrics, metricsRegistry } from "../src/metrics/registry.ts";
import { watchSearchIndex } from "../src/metrics/search-metrics.ts";
import { sandboxPlatform } from "../src/online-rooms/platform-source.ts";
import { createSearchService } from "../src/search/search-service.ts";
import { buildApp } from "../src/server/app.ts";
import { SEARCH_FOLLOWS_POLLS_SECONDS } from "../src/start/site-server.ts";
import { benchIdentity } from "./bench-identity.ts";
import { traceFullCollections } from "./gc-trace.ts";
import { createPostgresSearchService, tuneBaselineSessions } from "./search-postgres.ts";
import { baselineBuildText } from "./search-postgres-table.ts";

/**
 * One server of `npm run bench:search`, forked by bench/search-server-child.ts: a process of its
 * own, so the load generator does not share its event loop and its RSS is the server's alone.
 * --mode indexed or scan builds the app with `createSearchService(db, { indexed })` and waits for
 * its index to load (its clock fixed at the data's instant: live state is judged as of the data,
 * and no reload starts during a run, which measures the steady state); --mode following is indexed
 * and follows the polls as the site does, refreshing whenever the benchmark stores one (issue 16);
 * --mode static builds it with no search at all (the ceiling serves a published file); --mode
 * postgres answers model searches in PostgreSQL (bench/search-postgres.ts, the fair baseline), its
 * tables built before it listens, as the index is loaded. Once listening it sends { port, readyMs,
 * rssMb, retainedMb }; on "stats" it answers with its current and peak RSS; on "stop" it closes
 * and exits.
 */

/** following: indexed, and following the polls as the site's processes do (issue 16). */
export type ServerMode = "indexed" | "following" | "scan" | "static" | "postgres";

export interface ServerReady {
  port: number;
  /** From the start of the search service to its ready() (0 for static). */
  readyMs: number;
  rssMb: number;
  /** Heap and typed arrays held once loaded, after a forced garbage collection: what the index keeps. */
  retainedMb: number;
  /** With --metrics on: the port of its metrics listener (the primary's, merging its workers'). */
  metricsPort?: number;
}

export interface ServerStats {
  /** CPU time the process has used, user and system, all threads (ms). */
  cpuMs: number;
  rssMb: number;
  /** VmHWM: the process's peak resident set, index load and load test included. */
  peakRssMb: number;
}

const MB = 1024 * 1024;

function stats(): ServerStats {
  const status = readFileSync("/proc/self/status", "utf8");
  const hwmKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const cpu = process.cpuUsage();
  return {
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssMb: process.memoryUsage().rss / MB,
    peakRssMb: hwmKb / 1024,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      database: { type: "string" },
      "publish-dir": { type: "string" },
      mode: { type: "string" },
      /** The data's instant (ms): the search's clock stays there, so every scenario sees the same live state. */
      now: { type: "string" },
      /** A platform feed for the live-room pages (bench:pages starts a sandbox one); none by default. */
      feed: { type: "string" },
      /** "off" renders every page (bench:pages --page-cache off: the render itself); on by default. */
      "page-cache": { type: "string", default: "on" },
      /**
       * Server processes on one port, as `npm start` runs WEB_PROCESSES of them (node:cluster: this
       * process hands out the connections, each of its workers builds the app); 1 by default.
       */
      processes: { type: "string", default: "1" },
      /** Database connections per process (npm start's server processes have 10). */
      pool: { type: "string", default: "4" },
      /** "on": accounts under /v1/auth (bench:accounts), their mail dropped. */
      accounts: { type: "string", default: "off" },
      /**
       * "on": the site's metrics as METRICS_PORT turns them on (decision 0037): every request
       * counted and timed, the process's own metrics, a listener on a port of its own.
       */
      metrics: { type: "string", default: "off" },
    },
  });
  const metricsOn = values.metrics === "on";
  const processes = Number(values.processes);
  if (processes > 1 && cluster.isPrimary) return runPrimary(processes, metricsOn);
  const mode = values.mode as ServerMode;
  const now = Number(values.now);
  if (
    !values.database ||
    !values["publish-dir"] ||
    !["indexed", "following", "scan", "static", "postgres"].includes(mode) ||
    !now
  ) {
    throw new Error(
      "usage: search-server.ts --database URL --publish-dir DIR --mode indexed|following|scan|static|postgres --now MS",
    );
  }
  const { db, pool, close } = connect(values.database, {
    max: Number(values.pool),
    applicationName: "bench-search-server",
  });
  if (mode === "postgres") tuneBaselineSessions(pool);
  const started = performance.now();
  const search =
    mode === "static"
      ? undefined
      : mode === "postgres"
        ? createPostgresSearchService(db, now, (build) => console.log(`  ${baselineBuildText(build)}`))
        : createSearchService(db, {
            indexed: mode !== "scan",
            now: () => now,
            ...(mode === "following" ? { followPollsSeconds: SEARCH_FOLLOWS_POLLS_SECONDS } : {}),
          });
  await search?.ready();
  const readyMs = search ? performance.now() - started : 0;
  if (metricsOn) {
    // As a server process of `npm start` with METRICS_PORT does (src/web-process.ts, site-server.ts).
    collectProcessMetrics();
    watchPool("web", pool);
    watchSearchIndex(() => search?.indexState?.() ?? null);
    if (cluster.isWorker) {
      answerMetricsRequests({
        send: (message) => process.send?.(message),
        onMessage: (listener) => process.on("message", listener),
      });
    }
  }
  const app = buildApp({
    db,
    publishDir: values["publish-dir"],
    rateLimitPerMinute: 0,
    search,
    ...(values.feed ? { platform: sandboxPlatform(values.feed), imageHost: values.feed } : {}),
    ...(values["page-cache"] === "off" ? { pageCache: false as const } : {}),
    ...(values.accounts === "on" ? { identity: benchIdentity(db) } : {}),
    requestMetrics: metricsOn,
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  if (process.env.BENCH_GC_TRACE === "1") traceFullCollections();
  const { port } = app.server.address() as AddressInfo;

  process.on("message", async (message) => {
    if (message === "stats") process.send?.(stats());
    if (message === "stop") {
      await app.close();
      search?.close();
      await close();
      process.exit(0);
    }
  });
  // The process runs with --expose-gc: what stays after a collection is the index, not the build's
  // garbage. V8 hands a collected ArrayBuffer's memory back on a thread of its own after the
  // collection: read RSS a second later (after a second collection), not while that is under way.
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  gc?.();
  const memory = process.memoryUsage();
  const retainedMb = (memory.heapUsed + memory.arrayBuffers) / MB;
  // Alone (one process), it serves its own metrics; a cluster's primary serves its workers'.
  const metricsPort =
    metricsOn && !cluster.isWorker ? await benchMetricsListener(() => metricsRegistry.metrics()) : undefined;
  const ready: ServerReady = { port, readyMs, rssMb: stats().rssMb, retainedMb, metricsPort };
  process.send?.(ready);
}

/** The metrics listener on a free loopback port: its port. */
async function benchMetricsListener(text: () => Promise<string>): Promise<number> {
  const server = await startMetricsServer({
    host: "127.0.0.1",
    port: 0,
    metrics: text,
    health: async () => ({ status: 200, body: { status: "ok" } }),
  });
  return Number(new URL(server.url).port);
}

/**
 * --processes N > 1: forks N copies of this server as cluster workers (each listens on the same
 * port: a worker's port 0 is the one the first worker got), answers the parent once all are ready
 * (RSS summed), sums their stats and stops them with itself.
 */
async function runPrimary(processes: number, metricsOn: boolean): Promise<void> {
  const merged = new ClusterMetrics();
  cluster.setupPrimary({
    exec: fileURLToPath(import.meta.url),
    args: process.argv.slice(2),
    execArgv: process.execArgv,
  });
  const workers: Worker[] = [];
  const readies = await Promise.all(
    Array.from(
      { length: processes },
      () =>
        new Promise<ServerReady>((resolve, reject) => {
          const worker = cluster.fork();
          workers.push(worker);
          if (metricsOn) worker.on("message", (message) => merged.handle(message));
          worker.once("message", (message) => resolve(message as ServerReady));
          worker.once("exit", (code) => reject(new Error(`a server worker exited (code ${code})`)));
        }),
    ),
  );
  const ask = (worker: Worker) =>
    new Promise<ServerStats>((resolve) => {
      // Only the stats: a metrics reply may come in between.
      const onMessage = (message: unknown) => {
        if (typeof message !== "object" || message === null || !("cpuMs" in message)) return;
        worker.off("message", onMessage);
        resolve(message as ServerStats);
      };
      worker.on("message", onMessage);
      worker.send("stats");
    });
  process.on("message", async (message) => {
    if (message === "stats") {
      const all = await Promise.all(workers.map(ask));
      const own = stats();
      process.send?.({
        cpuMs: own.cpuMs + all.reduce((sum, s) => sum + s.cpuMs, 0),
        rssMb: own.rssMb + all.reduce((sum, s) => sum + s.rssMb, 0),
        peakRssMb: own.peakRssMb + all.reduce((sum, s) => sum + s.peakRssMb, 0),
      } satisfies ServerStats);
    }
    if (message === "stop") {
      await Promise.all(
        workers.map((worker) => {
          const exited = new Promise((resolve) => worker.once("exit", resolve));
          worker.send("stop");
          return exited;
        }),
      );
      process.exit(0);
    }
  });
  const ready: ServerReady = {
    port: readies[0]?.port ?? 0,
    readyMs: Math.max(...readies.map((r) => r.readyMs)),
    rssMb: stats().rssMb + readies.reduce((sum, r) => sum + r.rssMb, 0),
    retainedMb: readies.reduce((sum, r) => sum + r.retainedMb, 0),
  };
  if (metricsOn) {
    collectProcessMetrics();
    ready.metricsPort = await benchMetricsListener(() => merged.text(workers));
  }
  process.send?.(ready);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
