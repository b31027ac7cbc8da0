import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { BROWSER } from "../../../../tests/helpers/page-html.ts";
import { testPublishContext } from "../../../../tests/helpers/publish.ts";
import { insertReportHistory, REPORT_DAY } from "../../../../tests/helpers/report-history.ts";
import { loadConfig } from "../../../config.ts";
import type { PublishContext } from "../../../publish/context.ts";
import { publishMonthlyReports } from "../../../publish/reports/monthly-reports.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

/**
 * /blog, its posts and the data reports, server-rendered through inject: the content files, and
 * three months of reports published from a small history the way the daily job does.
 */

const clean = (html: string) => html.replaceAll("<!-- -->", "");
const listed = (html: string) =>
  [...clean(html).matchAll(/<article class="blog__entry"[^>]*><h2[^>]*><a href="\/blog\/([a-z0-9-]+)"/g)].map(
    (m) => m[1],
  );

describe("the blog pages", () => {
  let t: TestDatabase;
  let context: PublishContext & { remove(): Promise<void> };
  let app: FastifyInstance;
  let bare: FastifyInstance;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    await insertReportHistory(t.db);
    context = await testPublishContext(t.db);
    await publishMonthlyReports(context, REPORT_DAY);
    const config = loadConfig({ PLATFORM_NAME: "TestCams", PUBLIC_URL: "https://stats.example" });
    app = testApp(t.db, { publishDir: context.root, config, pageCache: false });
    bare = testApp(t.db, { config, pageCache: false });
  });
  afterAll(async () => {
    await app?.close();
    await bare?.close();
    await context?.remove();
    await t?.drop();
  });

  const get = (url: string, server = app) =>
    server.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });

  it("lists the posts and reports newest first, ten a page, with the feed linked", async () => {
    const first = await get("/blog");
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("public, max-age=3600");
    expect(first.body).toContain("<title>Blog | camstats</title>");
    expect(first.body).toMatch(/<link rel="canonical" href="http[^"]*\/blog"\/>/);
    expect(first.body).toMatch(/<link rel="alternate" type="application\/atom\+xml" href="\/blog\/feed.xml"/);
    const second = await get("/blog?page=2");
    expect(second.statusCode).toBe(200);
    const slugs = [...listed(first.body), ...listed(second.body)];
    expect(listed(first.body)).toHaveLength(10);
    // Eight posts and three reports, newest first: the hand-written posts of November, then the reports.
    expect(slugs).toHaveLength(11);
    expect(slugs[0]).toBe("what-the-data-can-and-cannot-tell");
    expect(slugs.slice(-3)).toEqual([
      "the-platform-in-october-2026",
      "the-platform-in-september-2026",
      "the-platform-in-august-2026",
    ]);
    expect(second.body).toMatch(/<link rel="canonical" href="http[^"]*\/blog\?page=2"\/>/);
    expect(clean(second.body)).toMatch(/aria-current="page"><span class="sr-only">Page <\/span>2<\/span>/);
  });

  it("filters by tag, and answers a bad page or tag with the 404 page", async () => {
    const rankings = await get("/blog?tag=rankings");
    expect(rankings.statusCode).toBe(200);
    expect(listed(rankings.body)).toEqual([
      "how-the-supporter-ranking-works",
      "the-years-top-explained",
      "how-the-top-monthly-score-works",
      "how-most-followed-and-rising-stars-are-made",
      "how-the-top-100-is-made",
    ]);
    expect(listed((await get("/blog?tag=data-report")).body)).toHaveLength(3);
    for (const url of [
      "/blog?page=3",
      "/blog?page=0",
      "/blog?page=x",
      "/blog?tag=nothing",
      "/blog?tag=%3Cb%3E",
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it("renders a post from its Markdown, no raw HTML, with article meta and its neighbours", async () => {
    const response = await get("/blog/how-the-top-monthly-score-works");
    expect(response.statusCode).toBe(200);
    const html = clean(response.body);
    expect(html).toContain("<title>How the top monthly score works | camstats</title>");
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta property="article:published_time" content="2026-11-20"/>');
    expect(html).toMatch(/<link rel="canonical" href="http[^"]*\/blog\/how-the-top-monthly-score-works"\/>/);
    expect(html).toContain("<h1>How the top monthly score works</h1>");
    expect(html).toContain('<a href="/top/performers">Top Monthly</a>');
    expect(html).toContain("<th>weight</th>");
    expect(html).toMatch(/rel="next"[^>]*>Newer: The year&#x27;s top, explained/);
    expect(html).toContain("Older: How Most followed and Rising Stars are made");
  });

  it("renders a data report from its file: its charts as images with alt text, and its tables", async () => {
    const response = await get("/blog/the-platform-in-october-2026");
    expect(response.statusCode).toBe(200);
    const html = clean(response.body);
    expect(html).toContain("<h1>The platform in October 2026</h1>");
    const images = [...html.matchAll(/<img class="report__chart" src="([^"]+)" alt="([^"]+)"/g)];
    expect(images.map((m) => m[1]?.replace(/\?v=.*/, ""))).toEqual([
      "/images/reports/2026-10-traffic.svg",
      "/images/reports/2026-10-top.svg",
      "/images/reports/2026-10-risers.svg",
      "/images/reports/2026-10-tags.svg",
      "/images/reports/2026-10-hours.svg",
      "/images/reports/2026-10-countries.svg",
    ]);
    for (const [, , alt] of images) expect(alt).not.toBe("");
    expect(html).toContain(
      "<caption>Averages over the month&#x27;s polls, against the month before and a year before</caption>",
    );
    expect(html).toMatch(/<th scope="row"><a href="\/eve"[^>]*>eve<\/a><\/th><td>2,700<\/td><td>12.0<\/td>/);
    expect(html).toMatch(/<a href="\/location\/united-states"[^>]*>United States<\/a>/);
    expect(html).toContain("#asian");

    const svg = await app.inject({ method: "GET", url: images[0]?.[1] ?? "" });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(svg.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((await app.inject({ method: "GET", url: "/images/reports/index.json" })).statusCode).toBe(404);
  });

  it("is there before any report is published: the posts alone", async () => {
    const response = await get("/blog?page=1", bare);
    expect(response.statusCode).toBe(200);
    expect(listed(response.body)).toHaveLength(8);
    expect((await get("/blog/the-platform-in-october-2026", bare)).statusCode).toBe(404);
  });

  it("serves the Atom feed of posts and reports on the configured origin, and lists them in the sitemap", async () => {
    const feed = await app.inject({ method: "GET", url: "/blog/feed.xml" });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    const links = [...feed.body.matchAll(/<entry>[\s\S]*?<link href="([^"]+)"\/>/g)].map((m) => m[1]);
    expect(links).toHaveLength(11);
    expect(links[0]).toBe("https://stats.example/blog/what-the-data-can-and-cannot-tell");
    expect(links).toContain("https://stats.example/blog/the-platform-in-august-2026");
    const sitemap = await app.inject({ method: "GET", url: "/sitemap-pages-1.xml" });
    expect(sitemap.body).toMatch(/<loc>http[^<]*\/blog<\/loc>/);
    expect(sitemap.body).toMatch(
      /<loc>http[^<]*\/blog\/the-platform-in-october-2026<\/loc><lastmod>2026-11-01<\/lastmod>/,
    );
    expect(sitemap.body).toMatch(/<loc>http[^<]*\/blog\/how-the-top-100-is-made<\/loc>/);
  });

  it("links each ranking's explanation to its post", async () => {
    const links = (url: string) =>
      get(url).then((r) => [...r.body.matchAll(/href="(\/blog\/[a-z0-9-]+)"/g)].map((m) => m[1]));
    expect(await links("/performerbadges")).toContain("/blog/how-performer-badges-work");
  });

  it("never answers a hostile slug, page or tag with a server error", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: "grapheme", maxLength: 40 })),
        fc.string({ maxLength: 20 }),
        async (segment, query) => {
          const post = await get(`/blog/${encodeURIComponent(segment)}`);
          expect([200, 301, 302, 404]).toContain(post.statusCode);
          const list = await get(
            `/blog?page=${encodeURIComponent(query)}&tag=${encodeURIComponent(segment)}`,
          );
          expect([200, 404]).toContain(list.statusCode);
        },
      ),
      { numRuns: 40 },
    );
  });
});
