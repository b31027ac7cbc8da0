import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../tests/helpers/api.ts";
import {
  type DailyViewerFixture,
  LATEST_DAY,
  writeDailyViewerFixture,
} from "../../tests/helpers/daily-viewer-files.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../tests/helpers/fixtures.ts";
import { loadConfig } from "../config.ts";
import type { MonthlyIndex } from "../publish/monthly-files.ts";
import { EXTRA_PATHS, FIXED_PATHS } from "../publish/paths.ts";
import type { PossibleTagsFile } from "../publish/possible-tags.ts";
import { publishJson } from "../publish/write-file.ts";
import { missingBuildMessage, webBuildExists } from "./pages.ts";
import { STATIC_PATHS } from "./sitemap/site-pages.ts";

const ORIGIN = "http://site.test";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
/** Performers made with generate_series: one more than a sitemap holds, so there are two. */
const MANY = 50_001;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] as string);
const lastmodOf = (xml: string, loc: string) =>
  new RegExp(`<loc>${loc.replace(/[.?*+^$()[\]{}|\\]/g, "\\$&")}</loc><lastmod>([^<]*)</lastmod>`).exec(
    xml,
  )?.[1];

describe("robots.txt and the sitemaps", () => {
  let t: TestDatabase;
  let fixture: DailyViewerFixture;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    fixture = await writeDailyViewerFixture({ abbr: "tc", online: [] });
    const monthly: MonthlyIndex = {
      day: LATEST_DAY,
      lists: { all: ["asian"], couples: [], women: ["asian", "feet"], men: [], trans: [] },
      tagFollowers: ["latina"],
    };
    await publishJson(fixture.root, FIXED_PATHS.monthlyIndex, monthly);
    const possible: PossibleTagsFile = {
      day: LATEST_DAY,
      from: "2025-12-12",
      minPerformers: 2,
      tags: [
        { tag: "asian", count: 9 },
        { tag: "r&b", count: 3 },
        { tag: "çok", count: 2 },
      ],
    };
    await publishJson(fixture.root, EXTRA_PATHS.possibleTags, possible);
    await insertPerformer(t.db, { username: "ann", lastSeen: "2026-01-09T23:59:00Z" });
    await insertPerformer(t.db, { username: "gone" });
    await confirmOptout(t.db, "gone");
    await insertPerformer(t.db, { username: "requested" });
    // An opt-out asked for but not confirmed yet leaves the performer listed.
    await sql`INSERT INTO optouts (username) VALUES ('requested')`.execute(t.db);
    // A performer named like one of the site's pages cannot have /{username}.
    await insertPerformer(t.db, { username: "about" });
    await sql`
      INSERT INTO performers (username, first_seen, last_seen)
      SELECT 'p' || lpad(i::text, 6, '0'), '2026-01-01T00:00:00Z', '2026-01-02T10:00:00Z'
      FROM generate_series(1, ${MANY}) AS i`.execute(t.db);
    app = testApp(t.db, {
      publishDir: fixture.root,
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await fixture?.remove();
    await t?.drop();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers: { host: "site.test", "user-agent": BROWSER, ...headers } });

  it("robots.txt allows the site, keeps crawlers off what is no page, and names the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = response.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of [
      "/api/",
      "/v1/",
      "/go/",
      "/settings$",
      "/logout$",
      "/search?",
      "/namepicker?",
      "/namepicker/*?",
      "/socialmedia?",
      "/socialmedia/*?",
      "/social-media-buttons/*?",
      "/bingo-card-creator?",
      "/bingo-card-creator/",
      "/tipmenu?",
      "/tipmenu/*?",
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("robots.txt names the sitemap on the origin asked for", async () => {
    const response = await get("/robots.txt", { host: "other.test:8080" });
    expect(response.body).toContain("Sitemap: http://other.test:8080/sitemap.xml");
  });

  it("/sitemap.xml is an index of the page sitemap and one performer sitemap per 50,000", async () => {
    const response = await get("/sitemap.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    expect(response.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(response.body)).toEqual([
      `${ORIGIN}/sitemap-pages-1.xml`,
      `${ORIGIN}/sitemap-performers-1.xml`,
      `${ORIGIN}/sitemap-performers-2.xml`,
    ]);
  });

  it("the page sitemap lists the static, ranking and tag pages with the published day as lastmod", async () => {
    const response = await get("/sitemap-pages-1.xml");
    expect(response.statusCode).toBe(200);
    const xml = response.body;
    const listed = locs(xml);
    for (const path of STATIC_PATHS) expect(listed).toContain(`${ORIGIN}${path}`);
    // The token page's address holds the configured slug; /4k's canonical is /1080p, so it is left out.
    expect(listed).toContain(`${ORIGIN}/testcams-tokens`);
    expect(listed).not.toContain(`${ORIGIN}/4k`);
    expect(listed).toEqual(
      expect.arrayContaining(
        [
          "/top/viewers/asian",
          "/top/viewers/latina",
          "/top/viewers/women",
          "/top/viewers/women/asian",
          "/top/viewers/men/muscle",
          "/top/performers/asian",
          "/top/performers/women/feet",
          "/top/asian",
          "/top/feet/women",
          "/top/women",
          "/top/followers/latina",
          "/top/growing/latina",
          "/top/followers/women",
          "/tag/asian",
          "/tag/%C3%A7ok",
        ].map((path) => `${ORIGIN}${path}`),
      ),
    );
    // Nothing of other days, no `all`, no date on the latest day; a tag that cannot be one is left out.
    expect(listed.some((loc) => /\d{4}-\d{2}-\d{2}|\/all(\/|$)/.test(loc))).toBe(false);
    expect(listed.some((loc) => loc.includes("r&b") || loc.includes("r%26b"))).toBe(false);
    expect(lastmodOf(xml, `${ORIGIN}/top/viewers/women/asian`)).toBe(LATEST_DAY);
    expect(lastmodOf(xml, `${ORIGIN}/top/performers/asian`)).toBe(LATEST_DAY);
    expect(lastmodOf(xml, `${ORIGIN}/about`)).toBeUndefined();
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("each listed daily ranking page answers 200 with that very address as its canonical link", async () => {
    const listed = locs((await get("/sitemap-pages-1.xml")).body).filter((loc) =>
      loc.startsWith(`${ORIGIN}/top/viewers`),
    );
    expect(listed.length).toBeGreaterThan(5);
    for (const loc of listed) {
      const response = await get(loc.slice(ORIGIN.length));
      expect(response.statusCode, loc).toBe(200);
      expect(/<link rel="canonical" href="([^"]*)"\/>/.exec(response.body)?.[1], loc).toBe(loc);
    }
  });

  it("the performer sitemaps list every performer not opted out, in username order, 50,000 a sitemap", async () => {
    const first = await get("/sitemap-performers-1.xml");
    const second = await get("/sitemap-performers-2.xml");
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const names = [...locs(first.body), ...locs(second.body)].map((loc) => loc.slice(ORIGIN.length + 1));
    // 50,001 generated + ann + requested + about (named like a page: left out of its sitemap)
    expect(locs(first.body).length + 1).toBe(50_000);
    expect(names).toHaveLength(MANY + 2);
    expect(names).toContain("ann");
    expect(names).toContain("requested");
    expect(names).not.toContain("gone");
    expect(names).not.toContain("about");
    expect(names.slice(0, 3)).toEqual(["ann", "p000001", "p000002"]);
    expect(names.at(-1)).toBe("requested");
    expect(lastmodOf(first.body, `${ORIGIN}/ann`)).toBe("2026-01-09");
    expect((await get("/sitemap-performers-3.xml")).statusCode).toBe(404);
  });

  it("answers 404 for a child that does not exist, and leaves other addresses to the pages", async () => {
    for (const url of ["/sitemap-pages-2.xml", "/sitemap-pages-0.xml", "/sitemap-performers-01.xml"]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect((await get("/about")).statusCode).toBe(200);
    expect((await get("/sitemap-other.xml")).statusCode).toBe(404);
  });

  it("sends brotli or gzip when the client accepts it", async () => {
    const plain = (await get("/sitemap-pages-1.xml")).body;
    const br = await get("/sitemap-pages-1.xml", { "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain);
    const gz = await get("/sitemap-pages-1.xml", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString("utf8")).toBe(plain);
  });
});
