import { type ChildProcess, fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { connect, ensureDatabase } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { buildApp } from "../src/server/app.ts";
import { nestsDeeperThan } from "../src/server/json-depth.ts";
import { REQUEST_BOUNDS } from "../src/server/request-bounds.ts";
import { ACCOUNT_SETTINGS_BODY_LIMIT, LIST_IMPORT_BODY_LIMIT } from "../src/server/route-body-limits.ts";
import { median } from "./search-report.ts";

/**
 * `npm run bench:hostile-bodies`: whether hostile bodies still stall the server (issue 27, point 7;
 * decision 0032). A server process of its own (this file, forked with --serve) over an embedded
 * PostgreSQL; in this process, on loopback only:
 *
 *   1. GET /api/health, one probe every 10 ms on one kept-alive connection: --probes of them, quiet;
 *   2. the same probes while --clients clients each send, in a loop, a megabyte of `[` and then
 *      a body of `[` just under the JSON limit (16 KiB), each waiting for its answer (or the cut
 *      of its connection) before the next. The attack stops when the probes are done, or after
 *      --max-seconds.
 *
 * Each round runs the server twice: with the site's bounds (request-bounds.ts), and with none
 * (`requestBounds: false`: Fastify's megabyte, no depth limit, as before issue 27), the baseline.
 * Target: with the bounds, the probes' p99 under attack within 2x their quiet p99. Beside the
 * probes, the server's own event-loop delay over each phase (what a stalling body shows apart from
 * the machine's other load), and what the depth scan and JSON.parse cost at each body limit.
 */

const HERE = fileURLToPath(import.meta.url);
const { values: args } = parseArgs({
  options: {
    probes: { type: "string", default: "300" },
    clients: { type: "string", default: "16" },
    rounds: { type: "string", default: "3" },
    "max-seconds": { type: "string", default: "30" },
    // The server's and the attackers' processes: set by the parent only.
    serve: { type: "string" },
    attack: { type: "string" },
    bounds: { type: "string", default: "on" },
  },
});

const MB_OF_BRACKETS = Buffer.alloc(1024 * 1024, "[");
const DEEP_UNDER_LIMIT = Buffer.alloc(REQUEST_BOUNDS.bodyLimit - 1, "[");
const HOSTILE_PATH = "/v1/name-checker";
const PROBE_GAP_MS = 10;
const TARGET_RATIO = 2;

/** The server process: the site's app on the database, bounded or not, on a free loopback port. */
async function serve(databaseUrl: string, bounded: boolean): Promise<void> {
  const { db, close } = connect(databaseUrl, { max: 4 });
  const app = buildApp({
    db,
    publishDir: "/nonexistent",
    // The API's limit of 600 a minute per address would answer the attack with 429s: what is
    // measured is what a body costs, from as many addresses as it takes.
    rateLimitPerMinute: 0,
    ...(bounded ? {} : { requestBounds: false as const }),
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  // How long the event loop was held: what a body that stalls the server shows, apart from the
  // machine's other load.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let cpuBefore = process.cpuUsage();
  process.send?.({ port: (app.server.address() as AddressInfo).port });
  process.on("message", async (message) => {
    if (message === "loop") {
      const cpu = process.cpuUsage(cpuBefore);
      const delay: LoopDelay = {
        p99Ms: loop.percentile(99) / 1e6,
        maxMs: loop.max / 1e6,
        cpuMs: (cpu.user + cpu.system) / 1000,
      };
      loop.reset();
      cpuBefore = process.cpuUsage();
      process.send?.({ delay });
    }
    if (message !== "stop") return;
    await app.close();
    await close();
    process.exit(0);
  });
}

/**
 * The server's event-loop delay since the last reading (monitorEventLoopDelay, 5 ms resolution),
 * and the CPU time it used.
 */
interface LoopDelay {
  p99Ms: number;
  maxMs: number;
  cpuMs: number;
}

interface ServerChild {
  port: number;
  /** The event-loop delay since the last call, which starts the next period. */
  loopDelay(): Promise<LoopDelay>;
  stop(): Promise<void>;
}

async function startServer(databaseUrl: string, bounded: boolean): Promise<ServerChild> {
  const child: ChildProcess = fork(HERE, ["--serve", databaseUrl, "--bounds", bounded ? "on" : "off"], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.on("message", (message) => {
      const port = (message as { port?: unknown }).port;
      if (typeof port === "number") resolve(port);
    });
    child.once("exit", (code) => reject(new Error(`the server exited (code ${code}) before it listened`)));
  });
  return {
    port,
    loopDelay: () =>
      new Promise<LoopDelay>((resolve) => {
        const onMessage = (message: unknown) => {
          const delay = (message as { delay?: LoopDelay }).delay;
          if (delay === undefined) return;
          child.off("message", onMessage);
          resolve(delay);
        };
        child.on("message", onMessage);
        child.send("loop");
      }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send("stop");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** One request; its status, or the error that ended it (a cut connection). */
function send(
  agent: http.Agent,
  port: number,
  method: "GET" | "POST",
  pathname: string,
  body?: Buffer,
): Promise<string> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: pathname,
        agent,
        headers: body ? { "content-type": "application/json", "content-length": body.length } : {},
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(String(response.statusCode)));
        response.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    request.end(body);
  });
}

interface Probes {
  latenciesMs: number[];
  failures: number;
}

/** GET /api/health every PROBE_GAP_MS (after the last answer), `count` times or until `deadline`. */
async function probe(port: number, count: number, deadline: number): Promise<Probes> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latenciesMs: number[] = [];
  let failures = 0;
  while (latenciesMs.length + failures < count && performance.now() < deadline) {
    const started = performance.now();
    const status = await send(agent, port, "GET", "/api/health");
    if (status === "200") latenciesMs.push(performance.now() - started);
    else failures++;
    await new Promise((r) => setTimeout(r, PROBE_GAP_MS));
  }
  agent.destroy();
  return { latenciesMs, failures };
}

