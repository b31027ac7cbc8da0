import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import routes from "../../src/web/routes.ts";
import { launchChromium } from "../../tests/e2e/chromium.ts";
import { assetNames, normalisePolicy } from "./normalise.ts";
import { type PageRequest, SCENES } from "./scenes.ts";

/**
 * Renders one or more addresses of every route of src/web/routes.ts from fixed data on a fixed
 * clock and writes each answer (status, headers, body) to $PAGE_SNAPSHOTS_OUT, one file an
 * address, with the build's file names replaced by names made from their content (normalise.ts).
 * With PAGE_SNAPSHOTS_SCREENS set, each address is also drawn by Chromium without scripts at a
 * phone's and a desktop's width into screens/ (a change of stylesheets only must draw the same).
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
const screens = process.env.PAGE_SNAPSHOTS_SCREENS ? path.join(out ?? "", "screens") : null;
const WIDTHS = [375, 1280];
const SCREENS_PORT = 47310;
const assets = assetNames(path.join(ROOT, "build/web/client/assets"));

const fileName = (url: string, signedIn: boolean) =>
  `${(signedIn ? "signed-in" : "") + url.replace(/[^A-Za-z0-9._-]+/g, "_")}.txt`;

describe("page snapshots", () => {
  const covered = new Set<string>();
  let browser: Browser | null = null;

  beforeAll(async () => {
    if (!out) throw new Error("PAGE_SNAPSHOTS_OUT names no directory: run `npm run page-snapshots`");
    // Only Date: the servers' timers still run.
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, "assets.txt"), `${assets.listing.join("\n")}\n`);
    if (screens) {
      await mkdir(screens, { recursive: true });
      browser = await launchChromium();
    }
  });
  afterAll(async () => {
    await browser?.close();
    vi.useRealTimers();
  });

  /** The scene's addresses drawn at each width, scripts off, whole pages; nothing fetched elsewhere. */
  async function drawScreens(origin: string, requests: readonly PageRequest[]) {
    if (!browser || !screens) return;
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        javaScriptEnabled: false,
        userAgent: BROWSER,
      });
      // Image hosts and the platform are not running: their pictures are left out, the same each run.
      await context.route(
        (url) => url.origin !== origin,
        (route) => route.abort(),
      );
      try {
        const page = await context.newPage();
        for (const request of requests) {
          await page.setExtraHTTPHeaders(request.cookie ? { cookie: request.cookie } : {});
          await page.goto(`${origin}${request.url}`, { waitUntil: "load" });
          const name = fileName(request.url, request.cookie !== undefined).replace(/\.txt$/, `.${width}.png`);
          await page.screenshot({ path: path.join(screens, name), fullPage: true, animations: "disabled" });
        }
      } finally {
        await context.close();
      }
    }
  }

  it.each(SCENES.map((scene) => [scene.name, scene] as const))("%s", async (_name, scene) => {
    const { app, requests, close, standIns = [] } = await scene.setup();
    const normalise = (text: string) =>
      standIns.reduce((done, [from, to]) => done.replaceAll(from, to), assets.normalise(text));
    // A redirect (to the platform) draws nothing of ours.
    const drawn: PageRequest[] = [];
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
        if (response.statusCode < 300 || response.statusCode >= 400) drawn.push(request);
      }
      if (screens) {
        // One port for every run: a page that writes its own address (a link to share) draws the same.
        const origin = await app.listen({ host: "127.0.0.1", port: SCREENS_PORT });
        await drawScreens(origin, drawn);
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
