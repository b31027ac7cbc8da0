import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The pages' bytes before and after a change that must not change them (issue 29, point 6):
 *
 *   npm run page-snapshots -- --write DIR [--screens]   renders every route family into DIR
 *   npm run page-snapshots -- --compare DIR             renders again and compares with DIR; exits 1 on a difference
 *
 * With --screens, Chromium also draws each page (scripts off, 375 and 1280 px wide) into
 * DIR/screens, and --compare draws and compares them too, byte for byte: the proof for a change
 * of class names and stylesheets that must look the same.
 *
 * The renderer (page-snapshots/render.ts) runs under vitest for the test PostgreSQL and fixtures;
 * the build's file names are replaced by names from their content (page-snapshots/normalise.ts,
 * docs/decisions/0039-page-folders.md). Keep DIR outside the repository.
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const USAGE = "usage: npm run page-snapshots -- --write DIR [--screens] | --compare DIR";

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const [mode, target, ...flags] = process.argv.slice(2);
if ((mode !== "--write" && mode !== "--compare") || !target) fail(USAGE);
if (flags.some((flag) => flag !== "--screens") || (mode === "--compare" && flags.length > 0)) fail(USAGE);
const dir = path.resolve(target);
const withScreens = mode === "--write" ? flags.includes("--screens") : existsSync(path.join(dir, "screens"));
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
    PAGE_SNAPSHOTS_SCREENS: withScreens ? "1" : "",
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
const problems: string[] = [];
const files = (where: string) => new Set(readdirSync(where).filter((name) => name !== "screens"));
const before = files(dir);
const after = files(fresh);
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
if (withScreens) {
  const drawn = (where: string) => readdirSync(path.join(where, "screens")).sort();
  const freshScreens = new Set(drawn(fresh));
  for (const name of drawn(dir)) {
    if (!freshScreens.has(name)) problems.push(`screens/${name}: no longer drawn`);
    else if (
      !readFileSync(path.join(dir, "screens", name)).equals(readFileSync(path.join(fresh, "screens", name)))
    )
      problems.push(`screens/${name}: drawn differently`);
  }
}
if (problems.length > 0) {
  console.error(`${problems.length} of ${before.size} snapshots differ (the new ones are in ${fresh}):`);
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
rmSync(fresh, { recursive: true, force: true });
console.log(
  `all ${before.size} snapshots${withScreens ? " and their drawings" : ""} are the same as in ${dir}`,
);
