import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { connect, ensureDatabase } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { buildSearchData } from "./search-data.ts";
import { MODEL_MIX, SUMMARY_MIX, searchPath } from "./search-mixes.ts";
import { startPollFeed } from "./search-polls.ts";
import { baselineSizes, type RelationSize } from "./search-postgres-table.ts";
import {
  markdownTable,
  mb,
  memoryLine,
  met,
  ms,
  perSecond,
  ratioLine,
  type ScenarioResult,
  type Target,
  targetText,
} from "./search-report.ts";
import { runScenario, type ScenarioSettings } from "./search-scenario.ts";
import { type Answer, compareAnswers, printAnswers, typicalAnswer, verifyMix } from "./search-verify.ts";

/**
 * `npm run bench:search`: the performer search API (GET /api/model_search) under load, at 500,000
 * performers (issue 4). An embedded PostgreSQL in a temp directory gets the data of
 * bench/search-data.ts; then each scenario starts the server in a child process of its own
 * (bench/search-server.ts) and autocannon, here in the parent, sends it a fixed mix of searches:
 *
 *   (a) model search on the index: the model mix (bench/search-mixes.ts);
 *   (b) summary search on the index: the summary mix;
 *   (c) baseline, the search indexes dropped: the model mix on `indexed: false`, which scans every
 *       performer row per query: what the index buys;
 *   (d) ceiling: a published static JSON file of a typical model answer's size, through the app's
 *       published-files route: what Fastify and the network stack cost with no search at all;
 *   (e) baseline, PostgreSQL with the best indexes it offers (issue 16, point 7): the model mix
 *       answered by SQL over tables built before the run, trigram, bigram, tag GIN and ordered
 *       B-tree indexes (bench/search-postgres.ts, docs/decisions/0014): what a user would pick
 *       instead of the in-memory index. Its answers must equal (a)'s, counts and pages.
 *   (f) the model mix on a server that follows the polls (issue 16), timed right after (a) while a
 *       poll with new performers is stored every POLL_EVERY seconds (bench/search-polls.ts): what
 *       refreshing the live state and searching the performers added since the index cost.
 *   (a0) with --baseline DIR: (a) again, on the server of another checkout (DIR, a worktree of an
 *       earlier commit, its node_modules installed): the same data, the same mix and, checked, the
 *       same answers, timed right after (a): what a change to the search cost or saved, in one run.
 *
 * --scenarios picks some of them (a letter each; (a) always runs, the others compare with it), and
 * --performers sets the size (2,000,000 for issue 31's larger run).
 *
 * Each mix is timed twice over the same 50 connections. Saturated: every connection sends its next
 * request as soon as the last is answered; that gives the throughput, and a latency that is by
 * construction about connections / throughput (Little's law), whatever the search costs. Paced:
 * the mix offered at --rate requests per second in all (the 400); that gives the latency
 * of a search at that load. The p95 targets are judged on the paced runs, the 400 req/s on the
 * saturated ones (BENCHMARKS.md says why).
 *
 * Every query of a mix is asked once before it is timed (200, and its resultCount printed); the
 * baselines must find the same counts as the index. Errors, timeouts or non-2xx answers under load
 * fail the run (exit code 1) after the report.
 */

const { values: args } = parseArgs({
  options: {
    performers: { type: "string", default: "500000" },
    /** Seconds of load per scenario and run. */
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "50" },
    /** The paced runs' offered load, requests per second over all connections (the issue's 400). */
    rate: { type: "string", default: "400" },
    /** Timed runs per scenario; the report gives their medians. */
    runs: { type: "string", default: "1" },
    /** Seconds of untimed load before a scenario's runs, so they measure warm (JIT-compiled) code. */
    warmup: { type: "string", default: "5" },
    seed: { type: "string", default: "1" },
    /** Which scenarios to run, a letter each ((a) always runs: the others compare with it). */
    scenarios: { type: "string", default: "abcdef" },
    /** Another checkout (a directory): scenario (a0), (a) on that checkout's server, right after (a). */
    baseline: { type: "string" },
    /**
     * A directory for the database, kept after the run: a later run given the same directory, size
     * and seed reuses its data instead of building it again (minutes at 2,000,000 performers).
     */
    data: { type: "string" },
    /** Keep the temp directory (database and publish directory; its path is printed). */
    keep: { type: "boolean", default: false },
  },
});
const PERFORMERS = Number(args.performers);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const RATE = Number(args.rate);
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
const SEED = Number(args.seed);
for (const [name, value, min] of [
  ["performers", PERFORMERS, 1],
  ["duration", DURATION, 1],
  ["connections", CONNECTIONS, 1],
  ["rate", RATE, 1],
  ["runs", RUNS, 1],
  ["warmup", WARMUP, 0],
  ["seed", SEED, 0],
] as const) {
  if (!Number.isInteger(value) || value < min) {
    console.error(`--${name} expects a whole number of at least ${min}`);
    process.exit(2);
  }
}

