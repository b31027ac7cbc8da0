import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

/**
 * `npm run bench:first-start [-- --runs 3 --port 3700 --keep --whole-catch-up --fresh-clone --empty-npm-cache]`: a first start,
 * timed as a visitor sees it (issue 16, point 6). Each run starts `npm start` on a fresh data directory (DATA_DIR and
 * PUBLISH_DIR under a new temp directory, every other variable as this process has it) and asks
 * for each page once a second until it answers 200: the seconds from the command to that first
 * 200 (one address of each page family). The overview (/top) answers 200 with empty tabs before anything is published, so it counts
 * once no tab says "not published yet". Then (with --whole-catch-up, once the daily job's catch-up
 * has finished too) Ctrl-C, SIGINT to the site's process, and the next run.
 *
 * --fresh-clone starts each run in a new `git clone` of this repository's HEAD, so the clock
 * includes `npm start`'s own `npm ci` and page build (issue 31, point 5); --empty-npm-cache gives
 * that install an empty npm cache of its own, as on a machine that never installed anything.
 */

/** One address of every page family that reads the published files or the history (issue 28: 200 within 120 s). */
const PAGES = [
  "/top/viewers",
  "/top/followers",
  "/top/growing",
  "/top/performers",
  "/top/supporters",
  "/top",
  "/",
  "/search",
  "/traffic",
  "/map",
  "/camera-trends",
  "/world-locations",
  "/live-stats",
  "/tags",
  "/celebrations",
  "/performerbadges",
  "/race",
  "/bingo-card-creator",
  "/tipmenu",
] as const;
const NOT_PUBLISHED = "This list has not been published yet.";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    port: { type: "string", default: "3700" },
    timeout: { type: "string", default: "600" },
    keep: { type: "boolean", default: false },
    "whole-catch-up": { type: "boolean", default: false },
    "fresh-clone": { type: "boolean", default: false },
    "empty-npm-cache": { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);
const port = Number(values.port);
const timeoutMs = Number(values.timeout) * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function answered(page: string): Promise<number | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${page}`, { signal: AbortSignal.timeout(5000) });
    const body = await response.text();
    if (response.status === 200 && page === "/top" && body.includes(NOT_PUBLISHED)) return 0;
    return response.status;
  } catch {
    return null; // not listening yet, or too slow to answer
  }
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/** Figures the start logs itself (pino lines): the history build and the newest day's publication. */
async function logged(logPath: string): Promise<string[]> {
  const lines = (await readFile(logPath, "utf8")).split("\n");
  const wanted = /history built|newest first|site listening|daily job|added \d+ packages|built the pages/;
  return lines
    .filter((l) => wanted.test(l))
    .map((l) => (l.startsWith("{") ? (JSON.parse(l) as { msg: string }).msg : l.trim()));
}

/** The process of src/main.ts, from its first log line (npm and tsx stand between it and us). */
async function mainPid(logPath: string): Promise<number | null> {
  const line = (await readFile(logPath, "utf8")).split("\n").find((l) => l.startsWith("{"));
  return line === undefined ? null : (JSON.parse(line) as { pid: number }).pid;
}

interface Run {
  listening: number | null;
  pages: Record<string, number | null>;
  loadBefore: string;
  loadAfter: string;
}

async function oneRun(n: number): Promise<Run> {
  const dir = await mkdtemp(path.join(tmpdir(), "first-start-"));
  const logPath = path.join(dir, "npm-start.log");
  const log = await open(logPath, "w");
  const clone = path.join(dir, "clone");
  if (values["fresh-clone"]) execFileSync("git", ["clone", "--quiet", process.cwd(), clone]);
  const npmCache = values["empty-npm-cache"] ? { npm_config_cache: path.join(dir, "npm-cache") } : {};
  const loadBefore = load();
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    cwd: values["fresh-clone"] ? clone : process.cwd(),
    env: {
      ...process.env,
      ...npmCache,
      DATA_DIR: dir,
      PUBLISH_DIR: path.join(dir, "public"),
      PORT: String(port),
    },
    stdio: ["ignore", log.fd, log.fd],
    detached: true, // its own process group, killed whole if it does not stop
  });
  const seconds = () => Math.round((performance.now() - started) / 100) / 10;
  const pages: Record<string, number | null> = Object.fromEntries(PAGES.map((p) => [p, null]));
  let listening: number | null = null;
  try {
    while (PAGES.some((p) => pages[p] === null) && performance.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}: see ${logPath}`);
      for (const page of PAGES) {
        if (pages[page] !== null) continue;
        const status = await answered(page);
        if (status !== null && listening === null) listening = seconds();
        if (status === 200) pages[page] = seconds();
      }
      await sleep(1000);
    }
    // The older days are still being published; --whole-catch-up waits for them (and logs how long
    // the catch-up took), else Ctrl-C stops the job between two days.
    while (
      values["whole-catch-up"] &&
      !(await readFile(logPath, "utf8")).includes('"daily job: ') &&
      performance.now() - started < timeoutMs
    )
      await sleep(1000);
  } finally {
    // Ctrl-C to the site's process alone, which stops its servers and PostgreSQL in order (a
    // terminal's Ctrl-C reaches PostgreSQL too, which then ends the job's connection mid-query).
    const sitePid = await mainPid(logPath);
    if (sitePid !== null) process.kill(sitePid, "SIGINT");
    await Promise.race([stopped(child), sleep(60_000)]);
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    await log.close();
  }
  const loadAfter = load();
  console.log(`run ${n}: listening ${listening} s; ${PAGES.map((p) => `${p} ${pages[p]} s`).join(", ")}`);
  console.log(`  load average (1, 5, 15 min) before ${loadBefore}, after ${loadAfter}`);
  for (const line of await logged(logPath)) console.log(`  log: ${line}`);
  if (values.keep) console.log(`  kept ${dir}`);
  else await rm(dir, { recursive: true, force: true });
  return { listening, pages, loadBefore, loadAfter };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return undefined;
  return sorted.length % 2 === 1 ? sorted[mid] : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const results: Run[] = [];
for (let n = 1; n <= runs; n++) results.push(await oneRun(n));
console.log(`\nmedians of ${runs} runs (seconds from the command to the first 200):`);
for (const page of PAGES) {
  const times = results.map((r) => r.pages[page]).filter((t): t is number => t !== null);
  console.log(`  ${page}: ${times.join(", ")} -> median ${median(times) ?? "none"}`);
}