/** `clients` loops of hostile bodies until `stop` says so: how each was answered, counted. */
function attack(port: number, clients: number, stop: { now: boolean }): Promise<Map<string, number>> {
  const outcomes = new Map<string, number>();
  const client = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; !stop.now; i++) {
      const body = i % 2 === 0 ? MB_OF_BRACKETS : DEEP_UNDER_LIMIT;
      const status = await send(agent, port, "POST", HOSTILE_PATH, body);
      const key = `${body === MB_OF_BRACKETS ? "1 MiB" : "16 KiB"} ${status}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    agent.destroy();
  };
  return Promise.all(Array.from({ length: clients }, client)).then(() => outcomes);
}

/** The attackers' process (--attack PORT): a process of its own, so that the probes' timing is not theirs. */
async function attackFromChild(port: number, clients: number): Promise<void> {
  const stop = { now: false };
  process.on("message", (message) => {
    if (message === "stop") stop.now = true;
  });
  const attacking = attack(port, clients, stop);
  process.send?.("attacking");
  const outcomes = await attacking;
  process.send?.([...outcomes.entries()], () => process.exit(0));
}

/**
 * Starts the attackers' process, resolving once its clients have started; `stop` ends it and gives
 * how the bodies were answered.
 */
async function startAttack(port: number, clients: number): Promise<{ stop(): Promise<Map<string, number>> }> {
  const child = fork(HERE, ["--attack", String(port), "--clients", String(clients)], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const outcomes = new Promise<Map<string, number>>((resolve, reject) => {
    child.on("message", (entries) => {
      if (Array.isArray(entries)) resolve(new Map(entries as [string, number][]));
    });
    child.once("exit", (code) =>
      reject(new Error(`the attackers exited (code ${code}) before they reported`)),
    );
  });
  await new Promise<void>((resolve) =>
    child.on("message", (message) => {
      if (message === "attacking") resolve();
    }),
  );
  return {
    stop: () => {
      child.send("stop");
      return outcomes;
    },
  };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] as number;
}

interface Run {
  bounded: boolean;
  quiet: { p50: number; p99: number; n: number; loop: LoopDelay };
  attacked: { p50: number; p99: number; n: number; failures: number; seconds: number; loop: LoopDelay };
  outcomes: Map<string, number>;
}

async function run(databaseUrl: string, bounded: boolean, probes: number, maxSeconds: number): Promise<Run> {
  const server = await startServer(databaseUrl, bounded);
  try {
    // Warm: the JIT, the pool's connections.
    await probe(server.port, 50, performance.now() + 10_000);
    await server.loopDelay();
    const quiet = await probe(server.port, probes, performance.now() + maxSeconds * 1000);
    const quietLoop = await server.loopDelay();
    const attacking = await startAttack(server.port, CLIENTS);
    // Let the attackers start and every client have a body on the wire before the probes start.
    await new Promise((r) => setTimeout(r, 1000));
    await server.loopDelay();
    const started = performance.now();
    const attacked = await probe(server.port, probes, started + maxSeconds * 1000);
    const seconds = (performance.now() - started) / 1000;
    const attackedLoop = await server.loopDelay();
    const outcomes = await attacking.stop();
    return {
      bounded,
      quiet: {
        p50: percentile(quiet.latenciesMs, 50),
        p99: percentile(quiet.latenciesMs, 99),
        n: quiet.latenciesMs.length,
        loop: quietLoop,
      },
      attacked: {
        p50: percentile(attacked.latenciesMs, 50),
        p99: percentile(attacked.latenciesMs, 99),
        n: attacked.latenciesMs.length,
        failures: attacked.failures,
        seconds,
        loop: attackedLoop,
      },
      outcomes,
    };
  } finally {
    await server.stop();
  }
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

/**
 * What the depth scan costs, and JSON.parse after it, at each body limit: a flat array of zeros,
 * the scan's worst case (every byte outside a string, read one by one), and a list import of
 * 200,000 characters, one long string as an import is (skipped with indexOf). Each text made from
 * a Buffer, as Fastify hands bodies over (flat, not a string built by concatenation). Medians of 50.
 */
function scanCosts(): string[] {
  const asReceived = (text: string) => Buffer.from(text).toString("utf8");
  const zeros = (bytes: number) => asReceived(`[${"0,".repeat(Math.floor((bytes - 3) / 2))}0]`);
  const names = Array.from({ length: 5000 }, (_, i) => `fan_${i}`).join("\u3000");
  const favorites = names + "\u3000".repeat(200_000 - names.length);
  const bodies: [string, string][] = [
    ["zeros at the default limit", zeros(REQUEST_BOUNDS.bodyLimit)],
    ["zeros at account_settings' limit", zeros(ACCOUNT_SETTINGS_BODY_LIMIT)],
    [
      "a list import of 200,000 characters",
      asReceived(JSON.stringify({ listId: "x".repeat(12), favorites })),
    ],
    ["zeros at the list import's limit", zeros(LIST_IMPORT_BODY_LIMIT)],
  ];
  const medianMs = (work: () => unknown) => {
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      work();
      times.push(performance.now() - started);
    }
    return median(times).toFixed(3);
  };
  return bodies.map(([label, text]) => {
    if (nestsDeeperThan(text, REQUEST_BOUNDS.maxJsonDepth)) throw new Error(`${label}: judged too deep`);
    const scan = medianMs(() => nestsDeeperThan(text, REQUEST_BOUNDS.maxJsonDepth));
    const parse = medianMs(() => JSON.parse(text));
    return `  ${label}, ${Buffer.byteLength(text).toLocaleString("en")} bytes: scan ${scan} ms, JSON.parse ${parse} ms`;
  });
}

/** Hostile bodies answered over the whole attack (a little longer than the probes' part of it). */
const hostileCount = (r: Run) => [...r.outcomes.values()].reduce((a, b) => a + b, 0);

function report(r: Run): string {
  const outcomes = [...r.outcomes.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key}: ${n}`)
    .join(", ");
  return (
    `  ${r.bounded ? "bounded  " : "unbounded"}  quiet p50 ${ms(r.quiet.p50)} p99 ${ms(r.quiet.p99)} (${r.quiet.n})` +
    ` | attacked p50 ${ms(r.attacked.p50)} p99 ${ms(r.attacked.p99)} (${r.attacked.n} in ${r.attacked.seconds.toFixed(1)} s, ${r.attacked.failures} failed)` +
    ` | p99 ${(r.attacked.p99 / r.quiet.p99).toFixed(2)}x quiet\n` +
    `    server event loop held: quiet p99 ${ms(r.quiet.loop.p99Ms)} max ${ms(r.quiet.loop.maxMs)}, ` +
    `attacked p99 ${ms(r.attacked.loop.p99Ms)} max ${ms(r.attacked.loop.maxMs)}; ` +
    `server CPU attacked ${((100 * r.attacked.loop.cpuMs) / (r.attacked.seconds * 1000)).toFixed(0)}% of a core, ` +
    `${(r.attacked.loop.cpuMs / Math.max(1, hostileCount(r))).toFixed(2)} ms a hostile body\n    hostile bodies answered: ${outcomes}`
  );
}

