import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import {
  LOCATION_ROWS_WRITTEN,
  locationRows,
  type TrafficMapFixture,
  writeTrafficMapFixture,
} from "../../tests/helpers/traffic-map-files.ts";
import { loadConfig } from "../config.ts";
import { ISO_NUMERIC } from "../web/lib/country-map/iso-numeric.ts";
import { LOCATION_ROWS } from "../web/pages/location/load.server.ts";
import { missingBuildMessage, webBuildExists } from "./pages.ts";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const GOOGLEBOT = "Googlebot/2.1 (+http://www.google.com/bot.html)";
const clean = (html: string) => html.replaceAll("<!-- -->", "");
const decode = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");
const title = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const h1 = (html: string) =>
  clean(/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? "")
    .replace(/<[^>]+>/g, "")
    .trim();
const canonical = (html: string) => decode(/<link rel="canonical" href="([^"]*)"\/>/.exec(html)?.[1] ?? "");
/** The <path> of a country on the map, by world-atlas key: its fill and title. */
const shape = (html: string, key: string) => {
  const match = new RegExp(
    `<path d="[^"]*" fill="([^"]*)" data-country="${key}"><title>([^<]*)</title>`,
  ).exec(html);
  return match === null ? undefined : { fill: match[1], title: decode(match[2] ?? "") };
};
/** The table of countries: rank, name, link, count. */
const countryRows = (html: string) =>
  [
    ...clean(/<table class="country-map__table">.*?<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? "").matchAll(
      /<tr><td>(\d+)<\/td><th scope="row">.*?<a href="([^"]*)">([^<]*)<\/a><\/th><td[^>]*>([^<]*)<\/td><\/tr>/g,
    ),
  ].map((m) => ({ rank: Number(m[1]), path: m[2], name: decode(m[3] ?? ""), count: m[4] }));
const rowNames = (html: string, caption: string) => {
  const table =
    new RegExp(`<caption class="sr-only">${caption}</caption>(.*?)</table>`, "s").exec(html)?.[1] ?? "";
  return [...table.matchAll(/<tr id="([^"]+)" data-username=/g)].map((m) => m[1]);
};