const SCENARIOS = new Set(args.scenarios);
if (![...SCENARIOS].every((key) => "abcdef".includes(key))) {
  console.error(`--scenarios expects letters among abcdef (as in "ad"), not ${args.scenarios}`);
  process.exit(2);
}
const BASELINE_SERVER = args.baseline && path.resolve(args.baseline, "bench", "search-server.ts");
if (BASELINE_SERVER && !existsSync(BASELINE_SERVER)) {
  console.error(`--baseline expects a checkout of this repository: ${BASELINE_SERVER} does not exist`);
  process.exit(2);
}

/** (f): a poll stored this often (six times the default POLL_INTERVAL), each with this many performers new to us. */
const POLL_EVERY = 10;
const NEW_PER_POLL = 100;

const MODEL_TARGET: Target = { p95Ms: 25, minPerSecond: 400 };
const SUMMARY_TARGET: Target = { p95Ms: 60 };
/** The ceiling's file, under the publish directory's api/ (served as /api/...). */
const CEILING_FILE = "bench-search-ceiling.json";

/** In a --data directory: what was built there ({ performers, seed, now }). */
const BUILT_FILE = "bench-search-data.json";
const wanted = (now: number) => ({ performers: PERFORMERS, seed: SEED, now });

/** The data already built in `dir` for this size and seed, or null. */
async function builtData(dir: string): Promise<{ now: number } | null> {
  try {
    const built = JSON.parse(await readFile(path.join(dir, BUILT_FILE), "utf8")) as ReturnType<typeof wanted>;
    return built.performers === PERFORMERS && built.seed === SEED ? built : null;
  } catch {
    return null;
  }
}

/** Reasons the run fails, reported after the results. */
const failures: string[] = [];

