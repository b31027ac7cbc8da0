import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript of each route's first visit (issue 31, point 1), from React Router's build
 * manifest: the entry and its imports, the root route's module and imports, and the route's own;
 * each file gzipped at level 9, as the budgets are stated. The manifest itself is not counted: with
 * lazy route discovery the page carries the routes it needs inline, and the manifest file is never
 * fetched. Code behind a dynamic import (the sign-in forms, the charts' drawing) is not counted either:
 * it loads when an action starts.
 */

export const KIB = 1024;
/** Every route's first visit. */
export const ROUTE_BUDGET = 150 * KIB;
/** The lightest first visit: the part every page shares and little else. */
export const LIGHTEST_BUDGET = 100 * KIB;
/**
 * The part every page shares (Preact's compatibility layer in React's place, React Router, the
 * root; docs/decisions/0054-preact-in-the-browser.md): held under the lightest page's budget, so no
 * page starts over it.
 */
export const SHARED_BUDGET = LIGHTEST_BUDGET;

interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
}
interface BuildManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface RouteWeight {
  route: string;
  bytes: number;
  /** The route's own files beyond the shared part, heaviest first. */
  own: Array<{ file: string; bytes: number }>;
}

export interface FirstVisitWeights {
  shared: Array<{ file: string; bytes: number }>;
  sharedBytes: number;
  routes: RouteWeight[];
}

export function readBuildManifest(clientDir: string): BuildManifest {
  const assets = path.join(clientDir, "assets");
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (name === undefined) throw new Error(`no React Router manifest in ${assets}: run npm run build:web`);
  const text = readFileSync(path.join(assets, name), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as BuildManifest;
}

export function firstVisitWeights(clientDir: string): FirstVisitWeights {
  const manifest = readBuildManifest(clientDir);
  const sizes = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
  const root = manifest.routes.root;
  if (root === undefined) throw new Error("the build manifest has no root route");
  const sharedFiles = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    root.module,
    ...(root.imports ?? []),
  ]);
  const shared = [...sharedFiles].map((file) => ({ file, bytes: gzipped(file) }));
  const sharedBytes = shared.reduce((sum, f) => sum + f.bytes, 0);
  const routes = Object.values(manifest.routes)
    .filter((route) => route.id !== "root")
    .map((route) => {
      const own = [...new Set([route.module, ...(route.imports ?? [])])]
        .filter((file) => !sharedFiles.has(file))
        .map((file) => ({ file, bytes: gzipped(file) }))
        .sort((a, b) => b.bytes - a.bytes);
      return { route: route.id, bytes: sharedBytes + own.reduce((sum, f) => sum + f.bytes, 0), own };
    })
    .sort((a, b) => b.bytes - a.bytes);
  return { shared, sharedBytes, routes };
}

/** Each budget passed, as a sentence naming the route and its heaviest files. */
export function budgetProblems(weights: FirstVisitWeights): string[] {
  const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;
  const problems = weights.routes
    .filter((r) => r.bytes > ROUTE_BUDGET)
    .map(
      (r) =>
        `${r.route}: ${kib(r.bytes)} on a first visit, over ${kib(ROUTE_BUDGET)}; its heaviest files: ${r.own
          .slice(0, 3)
          .map((f) => `${f.file} (${kib(f.bytes)})`)
          .join(", ")}`,
    );
  const lightest = weights.routes.at(-1);
  if (lightest && lightest.bytes > LIGHTEST_BUDGET) {
    problems.push(
      `the lightest first visit (${lightest.route}): ${kib(lightest.bytes)}, over ${kib(LIGHTEST_BUDGET)}`,
    );
  }
  if (weights.sharedBytes > SHARED_BUDGET) {
    const heaviest = [...weights.shared].sort((a, b) => b.bytes - a.bytes).slice(0, 4);
    problems.push(
      `the part every page shares: ${kib(weights.sharedBytes)}, over ${kib(SHARED_BUDGET)}; ${heaviest
        .map((f) => `${f.file} (${kib(f.bytes)})`)
        .join(", ")}`,
    );
  }
  return problems;
}

// `npm run js-budgets`: the table, heaviest first, and the budgets passed.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const clientDir = path.resolve(process.argv[2] ?? "build/web/client");
  const weights = firstVisitWeights(clientDir);
  console.log(`shared: ${(weights.sharedBytes / KIB).toFixed(1)} KiB (budget ${SHARED_BUDGET / KIB})`);
  for (const r of weights.routes)
    console.log(`${r.route.padEnd(36)} ${(r.bytes / KIB).toFixed(1).padStart(6)} KiB`);
  const problems = budgetProblems(weights);
  for (const problem of problems) console.error(problem);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
