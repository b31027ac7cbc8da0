import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { connect, ensureDatabase } from "../src/db/connect.ts";
import { freePort, startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { runLoad } from "./http-load.ts";
import { type Backend, startProxy } from "./rolling-proxy.ts";

/**
 * `npm run bench:rolling-restart [-- --seconds 60 --drain 2 --connections 8 --path /about]`
 * (issue 32, point 7): two web nodes (SITE_ROLE=web, each `npm start`'s entry with one server
 * process) on one PostgreSQL, behind a round-robin proxy that takes a node out when its health
 * turns unready (rolling-proxy.ts). autocannon loads the proxy for at least --seconds and until
 * both nodes are back; a fifth of the --seconds in, node A gets SIGTERM, is started again and waits to be healthy, then node B. Every answer
 * that is not a 2xx, every error and timeout is a lost request. Run twice in the same run: with
 * DRAIN_SECONDS=--drain, and with 0 (the port closes at once: the baseline).
 */

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    drain: { type: "string", default: "2" },
    connections: { type: "string", default: "8" },
    path: { type: "string", default: "/about" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

interface Node extends Backend {
  name: string;
  child?: ChildProcess;
  output: string;
}

function startNode(node: Node, env: Record<string, string>): void {
  node.child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: { PATH: process.env.PATH, ...env, PORT: String(node.port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: unknown) => {
    node.output += String(chunk);
  };
  node.child.stdout?.on("data", keep);
  node.child.stderr?.on("data", keep);
}

async function untilHealthy(node: Node, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${node.port}/api/health`)
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) return;
    if (Date.now() > until || node.child?.exitCode != null)
      throw new Error(`node ${node.name} did not turn healthy; it said:\n${node.output}`);
    await sleep(200);
  }
}

async function stopNode(node: Node): Promise<number> {
  const child = node.child;
  if (!child || child.exitCode !== null) return 0;
  const started = Date.now();
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  return Date.now() - started;
}

async function scenario(databaseUrl: string, dir: string, drainSeconds: number) {
  const nodes: Node[] = [
    { name: "A", port: await freePort(), healthy: false, output: "" },
    { name: "B", port: await freePort(), healthy: false, output: "" },
  ];
  const env = (node: Node) => ({
    SITE_ROLE: "web",
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    HOST: "127.0.0.1",
    DATA_DIR: path.join(dir, `node-${node.name}`),
    PUBLISH_DIR: path.join(dir, "public"),
    WEB_PROCESSES: "1",
    DRAIN_SECONDS: String(drainSeconds),
    // One client address (the proxy) sends everything: no per-address limit.
    API_RATE_LIMIT_PER_MINUTE: "0",
    PAGE_RATE_LIMIT_PER_MINUTE: "0",
    TRUSTED_PROXIES: "127.0.0.1",
    LOG_LEVEL: "warn",
  });
  // A failure stops the nodes too: none is left serving after the benchmark.
  try {
    return await rollUnderLoad(nodes, env);
  } finally {
    for (const node of nodes) await stopNode(node);
  }
}

async function rollUnderLoad(nodes: Node[], env: (node: Node) => Record<string, string>) {
  for (const node of nodes) startNode(node, env(node));
  for (const node of nodes) await untilHealthy(node);
  const proxy = await startProxy(nodes);
  // The load starts once the proxy has looked at both nodes (its first look is 200 ms in).
  while (!nodes.every((node) => node.healthy)) await sleep(50);
  const restarts: { node: string; stopMs: number; backMs: number }[] = [];
  const rolling = (async () => {
    await sleep(seconds * 200);
    for (const node of nodes) {
      const stopMs = await stopNode(node);
      const started = Date.now();
      startNode(node, env(node));
      await untilHealthy(node);
      restarts.push({ node: node.name, stopMs, backMs: Date.now() - started });
      // The next one goes only once the proxy itself counts this one healthy again (as a rolling
      // restart waits for its balancer's target health): a node just started may answer its first
      // health checks late.
      while (!node.healthy) await sleep(100);
      await sleep(1000);
    }
  })();
  // The load runs in 10-second rounds for at least --seconds, and on until both nodes are back: on
  // a loaded machine a node's start can outlast the 60 seconds.
  let done = false;
  void rolling.then(() => {
    done = true;
  });
  const result = {
    answered: 0,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statusCodes: {} as Record<string, number>,
  };
  const loadStarted = Date.now();
  while (!done || Date.now() - loadStarted < seconds * 1000) {
    const round = await runLoad(`http://127.0.0.1:${proxy.port}`, [values.path], {
      connections,
      seconds: 10,
    });
    result.answered += round.answered;
    result.non2xx += round.non2xx;
    result.errors += round.errors;
    result.timeouts += round.timeouts;
    for (const [code, n] of Object.entries(round.statusCodes))
      result.statusCodes[code] = (result.statusCodes[code] ?? 0) + n;
  }
  const loadSeconds = (Date.now() - loadStarted) / 1000;
  await rolling;
  await proxy.close();
  return { result, restarts, loadSeconds, failed: { ...proxy.failed } };
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), "camstats-rolling-"));
  // As root, the embedded PostgreSQL runs as "postgres", which must enter its parent.
  await chmod(dir, 0o755);
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dir, "db"),
    port: 0,
    settings: { fsync: "off", synchronous_commit: "off" },
  });
  try {
    await ensureDatabase(server.adminUrl, "camstats");
    const url = server.urlFor("camstats");
    const connection = connect(url);
    await migrateToLatest(connection.db);
    await connection.close();
    process.stdout.write(
      `bench:rolling-restart: ${seconds} s of GET ${values.path} over ${connections} connections, load ${load()}\n`,
    );
    for (const drain of [Number(values.drain), 0]) {
      const { result, restarts, loadSeconds, failed } = await scenario(url, dir, drain);
      const lost = result.non2xx + result.errors + result.timeouts;
      process.stdout.write(
        `DRAIN_SECONDS=${drain}: ${result.answered} answered in ${loadSeconds.toFixed(0)} s, lost ${lost} ` +
          `(non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}; ` +
          `proxy: no node ${failed.noNode}, node failed ${failed.upstream}); status codes ${JSON.stringify(result.statusCodes)}; ` +
          `restarts: ${restarts.map((r) => `${r.node} stopped in ${r.stopMs} ms, healthy ${r.backMs} ms later`).join(", ")}; ` +
          `load ${load()}\n`,
      );
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
