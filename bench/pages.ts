import { availableParallelism } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { MAX_WEB_PROCESSES } from "../src/config.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { systemClock } from "../src/sandbox/clock.ts";
import { createPopulation } from "../src/sandbox/population.ts";
import { startSandbox } from "../src/sandbox/server.ts";
import { launchChromium } from "../tests/e2e/chromium.ts";
import { type LoadResult, runLoad } from "./http-load.ts";
import { runPacedLoad } from "./http-paced.ts";
import { compareMetricsCost, type Measured } from "./metrics-cost.ts";
import { firstVisit } from "./page-metrics.ts";
import { isMix, mixPaths } from "./page-mixes.ts";
import { median, ms, perSecond, runLine } from "./search-report.ts";
import { startServerChild } from "./search-server-child.ts";

/**
 * `npm run bench:pages -- --data-dir DIR`: the server-rendered pages under load, and a first visit
 * in the browser (issue 5). DIR is the data directory of an `npm start` that has published its days
 * (stopped): its PostgreSQL and published files are what the pages read.
 *
 * - Server (--page-cache on|off: with the server's cache of rendered pages, the default, or without,
 *   which measures the render itself; --processes N: as WEB_PROCESSES, one a core by default, as
 *   `npm start` serves): each page of --paths on the site's server in a child process of its own (React in
 *   production mode): its render time (50 requests one at a time, median), then 50 connections: saturated (throughput) and paced at --rate requests a second
 *   in all (latency at that load; the p95 budget, 50 ms, is judged there, as bench:search does).
 *   A mix (@performers, @search: bench/page-mixes.ts) is many addresses, each asked for once, so the
 *   page cache seldom helps: its render time is over 50 distinct addresses, and it has no saturated
 *   run (autocannon's connections all walk one list together, so they would share renders).
 * - Browser: --visits first visits of each page of --browser-path in the system Chromium with the CPU slowed 4x:
 *   JavaScript on the wire (budget 150 KB compressed), largest contentful paint (1.5 s) and layout
 *   shift (0.05), medians.
 * - Metrics (decision 0037): --metrics on serves with them as METRICS_PORT does; --metrics compare
 *   measures each page on a server without and one with them, in turn, --rounds times, and prints
 *   the medians and their ratio (bench/metrics-cost.ts), with no browser visits.
 * - Diagnosis: --trace prints each paced run's slowest answer by half second, and each server
 *   process's full collections by second (bench/gc-trace.ts), on one clock; --v8-flags "..." adds V8
 *   flags to the server processes' own (WEB_PROCESS_V8_FLAGS), to compare settings.
 */
const { values: args } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    /** Pages, and mixes of many addresses (bench/page-mixes.ts: @performers, @search). */
    paths: { type: "string", default: "/,/top/viewers,/top,@search,@performers" },
    /** Pages visited in the browser; a mix stands for its first address. */
    "browser-path": { type: "string", default: "/top/viewers,/search,@performers" },
    duration: { type: "string", default: "15" },
    connections: { type: "string", default: "50" },
    rate: { type: "string", default: "100" },
    visits: { type: "string", default: "5" },
    /** "off": the server renders every request (the render's own cost, as before the page cache). */
    "page-cache": { type: "string", default: "on" },
    /**
     * Sent with every request of the load, as a browser (and Googlebot) sends it: a page kept by
     * the server's cache is then compressed once and sent so. "" sends none.
     */
    "accept-encoding": { type: "string", default: "gzip, deflate, br" },
    /** Server processes, as WEB_PROCESSES: one a core by default, as `npm start` runs them. */
    processes: { type: "string", default: String(Math.min(availableParallelism(), MAX_WEB_PROCESSES)) },
    trace: { type: "boolean", default: false },
    "v8-flags": { type: "string", default: "" },
    /**
     * The site's metrics (decision 0037): "off" (as `npm start` without METRICS_PORT), "on", or
     * "compare": each page on a server without and one with them, in turn, --rounds times
     * (bench/metrics-cost.ts); no browser visits then.
     */
    metrics: { type: "string", default: "off" },
    rounds: { type: "string", default: "3" },
    /** With --metrics compare: seconds between scrapes of the server with metrics (0: none). */
    "scrape-every": { type: "string", default: "5" },
  },
});
const dataDir = args["data-dir"];
if (!dataDir) {
  console.error(
    "usage: npm run bench:pages -- --data-dir DIR (the data directory of an npm start that has published)",
  );
  process.exit(2);
}
const paths = (args.paths as string).split(",").filter(Boolean);
const seconds = Number(args.duration);
const connections = Number(args.connections);
const rate = Number(args.rate);
const visits = Number(args.visits);
const processes = Number(args.processes);
const trace = args.trace === true;
const v8Flags = (args["v8-flags"] as string).split(" ").filter(Boolean);
const metrics = args.metrics as string;
if (!["off", "on", "compare"].includes(metrics)) {
  console.error(`--metrics: expected off, on or compare; got ${metrics}`);
  process.exit(2);
}
const headers: Record<string, string> = args["accept-encoding"]
  ? { "accept-encoding": args["accept-encoding"] as string }
  : {};
