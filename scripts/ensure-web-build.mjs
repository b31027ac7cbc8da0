// Makes `npm start` and `npm test` work on a fresh clone: builds the pages (`react-router build`
// into build/web) when the build is missing or older than anything it is made from: a file under
// src/web or one it imports from elsewhere in src, a content file, react-router.config.ts, vite.config.ts, or the
// installed dependencies. `--force` (npm run build:web) builds regardless. Plain JS, like
// ensure-deps.mjs, so it needs no tsx.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
const buildDir = path.join(root, "build", "web");
// Written last, after a build succeeded: a build that stopped halfway leaves no stamp and is redone.
const stamp = path.join(buildDir, ".built");
const sources = [
  path.join(root, "src", "web"),
  // The pages' content files (/resources), built into the pages by import.meta.glob.
  path.join(root, "content"),
  path.join(root, "react-router.config.ts"),
  path.join(root, "vite.config.ts"),
  path.join(root, "node_modules", ".package-lock.json"),
];

/** The newest modification time of a file, or of any file under a directory. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = stats.mtimeMs; // a deleted file shows only as its directory's change
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

// Relative imports and re-exports that bring code (`import type` brings none), and bare `import "…"`.
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^;"']*?\sfrom\s*)?["'](\.{1,2}\/[^"']+)["']/gm;

/**
 * The files outside src/web that the pages import, followed from import to import (pages share
 * pure modules with the server: paths, schemas, formulas). A change to one of them changes the
 * build as surely as a change under src/web.
 */
function importedFromOutside(webDir) {
  const found = new Set();
  const visit = (file) => {
    let text;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return;
    }
    for (const [, typeOnly, specifier] of text.matchAll(IMPORT)) {
      if (typeOnly) continue;
      const target = path.resolve(path.dirname(file), specifier.replace(/\?.*$/, ""));
      if (target.startsWith(webDir + path.sep) || found.has(target) || !existsSync(target)) continue;
      if (statSync(target).isDirectory()) continue;
      found.add(target);
      visit(target);
    }
  };
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mjs|js)$/.test(entry.name)) visit(full);
    }
  };
  if (existsSync(webDir)) walk(webDir);
  return [...found];
}

const force = process.argv.includes("--force");
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(
  ...sources.map(newest),
  ...importedFromOutside(path.join(root, "src", "web")).map(newest),
);
if (force || builtAt < changedAt) {
  process.stderr.write(`building the pages (react-router build into build/web)...\n`);
  const started = Date.now();
  const cli = path.join(root, "node_modules", "@react-router", "dev", "bin.js");
  // Quiet unless it fails: Vite lists every file and React Router warns about its next major.
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    process.stderr.write(`the pages failed to build${result.error ? `: ${result.error.message}` : ""}\n`);
    process.exit(result.status ?? 1);
  }
  compressAssets(path.join(buildDir, "client"));
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  process.stderr.write(`built the pages in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/**
 * A .br and a .gz beside every script, stylesheet and SVG of the browser's build, made once here at
 * the strongest settings rather than on every request; the server sends the one the browser
 * accepts (src/server/pages.ts, preCompressed).
 */
function compressAssets(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) compressAssets(file);
    else if (/\.(js|css|svg|json|txt)$/.test(entry.name)) {
      const bytes = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    }
  }
}
