import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import routes from "../../src/web/routes.ts";
import { assetNames, normalisePolicy } from "./normalise.ts";
import { SCENES } from "./scenes.ts";

/**
 * Renders one or more addresses of every route of src/web/routes.ts from fixed data on a fixed
 * clock and writes each answer (status, headers, body) to $PAGE_SNAPSHOTS_OUT, one file an
 * address, with the build's file names replaced by names made from their content (normalise.ts).
 * Run by scripts/page-snapshots.ts, which compares two such directories; not part of `npm test`.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The fixed clock: every "now" of the fixtures and the pages. */
const NOW = Date.UTC(2026, 10, 30, 12, 0, 0);
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
/** Headers that only restate the body's bytes (which hold the build's file names) or the hour. */
const LEFT_OUT = new Set(["date", "etag", "content-length"]);

const out = process.env.PAGE_SNAPSHOTS_OUT;
const assets = assetNames(path.join(ROOT, "build/web/client/assets"));

const fileName = (url: string, signedIn: boolean) =>
  `${(signedIn ? "signed-in" : "") + url.replace(/[^A-Za-z0-9._-]+/g, "_")}.txt`;

describe("page snapshots", () => {
  const covered = new Set<string>();

  beforeAll(async () => {
    if (!out) throw new Error("PAGE_SNAPSHOTS_OUT names no directory: run `npm run page-snapshots`");
    // Only Date: the servers' timers still run.
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, "assets.txt"), `${assets.listing.join("\n")}\n`);
  });
  afterAll(() => vi.useRealTimers());

  it.each(SCENES.map((scene) => [scene.name, scene] as const))("%s", async (_name, scene) => {
    const { app, requests, close, standIns = [] } = await scene.setup();
    const normalise = (text: string) =>
      standIns.reduce((done, [from, to]) => done.replaceAll(from, to), assets.normalise(text));
    try {
      for (const request of requests) {
        const response = await app.inject({
          method: "GET",
          url: request.url,
          headers: { "user-agent": BROWSER, ...(request.cookie ? { cookie: request.cookie } : {}) },
        });
        const headers = Object.entries(response.headers)
          .filter(([name]) => !LEFT_OUT.has(name))
          .map(([name, value]) =>
            name === "content-security-policy"
              ? `${name}: ${normalisePolicy(String(value), response.body, normalise)}`
              : `${name}: ${String(value)}`,
          )
          .sort();
        const text = [`GET ${request.url}`, String(response.statusCode), ...headers, "", response.body].join(
          "\n",
        );
        await writeFile(
          path.join(out as string, fileName(request.url, request.cookie !== undefined)),
          normalise(text),
        );
        covered.add(request.route);
      }
    } finally {
      await close();
    }
  });

  it("renders every route of src/web/routes.ts", () => {
    const paths = routes.map((route) => route.path ?? "");
    expect(paths.filter((p) => !covered.has(p))).toEqual([]);
  });
});
