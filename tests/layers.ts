import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Which layer each test file runs in (docs/decisions/0011-test-layers.md), computed from what the
 * file imports, so that a new test lands in the right layer without a list to keep:
 *
 * - tests/unit/, tests/integration/, tests/process/ and tests/e2e/ (the browser layer): there the
 *   folder says it.
 * - A test beside the code (src/**) goes by its imports, and the imports of the test helpers it
 *   reaches (tests/**, followed transitively; the code under test is not followed, since most of
 *   src/ can reach a database or a socket without a unit test ever calling that part). A child
 *   process or a PostgreSQL of its own makes it a process test; the database, a socket, an HTTP
 *   server or client, the app or the sandbox platform makes it an integration test; anything else
 *   is a unit test.
 *
 * The unit layer's setup (tests/setup/layer-guard.ts) makes a misclassified test fail, saying where
 * it belongs; `assertEveryTestHasALayer` keeps a test file from falling outside every layer.
 */

export type Layer = "unit" | "integration" | "process" | "browser";

/** What makes a test beside the code a process test: it starts other processes. */
export const PROCESS_MARKERS = ["node:child_process", "child_process", "src/db/embedded.ts"] as const;

/** What makes a test beside the code an integration test: a database, a socket, an app, a platform. */
export const INTEGRATION_MARKERS = [
  "tests/helpers/database.ts",
  "pg",
  "src/db/connect.ts",
  "node:http",
  "node:https",
  "node:http2",
  "node:net",
  "node:dgram",
  "fastify",
  "src/server/app.ts",
  "src/server/pages.ts",
  "src/sandbox/server.ts",
] as const;

const TEST_FILE = /\.test\.ts$/;

/** Every *.test.ts under `dir` (relative to `root`, with forward slashes), node_modules left out. */
function testFilesUnder(root: string, dir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name === "node_modules") continue;
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (TEST_FILE.test(entry.name)) found.push(child);
    }
  };
  if (existsSync(path.join(root, dir))) walk(dir);
  return found.sort();
}

// `import x from "m"`, `import { a, type B } from "m"`, `export { a } from "m"`, `import "m"` and
// `import("m")`; `import type` and `export type` are left out (they vanish at run time).
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^;"']*?\sfrom\s+)?["']([^"']+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The modules a file imports at run time: bare names as written, relative ones as root-relative paths. */
function importsOf(root: string, file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const specifiers = [...text.matchAll(STATIC_IMPORT), ...text.matchAll(DYNAMIC_IMPORT)].map(
    (m) => m[1] ?? "",
  );
  return specifiers.map((specifier) =>
    specifier.startsWith(".") ? path.posix.join(path.posix.dirname(file), specifier) : specifier,
  );
}

/** What a test beside the code imports, with what the test helpers it reaches import in turn. */
function reachedImports(root: string, file: string): Set<string> {
  const reached = new Set<string>();
  const pending = [file];
  const visited = new Set<string>();
  while (pending.length > 0) {
    const current = pending.pop() as string;
    if (visited.has(current)) continue;
    visited.add(current);
    for (const imported of importsOf(root, current)) {
      reached.add(imported);
      if (imported.startsWith("tests/") && imported.endsWith(".ts")) pending.push(imported);
    }
  }
  return reached;
}

/** The layer of a test beside the code, and the import that decided it (for the guard's message). */
export function layerOfSourceTest(root: string, file: string): { layer: Layer; because?: string } {
  const reached = reachedImports(root, file);
  const process = PROCESS_MARKERS.find((marker) => reached.has(marker));
  if (process) return { layer: "process", because: process };
  const integration = INTEGRATION_MARKERS.find((marker) => reached.has(marker));
  if (integration) return { layer: "integration", because: integration };
  return { layer: "unit" };
}

/**
 * Why a test file needs a process of its own, if it does. The integration and browser layers run
 * their files one after the other in each worker's one module graph (vitest.config.ts); two kinds
 * of file cannot share it:
 *
 * - one that replaces a module (`vi.mock`, `vi.doMock`): a module an earlier file loaded stays
 *   loaded, and the replacement would come too late;
 * - one that times itself (`performance.now()`): a worker that has run other files has a bigger
 *   heap and more left running, and in the first shared run two such files missed their bounds
 *   under load (a 84.5 ms gap against 95; medians 30 ms apart against 20) that they met alone.
 */
export function ownProcessReason(root: string, file: string): string | undefined {
  const text = readFileSync(path.join(root, file), "utf8");
  if (/\bvi\.(?:mock|doMock)\(/.test(text)) return "replaces modules";
  if (/\bperformance\.now\(\)/.test(text)) return "times itself";
  return undefined;
}

export interface TestLayers {
  unit: string[];
  integration: string[];
  process: string[];
  browser: string[];
}

/** Every test file of the project, by layer (root-relative paths). */
export function testLayers(root: string): TestLayers {
  // A marker naming a module that has moved would quietly stop classifying: fail loudly instead.
  for (const marker of [...PROCESS_MARKERS, ...INTEGRATION_MARKERS]) {
    if ((marker.startsWith("src/") || marker.startsWith("tests/")) && !existsSync(path.join(root, marker))) {
      throw new Error(`tests/layers.ts names ${marker}, which no longer exists: update its markers`);
    }
  }
  const layers: TestLayers = {
    unit: testFilesUnder(root, "tests/unit"),
    integration: testFilesUnder(root, "tests/integration"),
    process: testFilesUnder(root, "tests/process"),
    browser: testFilesUnder(root, "tests/e2e"),
  };
  for (const file of testFilesUnder(root, "src")) layers[layerOfSourceTest(root, file).layer].push(file);
  assertEveryTestHasALayer(root, layers);
  return layers;
}

/** A test file outside every layer would never run: refuse the configuration instead. */
function assertEveryTestHasALayer(root: string, layers: TestLayers): void {
  const placed = new Set(Object.values(layers).flat());
  const stray = testFilesUnder(root, "tests").filter((file) => !placed.has(file));
  if (stray.length > 0) {
    throw new Error(
      `test files in no layer (put them beside the code, or under tests/unit, tests/integration, tests/process or tests/e2e): ${stray.join(", ")}`,
    );
  }
}
