import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_DATABASE, testApp } from "../../../../tests/helpers/api.ts";
import { BROWSER } from "../../../../tests/helpers/page-html.ts";
import { loadConfig } from "../../../config.ts";
import { FIXED_PATHS, tagFrequencyPath } from "../../../publish/paths.ts";
import { type ActiveUserCount, activeUserCountSchema } from "../../../publish/traffic-files.ts";
import { publishJson } from "../../../publish/write-file.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

/** /resources: the content files and the live figures, server-rendered, through inject. */

const clean = (html: string) => html.replaceAll("<!-- -->", "");
const section = (html: string, id: string) =>
  new RegExp(`<section [^>]*id="${id}"[^>]*>(.*?)</section>`, "s").exec(clean(html))?.[1] ?? "";

const all = (value: number) => ({ all: value, c: 0, f: value, m: 0, t: 0 });
/** Two days of three hours: 20:00 the busiest, 04:00 the most viewers for each room. */
function activeUserCount(): ActiveUserCount {
  const hours = ["2026-11-20", "2026-11-21"].flatMap((day) =>
    [
      [4, 10, 900],
      [12, 100, 2_000],
      [20, 300, 6_000],
    ].map(([hour, rooms, viewers]) => ({
      hour: `${day}T${String(hour).padStart(2, "0")}:00:00.000Z`,
      polls: 60,
      rooms: all(rooms as number),
      rooms_max: all(rooms as number),
      viewers: all(viewers as number),
      viewers_max: all(viewers as number),
    })),
  );
  return activeUserCountSchema.parse({ as_of: "2026-11-21", updated_at: "2026-11-22T00:10:00.000Z", hours });
}

describe("the resources page", () => {
  let root: string;
  let app: FastifyInstance;
  let bare: FastifyInstance;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    root = await mkdtemp(path.join(tmpdir(), "resources-"));
    await publishJson(root, FIXED_PATHS.activeUserCount, activeUserCount());
    await publishJson(root, tagFrequencyPath("30days"), [
      { tag: "asian", rank: 1, count: 420 },
      { tag: "bigboobs", rank: 2, count: 380 },
      { tag: "couples", rank: 3, count: 12 },
    ]);
    const config = loadConfig({ PLATFORM_NAME: "TestCams" });
    app = testApp(NO_DATABASE, { publishDir: root, config, pageCache: false });
    bare = testApp(NO_DATABASE, { config, pageCache: false });
  });
  afterAll(async () => {
    await app?.close();
    await bare?.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (server: FastifyInstance) =>
    server.inject({ method: "GET", url: "/resources", headers: { "user-agent": BROWSER } });

  it("renders the four sections of the content files, with meta and an hour's cache", async () => {
    const response = await get(app);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    const html = response.body;
    expect(html).toContain("<title>Resources for performers and fans | camstats</title>");
    expect(html).toContain('property="og:description"');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/resources"\/>/);
    expect([...clean(html).matchAll(/<section [^>]*id="([a-z-]+)"/g)].map((m) => m[1])).toEqual([
      "rankings",
      "data",
      "safety",
      "tools",
    ]);
    expect(section(html, "rankings")).toContain('<a href="/top/viewers">Top 100</a>');
    expect(section(html, "rankings")).toContain('<a href="/performerbadges">Performer badges</a>');
    expect(section(html, "safety")).toContain("<code>/optout/yourusername</code>");
    expect(section(html, "safety")).toContain('<a href="/privacy">privacy page</a>');
    for (const tool of [
      "/lists",
      "/namepicker",
      "/socialmedia",
      "/tipmenu",
      "/bingo-card-creator",
      "/compare",
    ])
      expect(section(html, "tools")).toContain(`<a href="${tool}">`);
  });

  it("reads the busiest hours and the tags from the published files", async () => {
    const data = section((await get(app)).body, "data");
    expect(data).toContain("over the 7 days to 2026-11-21");
    const lists = [...data.matchAll(/<ol[^>]*>(.*?)<\/ol>/gs)].map((m) =>
      [...(m[1] ?? "").matchAll(/<li>(.*?)<\/li>/gs)].map((li) => (li[1] ?? "").replace(/<[^>]+>/g, "")),
    );
    expect(lists[0]).toEqual([
      "20:00–21:00 UTC: 6,000 viewers in 300 rooms",
      "12:00–13:00 UTC: 2,000 viewers in 100 rooms",
      "04:00–05:00 UTC: 900 viewers in 10 rooms",
    ]);
    expect(lists[1]?.[0]).toBe("04:00–05:00 UTC: 90 viewers for each room online");
    expect(lists[2]).toEqual([
      "#asian: 420 performers",
      "#bigboobs: 380 performers",
      "#couples: 12 performers",
    ]);
    // A tag with a page links to it; a gender's word has none.
    expect(data).toMatch(/<a href="\/top\/asian"[^>]*>#asian<\/a>/);
    expect(data).toContain("<li>#couples: 12 performers</li>");
  });

  it("is there before anything is published, saying the figures are on their way", async () => {
    const response = await get(bare);
    expect(response.statusCode).toBe(200);
    expect(section(response.body, "data")).toContain("The first traffic figures are on their way");
    expect(section(response.body, "data")).toContain("The first tag figures are on their way");
  });
});
