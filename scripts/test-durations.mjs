// `npm run test:durations`: writes tests/durations.json, each test file's seconds in the last run
// Vitest recorded on this machine (its results cache), for the order of a run on a machine that has
// none, such as a fresh clone (tests/layer-sequencer.ts). Run it after a whole `npm test`. Plain JS.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cacheDir = path.join(root, "node_modules", ".vite", "vitest");
const caches = existsSync(cacheDir)
  ? readdirSync(cacheDir)
      .map((dir) => path.join(cacheDir, dir, "results.json"))
      .filter((file) => existsSync(file))
  : [];
if (caches.length === 0) {
  process.stderr.write(`no results in ${cacheDir}: run npm test first, then this\n`);
  process.exit(1);
}

const seconds = {};
for (const cache of caches) {
  const { results } = JSON.parse(readFileSync(cache, "utf8"));
  for (const [key, result] of results) {
    // Keys are `project:path`; a file that is gone keeps its entry in the cache.
    const file = key.slice(key.indexOf(":") + 1);
    if (!existsSync(path.join(root, file))) continue;
    seconds[file] = Math.round((result.duration ?? 0) / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(path.join(root, "tests", "durations.json"), `${JSON.stringify(sorted, null, 2)}\n`);
process.stdout.write(`tests/durations.json: ${Object.keys(sorted).length} files\n`);