/** Database connections per server process, as `npm start`'s (src/db/connect.ts). */
const POOL = 10;
const BUDGET = { p95Ms: 50, scriptKb: 150, lcpMs: 1500, cls: 0.05 };
/** Requests timed one at a time for a page's render time. */
const RENDERS = 50;

/**
 * One mix: distinct addresses, each asked for once (a warm-up slice, 50 timed alone, and the paced
 * run's), so that the render is measured rather than the page cache.
 */
async function measureMix(
  serverUrl: string,
  mix: Parameters<typeof mixPaths>[1],
  cpuMs?: () => Promise<number>,
): Promise<Measured> {
  const warm = 200;
  const paced = Math.ceil(rate * seconds) + connections;
  const all = await mixPaths(database.urlFor("camstats"), mix, warm + RENDERS + paced);
  if (all.length < warm + RENDERS + paced) {
    console.log(`${mix}: only ${all.length} addresses; some are asked for more than once`);
  }
  for (const sample of all.slice(0, 10)) {
    const check = await fetch(`${serverUrl}${sample}`);
    await check.arrayBuffer();
    if (check.status !== 200) failures.push(`${mix} ${sample}: ${check.status}`);
  }
  await runLoad(serverUrl, all.slice(0, warm), { connections, seconds: 3, headers });
  const alone: number[] = [];
  for (const page of all.slice(warm, warm + RENDERS)) {
    const started = performance.now();
    const response = await fetch(`${serverUrl}${page}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) failures.push(`${mix} ${page}: ${response.status}`);
    alone.push(performance.now() - started);
  }
  const rest = all.slice(warm + RENDERS);
  const cpuBefore = await cpuMs?.();
  const load = await runPacedLoad(serverUrl, rest.length > 0 ? rest : all, {
    connections,
    seconds,
    rate,
    headers,
    trace,
  });
  const cpuAfter = await cpuMs?.();
  const renderMs = median(alone);
  console.log(
    `${mix} (${all.length} addresses, e.g. ${all[warm]})\n  render alone (median of ${RENDERS} distinct): ${ms(renderMs)}\n  paced at ${rate}/s: ${runLine(load)}`,
  );
  if (load.errors + load.timeouts + load.non2xx > 0) failures.push(`${mix}: errors under load`);
  const verdict = load.p95 < BUDGET.p95Ms ? "met" : "MISSED";
  return {
    row: `| ${mix} (distinct addresses) | ${ms(renderMs)} | – | – | ${ms(load.p50)}, ${ms(load.p95)}, ${ms(load.p99)} | ${verdict} |`,
    figures: {
      renderMs,
      saturated: null,
      paced: load,
      cpuMsPerRequest: perRequest(cpuBefore, cpuAfter, load),
    },
  };
}

/** The server processes' CPU time (`cpuMs`, before and after) per answer of a run; null unmeasured. */
function perRequest(before: number | undefined, after: number | undefined, load: LoadResult): number | null {
  return before === undefined || after === undefined || load.answered === 0
    ? null
    : (after - before) / load.answered;
}

/**
 * One page's render alone, saturated and paced runs: its table row, or null when it did not answer a
 * page. `cpuMs`: the server processes' CPU time so far, read around the saturated run (a mix's paced
 * run) for its CPU time per answer, which other work on the machine disturbs less than times.
 */
async function measurePage(
  serverUrl: string,
  page: string,
  cpuMs?: () => Promise<number>,
): Promise<Measured | null> {
  if (isMix(page)) return measureMix(serverUrl, page, cpuMs);
  const check = await fetch(`${serverUrl}${page}`);
  const type = check.headers.get("content-type") ?? "";
  await check.arrayBuffer();
  if (check.status !== 200 || !type.startsWith("text/html")) {
    failures.push(`${page}: ${check.status} ${type}`);
    return null;
  }
  await runLoad(serverUrl, [page], { connections, seconds: 3, headers }); // warm-up
  // Render time: one request at a time, so nothing queues; what a single visitor waits for.
  const alone: number[] = [];
  for (let i = 0; i < RENDERS; i++) {
    const started = performance.now();
    await (await fetch(`${serverUrl}${page}`, { headers })).arrayBuffer();
    alone.push(performance.now() - started);
  }
  const renderMs = median(alone);
  const cpuBefore = await cpuMs?.();
  const saturated = await runLoad(serverUrl, [page], { connections, seconds, headers });
  const cpuAfter = await cpuMs?.();
  const paced = await runPacedLoad(serverUrl, [page], { connections, seconds, rate, headers, trace });
  console.log(
    `${page}\n  render alone (median of ${RENDERS}): ${ms(renderMs)}\n  saturated: ${runLine(saturated)}\n  paced at ${rate}/s: ${runLine(paced)}`,
  );
  for (const load of [saturated, paced]) {
    if (load.errors + load.timeouts + load.non2xx > 0) failures.push(`${page}: errors under load`);
  }
  const verdict = paced.p95 < BUDGET.p95Ms ? "met" : "MISSED";
  return {
    row: `| ${page} | ${ms(renderMs)} | ${perSecond(saturated.perSecond)} | ${ms(saturated.p95)} | ${ms(paced.p50)}, ${ms(paced.p95)}, ${ms(paced.p99)} | ${verdict} |`,
    figures: { renderMs, saturated, paced, cpuMsPerRequest: perRequest(cpuBefore, cpuAfter, saturated) },
  };
}

process.env.NODE_ENV = "production"; // the server child inherits it: React's production renderer
const database = await startEmbeddedPostgres({ dataDir, port: 0 });
// The home page shows the rooms online now through the server's proxy of the platform's feed: a
// sandbox platform of the default size on the real clock stands in for it (its 30 s cache means the
// load mostly measures our render, as it would in production).
const platform = await startSandbox({
  population: createPopulation({ seed: 1, performers: 20_000 }),
  clock: systemClock,
});
const failures: string[] = [];
const rows: string[] = [];
const visitRows: string[] = [];
const serverWith = (withMetrics: boolean) =>
  startServerChild({
    databaseUrl: database.urlFor("camstats"),
    publishDir: path.join(dataDir, "public"),
    mode: "indexed",
    now: Date.now(),
    feedUrl: platform.url,
    pageCache: args["page-cache"] !== "off",
    processes,
    pool: POOL,
    v8Flags,
    traceGc: trace,
    metrics: withMetrics,
  });
if (metrics === "compare") {
  try {
    // Both started before either is measured; each idles while the other runs.
    const off = await serverWith(false);
    const on = await serverWith(true);
    try {
      const table = await compareMetricsCost({
        off,
        on,
        paths,
        rounds: Number(args.rounds),
        scrapeEveryMs: Number(args["scrape-every"]) * 1000,
        measure: measurePage,
        failures,
      });
      console.log(
        `\nserver: ${processes} ${processes === 1 ? "process" : "processes"} each, page cache ${args["page-cache"]}\n`,
      );
      console.log(table.join("\n"));
    } finally {
      await off.stop();
      await on.stop();
    }
  } finally {
    await platform.close();
    await database.stop();
  }
  if (failures.length > 0) {
    console.error(`\nFAILED:\n${failures.join("\n")}`);
    process.exit(1);
  }
  process.exit(0);
}
try {
  const server = await serverWith(metrics === "on");
  console.log(
    `server: ${processes} ${processes === 1 ? "process" : "processes"}, page cache ${args["page-cache"]}`,
  );
  try {
    for (const page of paths) {
      const measured = await measurePage(server.url, page);
      if (measured !== null) rows.push(measured.row);
    }
    // What the server processes' heaps and caches cost under this load (V8 sizes its heap by it).
    const { peakRssMb } = await server.stats();
    console.log(`\nserver processes' peak RSS: ${peakRssMb.toFixed(0)} MB in all`);
  } finally {
    await server.stop();
  }

  // The browser visits a server of its own, idle, as a visitor's would be.
  const idle = await startServerChild({
    databaseUrl: database.urlFor("camstats"),
    publishDir: path.join(dataDir, "public"),
    mode: "indexed",
    now: Date.now(),
    feedUrl: platform.url,
    processes,
    pool: POOL,
  });
  const browser = await launchChromium();
  try {
    for (const spec of (args["browser-path"] as string).split(",").filter(Boolean)) {
      // A mix stands for its first address: a performer's page, say, with all its charts.
      const visited = isMix(spec) ? ((await mixPaths(database.urlFor("camstats"), spec, 1))[0] ?? "/") : spec;
      const url = `${idle.url}${visited}`;
      await firstVisit(browser, url, 4); // the server's first render of the page, not timed
      const results = [];
      for (let i = 0; i < visits; i++) results.push(await firstVisit(browser, url, 4));
      const scriptKb = median(results.map((r) => r.scriptBytes)) / 1024;
      const lcp = median(results.map((r) => r.lcpMs));
      const cls = median(results.map((r) => r.cls));
      console.log(
        `\nfirst visit of ${visited}, CPU slowed 4x, median of ${visits}: ` +
          `${scriptKb.toFixed(1)} KB of JavaScript in ${results[0]?.scripts} files, LCP ${lcp.toFixed(0)} ms, CLS ${cls.toFixed(3)}`,
      );
      visitRows.push(
        `| first visit of ${visited} (CPU 4x) | JavaScript ${scriptKb.toFixed(1)} KB (< ${BUDGET.scriptKb}) ${scriptKb < BUDGET.scriptKb ? "met" : "MISSED"} | LCP ${lcp.toFixed(0)} ms (< ${BUDGET.lcpMs}) ${lcp < BUDGET.lcpMs ? "met" : "MISSED"} | CLS ${cls.toFixed(3)} (< ${BUDGET.cls}) ${cls < BUDGET.cls ? "met" : "MISSED"} |`,
      );
    }
  } finally {
    await browser.close();
    await idle.stop();
  }
} finally {
  await platform.close();
  await database.stop();
}
console.log(
  `\n| page | render alone | req/s saturated | saturated p95 | paced at ${rate}/s: p50, p95, p99 | p95 < ${BUDGET.p95Ms} ms |\n| --- | --- | --- | --- | --- | --- |`,
);
console.log(rows.join("\n"));
console.log(`\n${visitRows.join("\n")}`);
if (failures.length > 0) {
  console.error(`\nFAILED:\n${failures.join("\n")}`);
  process.exit(1);
}
