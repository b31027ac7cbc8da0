import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import {
  COMMON_PASSWORDS_FILE,
  commonPasswordCount,
  isCommonPassword,
} from "../src/identity/common-passwords.ts";
import { passwordProblem } from "../src/identity/password-rules.ts";
import { median } from "./search-report.ts";

/**
 * `npm run bench:password-list`: what the breached-password list costs (issue 27, point 7). Each
 * run is a fresh process (--expose-gc), so the first check finds nothing loaded, as after a start:
 *
 *   fingerprints  the site's list (src/identity/common-passwords.ts): sorted 64-bit fingerprints;
 *   set           the baseline, the same entries (lowercased, 8 to 128 characters) in a Set of strings.
 *
 * Measured in each: the first check (which reads the file and builds the structure), the memory it
 * keeps (JS heap plus array buffers, after a forced collection, against the same before), and a
 * check once loaded, over 2,000 passwords half on the list and half not. For the fingerprints,
 * also passwordProblem whole (length, address, site name, list). Medians over --runs runs of each.
 */

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "11" },
    child: { type: "string" },
  },
});

type Mode = "fingerprints" | "set";

interface RunResult {
  entries: number;
  firstCheckMs: number;
  retainedMb: number;
  checkNs: number;
  problemNs?: number;
}

const SAMPLES = 2_000;
const ROUNDS = 100;

/** After two collections a turn apart: V8 frees array buffers' memory off the main thread. */
async function retainedBytes(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with --expose-gc");
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc();
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
}

/** Half the samples from the list (every 200th entry of 8 or more), half made-up ones not on it. */
function samples(): string[] {
  const lines = readFileSync(COMMON_PASSWORDS_FILE, "utf8").split("\n");
  const listed = lines.filter((line) => line.length >= 8).filter((_, i) => i % 200 === 0);
  const made = Array.from(
    { length: SAMPLES / 2 },
    (_, i) => `Zq${i.toString(36)}-orchid-${(i * 7919) % 1000}`,
  );
  return [...listed.slice(0, SAMPLES / 2), ...made];
}

/** Nanoseconds a call over the samples, ROUNDS times; a sink keeps the calls from being dropped. */
function perCall(passwords: string[], call: (password: string) => unknown): number {
  let sink = 0;
  const started = process.hrtime.bigint();
  for (let round = 0; round < ROUNDS; round++) for (const password of passwords) if (call(password)) sink++;
  const ns = Number(process.hrtime.bigint() - started) / (ROUNDS * passwords.length);
  if (sink < 0) console.log(sink);
  return ns;
}

async function runChild(mode: Mode): Promise<RunResult> {
  const passwords = samples();
  const before = await retainedBytes();
  let lookUp: (password: string) => boolean;
  let entries: number;
  const started = performance.now();
  if (mode === "fingerprints") {
    if (!isCommonPassword("password123")) throw new Error("password123 not found");
    lookUp = isCommonPassword;
    entries = commonPasswordCount();
  } else {
    const set = new Set(
      readFileSync(COMMON_PASSWORDS_FILE, "utf8")
        .split("\n")
        .map((line) => line.toLowerCase())
        .filter((line) => {
          const length = [...line].length;
          return length >= 8 && length <= 128;
        }),
    );
    if (!set.has("password123")) throw new Error("password123 not found");
    lookUp = (password) => set.has(password.toLowerCase());
    entries = set.size;
  }
  const firstCheckMs = performance.now() - started;
  const retainedMb = ((await retainedBytes()) - before) / 1_048_576;
  const found = passwords.filter(lookUp).length;
  if (found !== SAMPLES / 2) throw new Error(`${found} of the samples found, not ${SAMPLES / 2}`);
  const result: RunResult = { entries, firstCheckMs, retainedMb, checkNs: perCall(passwords, lookUp) };
  if (mode === "fingerprints")
    result.problemNs = perCall(passwords, (password) => passwordProblem(password, "ann.fanning@example.com"));
  return result;
}

async function run(mode: Mode): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ["--child", mode], {
      execArgv: ["--import", "tsx", "--expose-gc"],
    });
    child.once("message", (m) => resolve(m as RunResult));
    child.once("error", reject);
    child.once("exit", (code) => code !== 0 && reject(new Error(`${mode} exited ${code}`)));
  });
}

if (args.child === "fingerprints" || args.child === "set") {
  process.send?.(await runChild(args.child));
} else {
  const runs = Number(args.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error("--runs expects a whole number of at least 1");
    process.exit(2);
  }
  const results: Record<Mode, RunResult[]> = { fingerprints: [], set: [] };
  // Alternating, so a busy moment of the machine falls on both.
  for (let i = 1; i <= runs; i++)
    for (const mode of ["fingerprints", "set"] as const) {
      const result = await run(mode);
      results[mode].push(result);
      console.log(
        `run ${i} ${mode}: first check ${result.firstCheckMs.toFixed(1)} ms, retained ${result.retainedMb.toFixed(2)} MB, ` +
          `check ${result.checkNs.toFixed(0)} ns${result.problemNs === undefined ? "" : `, passwordProblem ${result.problemNs.toFixed(0)} ns`}`,
      );
    }
  const m = (mode: Mode, pick: (r: RunResult) => number) => median(results[mode].map(pick));
  const rows: Array<[string, (r: RunResult) => number, (x: number) => string]> = [
    ["entries held", (r) => r.entries, (x) => x.toLocaleString("en-US")],
    ["first check (reads the list)", (r) => r.firstCheckMs, (x) => `${x.toFixed(1)} ms`],
    ["memory kept (heap + array buffers)", (r) => r.retainedMb, (x) => `${x.toFixed(2)} MB`],
    ["a check once loaded", (r) => r.checkNs, (x) => `${x.toFixed(0)} ns`],
  ];
  console.log(`\nmedians of ${runs} runs each:\n`);
  console.log("| measure | fingerprints | Set of strings (baseline) | fingerprints / Set |");
  console.log("| --- | --- | --- | --- |");
  for (const [label, pick, show] of rows) {
    const a = m("fingerprints", pick);
    const b = m("set", pick);
    console.log(`| ${label} | ${show(a)} | ${show(b)} | ${(a / b).toFixed(2)}x |`);
  }
  console.log(`| passwordProblem whole | ${m("fingerprints", (r) => r.problemNs ?? 0).toFixed(0)} ns | | |`);
}
