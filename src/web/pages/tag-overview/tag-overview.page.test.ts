import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { insertPerformer } from "../../../../tests/helpers/fixtures.ts";
import { canonical } from "../../../../tests/helpers/page-html.ts";
import { pageTestSite } from "../../../../tests/helpers/page-test-site.ts";
import {
  fixtureName,
  LATEST_DAY,
  writeTagOverviewFixture,
} from "../../../../tests/helpers/tag-overview-files.ts";
import { loadConfig } from "../../../config.ts";
import { schemaForPath } from "../../../publish/file-schemas.ts";

const PLATFORM = "TestCams";
const GOOGLEBOT = "Googlebot/2.1 (+http://www.google.com/bot.html)";
/** A person's browser: inject's own user agent (lightMyRequest) reads as a bot to isbot. */
const TABS = ["followers", "monthly", "viewers", "growing"] as const;

const decode = (text: string) =>
  text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
/** The HTML of one tab's panel. */
/** A tab's panel: from its section to the next tab's (tables sit in scroll boxes of their own). */
const panel = (html: string, tab: string) =>
  new RegExp(`<section[^>]*data-tab="${tab}"[^>]*>([\\s\\S]*?)(?=<section[^>]*data-tab=|$)`).exec(
    html,
  )?.[1] ?? "";
const rowNames = (html: string) => [...html.matchAll(/<tr data-username="([^"]+)"/g)].map((m) => m[1]);
const moreHref = (html: string) => /<a class="tag-overview__more" href="([^"]*)"/.exec(html)?.[1];
const text = (html: string) => decode(html.replace(/<[^>]+>/g, ""));

/** Live now: monthly all ranks 2 and 28 (past the 25 shown), most followed all rank 5. */
const LIVE = [
  fixtureName("mon", "all", null, 2),
  fixtureName("mon", "all", null, 28),
  fixtureName("fol", "all", null, 5),
];
/** Not in the online list, but seen under 5 minutes ago: live all the same (SPEC §4). */
const SEEN_NOW = fixtureName("fol", "all", null, 7);
/** Seen 10 minutes ago and not in the list: not live. */
const SEEN_BEFORE = fixtureName("fol", "all", null, 8);

async function jsonFiles(root: string, dir = root): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? jsonFiles(root, path.join(dir, e.name))
        : e.name.endsWith(".json")
          ? [`/${path.relative(root, path.join(dir, e.name))}`]
          : [],
    ),
  );
  return nested.flat();
}