async function main(): Promise<void> {
  const dataDir = args.data
    ? path.resolve(args.data)
    : await mkdtemp(path.join(tmpdir(), "camstats-bench-search-"));
  const built = await builtData(dataDir);
  // Durable defaults, as `npm start` runs them.
  const server = await startEmbeddedPostgres({ dataDir, port: 0 });
  try {
    await ensureDatabase(server.adminUrl, "bench_search");
    const databaseUrl = server.urlFor("bench_search");
    const { db, close } = connect(databaseUrl, { max: 2 });
    const now = built?.now ?? Math.floor(Date.now() / 60_000) * 60_000;
    let buildMs = 0;
    if (built) {
      console.log(`reusing the ${PERFORMERS} performers (seed ${SEED}) built in ${dataDir}`);
      await close();
    } else
      try {
        console.log(`building ${PERFORMERS} performers (seed ${SEED})...`);
        await migrateToLatest(db);
        const data = await buildSearchData(db, { performers: PERFORMERS, seed: SEED, now, log: console.log });
        buildMs = data.ms;
        console.log(
          `data built in ${(data.ms / 1000).toFixed(1)} s: ${data.performers} performers, ${data.peaks} with ` +
            `30-day peaks, ${data.bios} bios, ${data.live} live in the latest poll, ${data.sessions} recent sessions`,
        );
        if (args.data) await writeFile(path.join(dataDir, BUILT_FILE), JSON.stringify(wanted(now)));
      } finally {
        await close();
      }
    const publishDir = path.join(dataDir, "publish");
    await mkdir(path.join(publishDir, "api"), { recursive: true });
    const settings: ScenarioSettings = {
      databaseUrl,
      publishDir,
      now,
      connections: CONNECTIONS,
      duration: DURATION,
      runs: RUNS,
      warmup: WARMUP,
      failures,
    };

    let indexedAnswers: Answer[] = [];
    let ceilingBytes = 0;
    const modelPaths = MODEL_MIX.map(searchPath);
    const results: ScenarioResult[] = [];
    results.push(
      await runScenario(
        {
          key: "a",
          name: "model search, indexed",
          mode: "indexed",
          paths: modelPaths,
          target: MODEL_TARGET,
          pacedRate: RATE,
          verify: async (url) => {
            indexedAnswers = await verifyMix(url, MODEL_MIX);
            printAnswers(indexedAnswers);
            // The ceiling serves an answer of the mix as a file: the median-sized one.
            const typical = typicalAnswer(indexedAnswers);
            ceilingBytes = typical.bytes;
            await writeFile(path.join(publishDir, "api", CEILING_FILE), typical.text);
            console.log(`  ceiling file: the answer to ${typical.path}, ${typical.bytes} bytes`);
          },
        },
        settings,
      ),
    );
    // (a0) right after (a): the same mix on an earlier commit's server, whose answers must be (a)'s.
    if (BASELINE_SERVER)
      results.push(
        await runScenario(
          {
            key: "a0",
            name: `model search, indexed, on ${args.baseline}`,
            mode: "indexed",
            serverScript: BASELINE_SERVER,
            paths: modelPaths,
            target: MODEL_TARGET,
            pacedRate: RATE,
            verify: async (url) => {
              const answers = await verifyMix(url, MODEL_MIX);
              const { wrong, reordered } = compareAnswers(indexedAnswers, answers, "on the baseline");
              for (const line of [...wrong, ...reordered]) {
                console.log(`  MISMATCH: ${line}`);
                failures.push(`(a0) ${line}`);
              }
            },
          },
          settings,
        ),
      );
    // (f) right after (a), so the two are measured under the same conditions (issue 16).
    if (SCENARIOS.has("f"))
      results.push(
        await runScenario(
          {
            key: "f",
            name: `model search, indexed, following a poll every ${POLL_EVERY} s`,
            mode: "following",
            paths: modelPaths,
            target: MODEL_TARGET,
            pacedRate: RATE,
            verify: async (url) => {
              const { wrong } = compareAnswers(indexedAnswers, await verifyMix(url, MODEL_MIX));
              for (const line of wrong) failures.push(`(f) before any new poll: ${line}`);
            },
            beside: () => {
              const feed = startPollFeed({
                databaseUrl,
                now,
                everySeconds: POLL_EVERY,
                newPerformers: NEW_PER_POLL,
                seed: SEED + 1_000_000,
              });
              return async () => {
                const { polls, performers, failure } = await feed.stop();
                console.log(`  polls stored beside the load: ${polls}, with ${performers} new performers`);
                if (failure !== null) failures.push(`(f) ${failure}`);
                if (polls === 0) failures.push("(f) no poll was stored during the runs");
              };
            },
          },
          settings,
        ),
      );
    if (SCENARIOS.has("b"))
      results.push(
        await runScenario(
          {
            key: "b",
            name: "summary search, indexed",
            mode: "indexed",
            paths: SUMMARY_MIX.map(searchPath),
            target: SUMMARY_TARGET,
            pacedRate: RATE,
            verify: async (url) => printAnswers(await verifyMix(url, SUMMARY_MIX)),
          },
          settings,
        ),
      );
    if (SCENARIOS.has("c"))
      results.push(
        await runScenario(
          {
            key: "c",
            name: "baseline: model search, no indexes",
            mode: "scan",
            paths: modelPaths,
            verify: async (url) => {
              const answers = await verifyMix(url, MODEL_MIX);
              printAnswers(answers);
              const { wrong, reordered } = compareAnswers(indexedAnswers, answers);
              for (const line of reordered) console.log(`  note: ${line}`);
              for (const line of wrong) {
                console.log(`  MISMATCH: ${line}`);
                failures.push(`(c) ${line}`);
              }
            },
          },
          settings,
        ),
      );
    const ceilingPath = `/api/${CEILING_FILE}`;
    if (SCENARIOS.has("d"))
      results.push(
        await runScenario(
          {
            key: "d",
            name: `ceiling: static JSON, ${(ceilingBytes / 1024).toFixed(1)} kB`,
            mode: "static",
            paths: [ceilingPath],
            pacedRate: RATE,
            verify: async (url) => {
              const response = await fetch(`${url}${ceilingPath}`);
              const bytes = (await response.arrayBuffer()).byteLength;
              if (response.status !== 200 || bytes !== ceilingBytes) {
                throw new Error(
                  `${ceilingPath} answered ${response.status} with ${bytes} bytes, not ${ceilingBytes}`,
                );
              }
            },
          },
          settings,
        ),
      );

    // (e) The fair baseline (issue 16, point 7): the same model mix in PostgreSQL, best indexes, with
    // npm start's pool of 10 connections. Same answers as (a), pages included, or the run fails.
    let postgresSizes: RelationSize[] = [];
    if (SCENARIOS.has("e"))
      results.push(
        await runScenario(
          {
            key: "e",
            name: "baseline: model search in PostgreSQL, best indexes",
            mode: "postgres",
            paths: modelPaths,
            pool: 10,
            verify: async (url) => {
              const answers = await verifyMix(url, MODEL_MIX);
              printAnswers(answers);
              const { wrong, reordered } = compareAnswers(indexedAnswers, answers, "in PostgreSQL");
              for (const line of [...wrong, ...reordered]) {
                console.log(`  MISMATCH: ${line}`);
                failures.push(`(e) ${line}`);
              }
              const sizes = connect(databaseUrl, { max: 1 });
              postgresSizes = await baselineSizes(sizes.db).finally(() => sizes.close());
            },
          },
          settings,
        ),
      );

    const scenario = (key: string) => results.find((r) => r.key === key);
    const a = scenario("a") as ScenarioResult;
    console.log(
      `\nresults: ${PERFORMERS} performers, ${CONNECTIONS} connections, ${DURATION} s a run, ` +
        `${RUNS} run(s) per scenario (medians)\n`,
    );
    for (const r of results) {
      const verdict = met(r);
      console.log(
        `(${r.key}) ${r.name}: ${perSecond(r.perSecond)}, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}, ` +
          `server RSS ${mb(r.rssMb)} loaded, ${mb(r.rssAfterRunsMb)} after the runs, ${mb(r.peakRssMb)} peak` +
          (verdict === undefined ? "" : `; target ${targetText(r.target)}: ${verdict ? "met" : "MISSED"}`),
      );
    }
    console.log(`\n${markdownTable(results)}\n`);
    const ratios: [string, string, string][] = [
      ["(a) model search over (a0) the baseline checkout", "a", "a0"],
      ["(a) model search over (c) no indexes", "a", "c"],
      ["(f) following the polls over (a) not", "f", "a"],
      ["(a) model search over (d) static file", "a", "d"],
      ["(b) summary search over (d) static file", "b", "d"],
    ];
    for (const [label, measured, baseline] of ratios) {
      const m = scenario(measured);
      const b = scenario(baseline);
      if (m && b) console.log(ratioLine(label, m, b));
    }
    const a0 = scenario("a0");
    if (a0) console.log(memoryLine("(a) over (a0)", a, a0, scenario("d")));
    const e = scenario("e");
    if (e) {
      console.log(ratioLine("(a) model search over (e) PostgreSQL, best indexes", a, e));
      const totalMb = postgresSizes.reduce((sum, r) => sum + r.bytes, 0) / 1024 / 1024;
      console.log(`- (e)'s tables and indexes: ${mb(totalMb)} on disk`);
      for (const r of postgresSizes) console.log(`  ${r.name}: ${mb(r.bytes / 1024 / 1024)}`);
    }
    const figures = results.map((r) => ({
      scenario: r.key,
      perSecond: r.perSecond,
      p50: r.p50,
      p95: r.p95,
      p99: r.p99,
      errors: r.errors,
      non2xx: r.non2xx,
      readyMs: Math.round(r.readyMs),
      rssMb: Math.round(r.rssMb),
      rssAfterRunsMb: Math.round(r.rssAfterRunsMb),
      retainedMb: Math.round(r.retainedMb),
      peakRssMb: Math.round(r.peakRssMb),
      met: met(r),
    }));
    console.log(`\n${JSON.stringify({ performers: PERFORMERS, buildMs: Math.round(buildMs), figures })}`);
    if (failures.length > 0) {
      console.error(`\nFAILED: ${failures.length} problem(s); the figures above are not valid:`);
      for (const f of failures) console.error(`  ${f}`);
      process.exitCode = 1;
    }
  } catch (error) {
    // Report before the database stops: its shutdown ends every connection and would mask this.
    console.error(error);
    process.exitCode = 1;
  } finally {
    await server.stop();
    if (args.data) console.log(`kept ${dataDir} for later runs (--data)`);
    else if (args.keep) console.log(`kept ${dataDir} (database in pg/, the ceiling file in publish/api/)`);
    else await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
