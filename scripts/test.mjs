// `npm test`: every check and every test layer. The install check first (everything needs the
// dependencies), then the type checks start, niced, while the page build (mostly one core busy on
// a fresh clone), Biome (a second, and the commonest slip) and then Vitest run: the three
// TypeScript programs take the moments the others leave a core idle rather than time of their own
// (BENCHMARKS.md, issue 31, point 3). Their output comes after Vitest's; the run fails if either
// fails. Arguments go to Vitest. Plain JS, like ensure-deps.mjs.
import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => path.join(root, "node_modules", ".bin", name);
/** TypeScript 7, the native checker (docs/decisions/0057); `.bin/tsc` may be either version. */
const tsc = path.join(root, "node_modules", "typescript-native", "bin", "tsc");

/** The type check running now, stopped if a step fails (it would outlive `npm test` otherwise). */
let typeCheck;

/** Runs a step to its end with its output shown; stops `npm test` at once if it fails. */
async function step(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: "inherit" });
  const status = await new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
  if (status === 0) return;
  typeCheck?.kill();
  process.exit(status);
}

/**
 * Runs a command with its output kept; resolves to its exit code and what it printed. `onStart`
 * gets the process as soon as it runs.
 */
function captured(command, args, priority, onStart) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    onStart(child);
    if (priority !== undefined && child.pid !== undefined) setPriority(child.pid, priority);
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The three TypeScript programs (server and tests, the pages, the pages' tests), one after another. */
async function typeChecks() {
  for (const project of [".", "src/web", "tsconfig.page-tests.json"]) {
    const { code, output } = await captured(process.execPath, [tsc, "-p", project], 10, (child) => {
      typeCheck = child;
    });
    if (code !== 0) return { code, output: `tsc -p ${project} failed:\n${output}` };
  }
  return { code: 0, output: "type checks passed (tsc -p ., src/web, tsconfig.page-tests.json)\n" };
}

await step(process.execPath, [path.join(root, "scripts", "ensure-deps.mjs")]);
const types = typeChecks();
await step(process.execPath, [path.join(root, "scripts", "ensure-web-build.mjs")]);
await step(bin("biome"), ["check", "."]);

const vitest = spawn(bin("vitest"), ["run", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
const tests = new Promise((resolve) => vitest.on("close", (code) => resolve(code ?? 1)));
const [testsCode, typesResult] = await Promise.all([tests, types]);
process.stdout.write(typesResult.output);
process.exit(testsCode !== 0 ? testsCode : typesResult.code);
