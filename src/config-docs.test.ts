import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { configSchema, loadConfig } from "./config.ts";
import {
  renderTable,
  schemaDefault,
  TABLE_BEGIN,
  TABLE_END,
  tableDifferences,
  variableRows,
  withTable,
} from "./config-docs.ts";

const SRC = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(SRC);
const GUIDE = path.join(ROOT, "docs", "operations.md");

describe("the operator's guide's variables (docs/operations.md)", () => {
  const rows = variableRows();
  const guide = readFileSync(GUIDE, "utf8");

  it("lists every variable of the schema as the schema describes it", () => {
    // Each line names a variable; `npm run config-docs -- --write` makes them agree.
    expect(tableDifferences(rows, guide)).toEqual([]);
  });

  it("holds the table exactly as generated", () => {
    expect(withTable(guide, renderTable(rows))).toBe(guide);
  });

  it("names the variable whose row differs, is missing or is not in the schema", () => {
    const table = renderTable(rows);
    const changed = table.replace("the site's HTTP port", "the site's port");
    expect(tableDifferences(rows, withTable(guide, changed))).toEqual([
      expect.stringMatching(/^PORT: its meaning reads "the site's port/),
    ]);
    const withoutLogLevel = table
      .split("\n")
      .filter((line) => !line.startsWith("| `LOG_LEVEL`"))
      .join("\n");
    expect(tableDifferences(rows, withTable(guide, withoutLogLevel))).toEqual([
      "LOG_LEVEL: missing from the document's table",
    ]);
    const extra = `${table}\n| \`OLD_SETTING\` | (unset) | \`all\` | gone |`;
    expect(tableDifferences(rows, withTable(guide, extra))).toEqual([
      "OLD_SETTING: in the document's table, not in the schema",
    ]);
    expect(tableDifferences(rows, "no markers")).toEqual([
      `the document has no ${TABLE_BEGIN} … ${TABLE_END} markers`,
    ]);
  });

  it("shows each default the schema holds, which loads as the unset variable does", () => {
    const unset = loadConfig({}) as Record<string, unknown>;
    for (const [name, schema] of Object.entries(configSchema.shape)) {
      const value = schemaDefault(schema);
      if (value === undefined) continue;
      const loaded = loadConfig({ [name]: String(value) }) as Record<string, unknown>;
      expect({ name, value: loaded[name] }).toEqual({ name, value: unset[name] });
    }
    expect(schemaDefault(configSchema.shape.PORT)).toBe(3000);
    expect(schemaDefault(configSchema.shape.SITE_ROLE)).toBe("all");
    expect(schemaDefault(configSchema.shape.GOOGLE_ISSUER_URL)).toBe("https://accounts.google.com");
    expect(schemaDefault(configSchema.shape.WEB_PROCESSES)).toBeUndefined();
  });

  it("keeps a shared schema's docs apart for each variable that uses it", () => {
    const meaning = (name: string) => rows.find((row) => row.name === name)?.meaning;
    expect(meaning("PUBLIC_URL")).not.toBe(meaning("PLATFORM_FEED_URL"));
    expect(meaning("GOOGLE_CLIENT_ID")).not.toBe(meaning("AFFILIATE_WM"));
  });
});

/**
 * The environment variables a file reads: `process.env.X`, `env.X`, `env?.X`, `env["X"]`,
 * `env[CONSTANT]` with the constant's string in the same file, and `{ X } = process.env`.
 */
function environmentReads(text: string): string[] {
  const constants = new Map(
    [...text.matchAll(/\bconst\s+([A-Z][A-Z0-9_]*)\s*=\s*["'`]([A-Z][A-Z0-9_]*)["'`]/g)].map((m) => [
      m[1] ?? "",
      m[2] ?? "",
    ]),
  );
  const names = [
    ...[...text.matchAll(/\b\w*env\??\.([A-Z][A-Z0-9_]*)\b/gi)].map((m) => m[1] ?? ""),
    ...[...text.matchAll(/\b\w*env\[\s*["'`]([A-Z][A-Z0-9_]*)["'`]\s*\]/gi)].map((m) => m[1] ?? ""),
    ...[...text.matchAll(/\b\w*env\[\s*([A-Z][A-Z0-9_]*)\s*\]/gi)].map(
      (m) => constants.get(m[1] ?? "") ?? "",
    ),
    ...[...text.matchAll(/\{([^}]*)\}\s*=\s*process\.env\b/g)].flatMap((m) =>
      (m[1] ?? "").split(",").map((part) => part.split(":")[0]?.trim() ?? ""),
    ),
  ];
  return [...new Set(names.filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name)))].sort();
}

/**
 * Set by the site for its own processes, never by an operator: the main process hands each server
 * process it forks where the database and the tools are (src/start/web-process-settings.ts).
 */
const INTERNAL = new Set(["CAMSTATS_WEB_PROCESS"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("every variable the site reads is in the schema", () => {
  it("finds reads in each form the code may write them", () => {
    const sample = [
      "const a = process.env.ONE;",
      'const b = process.env["TWO"];',
      "const c = env?.THREE ?? settings.env.FOUR;",
      'const KEY = "FIVE"; read(env[KEY]);',
      "const { SIX, SEVEN: seven } = process.env;",
      "const lower = env[name]; const notEnv = config.EIGHT;",
    ].join("\n");
    expect(environmentReads(sample)).toEqual(["FIVE", "FOUR", "ONE", "SEVEN", "SIX", "THREE", "TWO"]);
  });

  it("has no read of an operator's variable outside src/config.ts's schema", () => {
    // What runs in `npm start`: src/ and the install and build checks it runs first.
    const files = [
      ...sourceFiles(SRC),
      path.join(ROOT, "scripts", "ensure-deps.mjs"),
      path.join(ROOT, "scripts", "ensure-web-build.mjs"),
    ];
    const known = new Set(Object.keys(configSchema.shape));
    const outside: string[] = [];
    const internal = new Set<string>();
    for (const file of files) {
      for (const name of environmentReads(readFileSync(file, "utf8"))) {
        if (INTERNAL.has(name)) internal.add(name);
        else if (!known.has(name)) outside.push(`${path.relative(ROOT, file)} reads ${name}`);
      }
    }
    expect(outside).toEqual([]);
    // The scan sees the one internal read there is: were it blind, the check above would pass anyway.
    expect([...internal]).toEqual(["CAMSTATS_WEB_PROCESS"]);
  });
});