const CLIENTS = Number(args.clients);

async function main(): Promise<void> {
  const probes = Number(args.probes);
  const rounds = Number(args.rounds);
  const maxSeconds = Number(args["max-seconds"]);
  for (const [name, value] of Object.entries({
    probes,
    clients: CLIENTS,
    rounds,
    "max-seconds": maxSeconds,
  })) {
    if (!Number.isInteger(value) || value < 1) {
      console.error(`--${name} expects a whole number of at least 1`);
      process.exit(2);
    }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "camstats-bench-hostile-"));
  const pg = await startEmbeddedPostgres({ dataDir, port: 0 });
  const runs: Run[] = [];
  try {
    await ensureDatabase(pg.adminUrl, "bench_hostile");
    const databaseUrl = pg.urlFor("bench_hostile");
    const { db, close } = connect(databaseUrl, { max: 1 });
    await migrateToLatest(db);
    await close();
    console.log(
      `${probes} probes of GET /api/health quiet and under attack; ${CLIENTS} clients each POST ${HOSTILE_PATH} ` +
        `1 MiB of [ then ${DEEP_UNDER_LIMIT.length} bytes of [, in a loop; ${rounds} rounds, unbounded then bounded`,
    );
    for (let round = 1; round <= rounds; round++) {
      console.log(`round ${round}`);
      for (const bounded of [false, true]) {
        const r = await run(databaseUrl, bounded, probes, maxSeconds);
        runs.push(r);
        console.log(report(r));
      }
    }
  } finally {
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const medianOf = (bounded: boolean, pick: (r: Run) => number) =>
    median(runs.filter((r) => r.bounded === bounded).map(pick));
  console.log("\nmedians over the rounds:");
  for (const bounded of [false, true]) {
    const quiet = medianOf(bounded, (r) => r.quiet.p99);
    const attacked = medianOf(bounded, (r) => r.attacked.p99);
    console.log(
      `  ${bounded ? "bounded  " : "unbounded"}  quiet p50 ${ms(medianOf(bounded, (r) => r.quiet.p50))} p99 ${ms(quiet)}` +
        ` | attacked p50 ${ms(medianOf(bounded, (r) => r.attacked.p50))} p99 ${ms(attacked)} | ${(attacked / quiet).toFixed(2)}x` +
        ` | loop held at most ${ms(medianOf(bounded, (r) => r.quiet.loop.maxMs))} quiet, ` +
        `${ms(medianOf(bounded, (r) => r.attacked.loop.maxMs))} attacked`,
    );
  }
  console.log("\nthe depth scan and JSON.parse at each body limit (medians of 50):");
  for (const line of scanCosts()) console.log(line);
  const ratio = medianOf(true, (r) => r.attacked.p99) / medianOf(true, (r) => r.quiet.p99);
  console.log(
    `target: bounded p99 under attack within ${TARGET_RATIO}x quiet: ${ratio <= TARGET_RATIO ? "met" : "MISSED"}`,
  );
  const failed = runs.filter((r) => r.bounded && r.attacked.failures > 0);
  if (failed.length > 0) {
    console.error(
      `FAILED: probes failed under attack with the bounds (${failed.map((r) => r.attacked.failures).join(", ")})`,
    );
    process.exitCode = 1;
  }
}

if (args.serve !== undefined) await serve(args.serve, args.bounds === "on");
else if (args.attack !== undefined) await attackFromChild(Number(args.attack), CLIENTS);
else await main();
