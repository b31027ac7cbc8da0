import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The pages' bytes before and after a change that must not change them (issue 29, point 6):
 *
 *   npm run page-snapshots -- --write DIR     renders every route family into DIR
 *   npm run page-snapshots -- --compare DIR   renders again and compares with DIR; exits 1 on a difference
 *
 * The renderer (page-snapshots/render.ts) runs under vitest for the test PostgreSQL and fixtures;
 * the build's file names are replaced by names from their content (page-snapshots/normalise.ts,
 * docs/decisions/0039-page-folders.md). Keep DIR outside the repository.
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const USAGE = "usage: npm run page-snapshots -- --write DIR | --compare DIR";

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const [mode, target] = process.argv.slice(2);
if ((mode !== "--write" && mode !== "--compare") || !target) fail(USAGE);
const dir = path.resolve(target);
if (mode === "--compare" && !existsSync(dir))
  fail(`${dir} does not exist: write it first with --write (${USAGE})`);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function render(into: string) {
  run("node", ["scripts/ensure-web-build.mjs"]);
  run("npx", ["vitest", "run", "--config", "scripts/page-snapshots/vitest.config.ts"], {
    PAGE_SNAPSHOTS_OUT: into,
  });
}

if (mode === "--write") {
  rmSync(dir, { recursive: true, force: true });
  render(dir);
  console.log(`wrote ${readdirSync(dir).length} files to ${dir}`);
  process.exit(0);
}

const fresh = mkdtempSync(path.join(tmpdir(), "page-snapshots-"));
render(fresh);
const before = new Set(readdirSync(dir));
const after = new Set(readdirSync(fresh));
const problems: string[] = [];
for (const name of before) if (!after.has(name)) problems.push(`${name}: no longer rendered`);
for (const name of after) if (!before.has(name)) problems.push(`${name}: new`);
for (const name of [...before].filter((n) => after.has(n)).sort()) {
  const a = readFileSync(path.join(dir, name), "utf8");
  const b = readFileSync(path.join(fresh, name), "utf8");
  if (a === b) continue;
  let at = 0;
  while (a[at] === b[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 80), at + 80));
  problems.push(`${name}: differs at character ${at}\n  before: ${around(a)}\n  after:  ${around(b)}`);
}
if (problems.length > 0) {
  console.error(`${problems.length} of ${before.size} snapshots differ (the new ones are in ${fresh}):`);
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
rmSync(fresh, { recursive: true, force: true });
console.log(`all ${before.size} snapshots are the same as in ${dir}`);