describe("the tag ranking overview pages", () => {
  const site = pageTestSite({
    fixture: () => writeTagOverviewFixture({ abbr: "tc", online: [...LIVE, "someone_else"] }),
    seed: async (db) => {
      const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
      await insertPerformer(db, { username: SEEN_NOW, lastSeen: ago(2) });
      await insertPerformer(db, { username: SEEN_BEFORE, lastSeen: ago(10) });
    },
    app: { config: loadConfig({ PLATFORM_NAME: PLATFORM, PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }) },
  });
  const { get } = site;

  it("reads fixture files that match the publishers' schemas", async () => {
    const files = await jsonFiles(site.fixture.root);
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const schema = schemaForPath(file);
      expect(schema, file).toBeDefined();
      const parsed = schema?.safeParse(
        JSON.parse(await readFile(path.join(site.fixture.root, file), "utf8")),
      );
      expect(parsed?.success, file).toBe(true);
    }
  });

  const forms: [url: string, title: string, canonical: string][] = [
    ["/top", `Top models on ${PLATFORM}`, "/top"],
    ["/top/all", `Top models on ${PLATFORM}`, "/top"],
    ["/top/women", `Top Female models on ${PLATFORM}`, "/top/women"],
    ["/top/couples", `Top Couples on ${PLATFORM}`, "/top/couples"],
    ["/top/asian", `Top asian models on ${PLATFORM}`, "/top/asian"],
    ["/top/ASIAN/Women", `Top asian Female models on ${PLATFORM}`, "/top/asian/women"],
    ["/top/asian/all", `Top asian models on ${PLATFORM}`, "/top/asian"],
    ["/top/muscle/men", `Top muscle Male models on ${PLATFORM}`, "/top/muscle/men"],
  ];
  for (const [url, expectedTitle, expectedCanonical] of forms) {
    it(`serves ${url}: title, canonical, cache header`, async () => {
      const { status, headers, html } = await get(url);
      expect(status).toBe(200);
      expect(headers["cache-control"]).toBe("public, max-age=60");
      expect(title(html)).toBe(expectedTitle);
      expect(h1(html)).toBe(expectedTitle);
      expect(canonical(html)).toBe(`http://localhost${expectedCanonical}`);
    });
  }

  it("holds all four tables of 25 in the server's HTML, with their 'show more...' links", async () => {
    const { html } = await get("/top/women");
    for (const [tab, prefix] of [
      ["followers", "fol"],
      ["monthly", "mon"],
      ["viewers", "vie"],
      ["growing", "gro"],
    ] as const) {
      const names = rowNames(panel(html, tab));
      expect(names, tab).toEqual(
        Array.from({ length: 25 }, (_, i) => fixtureName(prefix, "women", null, i + 1)),
      );
    }
    expect(TABS.map((tab) => moreHref(panel(html, tab)))).toEqual([
      "/top/followers/women",
      "/top/performers/women",
      "/top/viewers/women",
      "/top/growing/women",
    ]);
    // Figures: followers, score, the viewer threshold, the weekly gain.
    const first = (tab: string) => /<td class="overview-table__number">([^<]*)</.exec(panel(html, tab))?.[1];
    expect(TABS.map(first)).toEqual(["500,000", "99.5", "4,200+", "+20,000"]);
    expect(html).toContain('<a href="/fol_women_001">fol_women_001</a>');
  });

  it("shows a tag's lists, most followed and fastest rising over every gender", async () => {
    const { html } = await get("/top/asian/women");
    expect(rowNames(panel(html, "followers"))[0]).toBe(fixtureName("fol", "all", "asian", 1));
    expect(rowNames(panel(html, "monthly"))[0]).toBe(fixtureName("mon", "women", "asian", 1));
    expect(rowNames(panel(html, "viewers"))[0]).toBe(fixtureName("vie", "women", "asian", 1));
    expect(rowNames(panel(html, "growing"))[0]).toBe(fixtureName("gro", "all", "asian", 1));
    expect(text(panel(html, "followers"))).toContain("Most followed (all genders) (followers, last count)");
    expect(text(panel(html, "monthly"))).toContain("Top Monthly (last 30 days)");
    expect(TABS.map((tab) => moreHref(panel(html, tab)))).toEqual([
      "/top/followers/asian",
      "/top/performers/women/asian",
      "/top/viewers/women/asian",
      "/top/growing/asian",
    ]);
  });

  it("says the tag's rank and names each list's top performer", async () => {
    const all = text((await get("/top/asian")).html);
    expect(all).toContain(
      `#asian is the top #2 most popular tag on ${PLATFORM}, used by 120 models most recently`,
    );
    expect(all).toContain(
      "The most followed asian model is fol_all_asian_001; the top monthly is mon_all_asian_001; the most viewed is vie_all_asian_001; the fastest rising is gro_all_asian_001.",
    );
    const men = text((await get("/top/muscle/men")).html);
    // muscle: 40 men, behind cute's 50.
    expect(men).toContain(
      "#muscle is the top #2 most popular tag among men, used by 40 models most recently",
    );
    const women = (await get("/top/asian/women")).html;
    expect(women).toContain('<a href="/fol_all_asian_001">fol_all_asian_001</a>');
  });

  it("shows an empty tab for a list not published, not a failed page", async () => {
    const { status, html } = await get("/top/trans");
    expect(status).toBe(200);
    expect(text(panel(html, "growing"))).toContain("This list has not been published yet.");
    expect(rowNames(panel(html, "viewers"))).toHaveLength(25);
    // A tag with a 30-day list but none of the latest day: Most viewed is empty.
    const feet = await get("/top/feet");
    expect(feet.status).toBe(200);
    expect(text(panel(feet.html, "viewers"))).toContain("This list has not been published yet.");
    expect(rowNames(panel(feet.html, "monthly"))).toHaveLength(25);
  });

  it("keeps the tag in the gender switch where that gender has lists for it", async () => {
    const { html } = await get("/top/asian");
    const nav = /<nav class="gender-tabs"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    expect([...nav.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      "/top/asian",
      "/top/couples",
      "/top/asian/women",
      "/top/men",
      "/top/trans",
    ]);
  });

  it("puts the tag explorer's tags with 30-day lists for the gender in the cloud", async () => {
    const cloud = (html: string) =>
      [
        ...(/<ul class="tag-cloud__list"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "").matchAll(/href="([^"]*)"/g),
      ].map((m) => m[1]);
    expect(cloud((await get("/top/women")).html)).toEqual(["/top/asian/women", "/top/feet/women"]);
    expect(cloud((await get("/top")).html)).toEqual(["/top/asian", "/top/feet", "/top/latina"]);
    expect((await get("/top")).html).toContain('<p class="tag-cloud__more"><a href="/tags"');
  });

  it("answers 404 for an unknown tag or a malformed address", async () => {
    for (const url of [
      "/top/nosuchtag",
      "/top/muscle", // men only
      "/top/feet/men",
      "/top/women/asian",
      "/top/asian/latina",
      "/top/a%20b",
      "/top/asian/women/x",
    ]) {
      const { status, html } = await get(url);
      expect(status, url).toBe(404);
      expect(title(html), url).toBe("Page not found | camstats");
    }
  });

  it("leaves /top/viewers… to the daily viewer ranking", async () => {
    // As a crawler: the daily page then makes no live lookup, which would need a database.
    const { status, html } = await get("/top/viewers", { "user-agent": GOOGLEBOT });
    expect(status).toBe(200);
    expect(html).toContain('class="viewer-table"');
    expect(html).not.toContain('class="tag-overview"');
  });

  it("redirects the tag picker's form (?tag=) to the tag's address, keeping the gender and 'Live only'", async () => {
    const cases: [string, string][] = [
      ["/top?tag=Latina", "/top/latina"],
      ["/top/women?tag=%23asian", "/top/asian/women"],
      ["/top/asian/women?tag=&live=1", "/top/women?live=1"],
      ["/top/women?tag=feet&live=1", "/top/feet/women?live=1"],
    ];
    for (const [url, location] of cases) {
      const response = await site.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(303);
      expect(response.headers.location, url).toBe(location);
    }
  });

  it("marks who is live, and filters every list with ?live=1 without scripts", async () => {
    const { html } = await get("/top");
    const marked = [...html.matchAll(/<tr data-username="([^"]+)"(?:(?!<\/tr>).)*live-badge/gs)].map(
      (m) => m[1],
    );
    expect(marked.sort()).toEqual([LIVE[2], LIVE[0], SEEN_NOW].sort());
    expect(html).toMatch(/<a class="live-switch" href="\/top\?live=1" role="switch" aria-checked="false"/);

    const filtered = (await get("/top?live=1")).html;
    expect(rowNames(panel(filtered, "monthly"))).toEqual([LIVE[0], LIVE[1]]);
    expect(panel(filtered, "monthly")).toContain('<td class="overview-table__rank">28</td>');
    expect(rowNames(panel(filtered, "followers"))).toEqual([LIVE[2], SEEN_NOW]);
    expect(text(panel(filtered, "viewers"))).toContain("Nobody in this list is live now.");
    expect(filtered).toMatch(/<a class="live-switch" href="\/top" role="switch" aria-checked="true"/);
  });

  it("skips the live lookup for crawlers (SPEC §6), who get every row", async () => {
    const { html } = await get("/top?live=1", { "user-agent": GOOGLEBOT });
    expect(rowNames(panel(html, "monthly"))).toHaveLength(25);
    expect(html).not.toContain('class="live-badge"');
    expect(text(html)).toContain("Who is live is not known right now, so every performer is shown.");
  });

  it("reads the latest day from the manifest", async () => {
    const { html } = await get("/top");
    expect(LATEST_DAY).toBe("2026-01-10");
    expect(rowNames(panel(html, "viewers"))[0]).toBe(fixtureName("vie", "all", null, 1));
  });
});