describe("the country map and location pages", () => {
  let t: TestDatabase;
  let fixture: TrafficMapFixture;
  let empty: TrafficMapFixture;
  let app: FastifyInstance;
  let emptyApp: FastifyInstance;
  const followers = locationRows("f", "colombia", "all");
  const [first, inList] = followers.map((r) => r.u);

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    [fixture, empty] = await Promise.all([
      writeTrafficMapFixture({ abbr: "tc", online: [inList as string] }),
      writeTrafficMapFixture({ traffic: false, locations: false }),
    ]);
    const seen = new Date(Date.now() - 2 * 86_400_000 - 60_000);
    await sql`INSERT INTO performers (username, first_seen, last_seen) VALUES (${first}, ${seen}, ${seen})`.execute(
      t.db,
    );
    const config = loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_ABBR: "tc" });
    app = testApp(t.db, { publishDir: fixture.root, config, imageHost: "http://images.test" });
    emptyApp = testApp(t.db, { publishDir: empty.root, config });
  });
  afterAll(async () => {
    await Promise.all([app?.close(), emptyApp?.close()]);
    await Promise.all([fixture?.remove(), empty?.remove()]);
    await t?.drop();
  });

  const get = (url: string, on: FastifyInstance = app, agent = BROWSER) =>
    on.inject({ method: "GET", url, headers: { "user-agent": agent } });

  describe("/map", () => {
    it("draws every country on a server-side SVG with a title per country, shaded by count", async () => {
      const response = await get("/map");
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("public, max-age=300");
      const html = response.body;
      expect(h1(html)).toBe("Performers by country");
      expect(title(html)).toBe("Performers by country on TestCams");
      expect(canonical(html)).toMatch(/\/map$/);
      // Every country world-atlas draws but Antarctica, plus Kosovo (no id) and the two unnamed shapes.
      const paths = [...html.matchAll(/<path d="[^"]+" fill="[^"]+" data-country="([^"]+)">/g)].map(
        (m) => m[1],
      );
      expect(paths).toHaveLength(176);
      expect(paths).not.toContain(ISO_NUMERIC.AQ);
      expect(shape(html, "170")).toEqual({ fill: "#8f1a47", title: "Colombia: 1,234 performers" });
      expect(shape(html, "840")?.title).toBe("United States: 300 performers");
      expect(shape(html, "Kosovo")?.title).toBe("Kosovo: 1 performer");
      expect(shape(html, "076")).toEqual({ fill: "#e2e0e7", title: "Brazil: no performers" });
      // The legend: 1234 in five log classes.
      expect(clean(html)).toContain("1–4");
      expect(clean(html)).toContain("298–1,234");
    });

    it("lists every country with performers by count, linking its location page", async () => {
      const rows = countryRows((await get("/map")).body);
      expect(rows).toEqual([
        { rank: 1, path: "/location/colombia", name: "Colombia", count: "1,234" },
        { rank: 2, path: "/location/united-states", name: "United States", count: "300" },
        { rank: 3, path: "/location/malta", name: "Malta", count: "3" },
        { rank: 4, path: "/location/kosovo", name: "Kosovo", count: "1" },
      ]);
    });

    it("counts one gender with the page-level words, linking the rankings' words", async () => {
      const html = (await get("/map/couples")).body;
      expect(h1(html)).toBe("Couples performers by country");
      expect(countryRows(html)).toEqual([
        { rank: 1, path: "/location/colombia/couples", name: "Colombia", count: "100" },
      ]);
      expect(shape(html, "840")?.title).toBe("United States: no couples performers");
      const female = (await get("/map/female")).body;
      expect(countryRows(female)[0]).toEqual({
        rank: 1,
        path: "/location/colombia/women",
        name: "Colombia",
        count: "1,000",
      });
      expect(canonical(female)).toMatch(/\/map\/female$/);
    });

    it("301s the rankings' spelling and all, 404s an unknown gender", async () => {
      for (const [from, to] of [
        ["/map/women", "/map/female"],
        ["/map/men", "/map/male"],
        ["/map/all", "/map"],
        ["/map/Trans", "/map/trans"],
      ] as const) {
        const response = await get(from);
        expect(response.statusCode, from).toBe(301);
        expect(response.headers.location, from).toBe(to);
      }
      expect((await get("/map/robots")).statusCode).toBe(404);
    });

    it("stays light: the page under 150 KB", async () => {
      for (const url of ["/map", "/map/female"]) {
        const response = await get(url);
        expect(Buffer.byteLength(response.body), url).toBeLessThan(150_000);
      }
    });

    it("answers 503 before the counts are published", async () => {
      const unpublished = await get("/map", emptyApp);
      expect(unpublished.statusCode).toBe(503);
      expect(unpublished.body).toContain("<h1>The first map is on its way</h1>");
    });
  });

  describe("/location/{location}", () => {
    it("shows the country's name, flag, count and its two rankings with live states", async () => {
      const response = await get("/location/colombia");
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("public, max-age=60");
      const html = clean(response.body);
      expect(h1(html)).toBe("Top performers from Colombia");
      expect(html).toMatch(
        /<h1[^>]*><span aria-hidden="true"><span class="fi fi-co" role="img" aria-label="Colombia"/,
      );
      expect(html).toContain("1,234 performers from Colombia");
      const most = rowNames(html, "Most followed: Top performers from Colombia");
      expect(most).toHaveLength(LOCATION_ROWS);
      expect(most[0]).toBe(first);
      expect(LOCATION_ROWS).toBeLessThan(LOCATION_ROWS_WRITTEN);
      expect(rowNames(html, "Most popular: Top performers from Colombia")).toEqual(
        locationRows("s", "colombia", "all")
          .slice(0, LOCATION_ROWS)
          .map((r) => r.u),
      );
      const row = (u: string) => new RegExp(`<tr id="${u}".*?</tr>`, "s").exec(html)?.[0] ?? "";
      expect(row(inList as string)).toContain("Live");
      expect(row(first as string)).toContain("live 2 days ago");
      expect(html).toContain('href="/map"');
    });

    it("has tabs for the genders with lists or performers, in the rankings' words", async () => {
      const html = (await get("/location/colombia/women")).body;
      expect(h1(html)).toBe("Top female performers from Colombia");
      expect(canonical(html)).toMatch(/\/location\/colombia\/women$/);
      const tabs = [...html.matchAll(/<a [^>]*class="gender-tabs__tab"[^>]*>/g)].map(
        (m) => /href="([^"]*)"/.exec(m[0])?.[1],
      );
      expect(tabs).toEqual([
        "/location/colombia",
        "/location/colombia/couples",
        "/location/colombia/women",
        "/location/colombia/men",
        "/location/colombia/trans",
      ]);
      expect(html).toContain('href="/map/female"');
      // A gender with neither lists nor performers on the latest day has no tab.
      const us = (await get("/location/united-states")).body;
      const usTabs = [...us.matchAll(/<a [^>]*class="gender-tabs__tab"[^>]*>/g)].map(
        (m) => /href="([^"]*)"/.exec(m[0])?.[1],
      );
      expect(usTabs).toEqual([
        "/location/united-states",
        "/location/united-states/women",
        "/location/united-states/men",
        "/location/united-states/trans",
      ]);
    });

    it("finds a flag for a country with lists but nobody on the latest day", async () => {
      const html = clean((await get("/location/romania")).body);
      expect(h1(html)).toBe("Top performers from Romania");
      expect(html).toMatch(
        /<h1[^>]*><span aria-hidden="true"><span class="fi fi-ro" role="img" aria-label="Romania"/,
      );
      expect(html).toContain("0 performers from Romania");
    });

    it("301s other spellings, 404s unknown locations and genders", async () => {
      for (const [from, to] of [
        ["/location/colombia/female", "/location/colombia/women"],
        ["/location/colombia/all", "/location/colombia"],
        ["/location/Colombia", "/location/colombia"],
      ] as const) {
        const response = await get(from);
        expect(response.statusCode, from).toBe(301);
        expect(response.headers.location, from).toBe(to);
      }
      for (const url of [
        "/location/atlantis",
        "/location/united-states/couples",
        "/location/colombia/robots",
        "/location/a%20b",
      ]) {
        expect((await get(url)).statusCode, url).toBe(404);
      }
    });

    it("says so when a country on the map has no lists yet, rather than 404", async () => {
      const response = await get("/location/malta");
      expect(response.statusCode).toBe(200);
      const html = clean(response.body);
      expect(h1(html)).toBe("Top performers from Malta");
      expect(html).toContain("3 performers from Malta");
      expect(html).toContain("There are no ranked lists for Malta yet");
      expect(html).not.toContain('<table class="ranking-table');
    });

    it("gives crawlers no live states", async () => {
      const html = clean((await get("/location/colombia", app, GOOGLEBOT)).body);
      expect(html).not.toContain("live 2 days ago");
    });
  });
});
