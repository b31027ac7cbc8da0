import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  budgetProblems,
  firstVisitWeights,
  KIB,
  LIGHTEST_BUDGET,
  ROUTE_BUDGET,
} from "../../scripts/js-budgets.ts";
import { missingBuildMessage, webBuildExists } from "../../src/server/pages.ts";

/** Issue 31, point 1: every route's first visit within its budget of gzipped JavaScript. */
describe("first-visit JavaScript budgets", () => {
  it("holds for every route of the built site", () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    const weights = firstVisitWeights(path.resolve("build/web/client"));
    // Every route of the table is weighed, the performer page among them.
    expect(weights.routes.length).toBeGreaterThan(60);
    expect(weights.routes.map((r) => r.route)).toContain("routes/performer");
    expect(budgetProblems(weights)).toEqual([]);
    expect(weights.routes.at(-1)?.bytes).toBeLessThanOrEqual(LIGHTEST_BUDGET);
  });

  /**
   * A build of the entry, the root and `routes` (each route's module, and what it imports), in a
   * temporary directory: `files` are the modules' contents ("x();" for any not named).
   */
  async function withBuild(
    routes: Record<string, string[]>,
    files: Record<string, Buffer>,
    check: (dir: string) => void,
  ): Promise<void> {
    const dir = await mkdtemp(path.join(tmpdir(), "camstats-budgets-"));
    try {
      await mkdir(path.join(dir, "assets"));
      const module = (id: string) => `/assets/${id.replace("routes/", "")}.js`;
      const manifest = {
        entry: { module: "/assets/entry.js", imports: [] },
        routes: Object.fromEntries(
          [["root", []] as const, ...Object.entries(routes)].map(([id, imports]) => [
            id,
            { id, module: module(id), imports: imports.map(module) },
          ]),
        ),
      };
      await writeFile(
        path.join(dir, "assets", "manifest-abc123.js"),
        `window.__m=${JSON.stringify(manifest)};`,
      );
      for (const id of ["entry", "root", ...Object.keys(routes)]) {
        const name = module(id).slice("/assets/".length);
        await writeFile(path.join(dir, "assets", name), files[name] ?? "x();");
      }
      check(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it("names the route and its heaviest file when a route passes its budget", async () => {
    // Random bytes do not compress: the route weighs what they weigh.
    await withBuild(
      { "routes/light": [], "routes/heavy": ["routes/light"] },
      { "heavy.js": randomBytes(ROUTE_BUDGET + KIB) },
      (dir) => {
        const weights = firstVisitWeights(dir);
        expect(weights.routes.map((r) => r.route)).toEqual(["routes/heavy", "routes/light"]);
        const problems = budgetProblems(weights);
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatch(
          /^routes\/heavy: 151\.\d KiB on a first visit, over 150\.0 KiB; its heaviest files: \/assets\/heavy\.js \(151\.\d KiB\), \/assets\/light\.js/,
        );
      },
    );
  });

  it("names the lightest route when even it passes the lightest page's budget", async () => {
    await withBuild({ "routes/only": [] }, { "only.js": randomBytes(LIGHTEST_BUDGET + KIB) }, (dir) => {
      expect(budgetProblems(firstVisitWeights(dir))).toEqual([
        expect.stringMatching(/^the lightest first visit \(routes\/only\): 101\.\d KiB, over 100\.0 KiB$/),
      ]);
    });
  });
});
