import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { BROWSER } from "../../../../tests/helpers/page-html.ts";
import {
  AS_OF,
  type TrafficMapFixture,
  writeTrafficMapFixture,
} from "../../../../tests/helpers/traffic-map-files.ts";
import { loadConfig } from "../../../config.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

const clean = (html: string) => html.replaceAll("<!-- -->", "");
const decode = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");
const title = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const h1 = (html: string) => clean(/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? "").replace(/<[^>]+>/g, "");
const canonical = (html: string) => decode(/<link rel="canonical" href="([^"]*)"\/>/.exec(html)?.[1] ?? "");
/** The rows of the table with this caption: each row's cells' text. */
const tableRows = (html: string, caption: string) => {
  const table = new RegExp(`<caption class="sr-only">${caption}</caption>(.*?)</table>`, "s").exec(
    clean(html),
  )?.[1];
  if (table === undefined) return undefined;
  const body = /<tbody>(.*?)<\/tbody>/s.exec(table)?.[1] ?? "";
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map((row) =>
    [...(row[1] ?? "").matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((cell) =>
      (cell[1] ?? "").replace(/<[^>]+>/g, ""),
    ),
  );
};
const hrefOf = (html: string, rel: string) => {
  const link = new RegExp(`<a [^>]*rel="${rel}"[^>]*>`).exec(html)?.[0];
  return link === undefined ? undefined : /href="([^"]*)"/.exec(link)?.[1];
};

describe("the traffic pages", () => {
  let t: TestDatabase;
  let fixture: TrafficMapFixture;
  let withYear: TrafficMapFixture;
  let empty: TrafficMapFixture;
  let app: FastifyInstance;
  let yearApp: FastifyInstance;
  let emptyApp: FastifyInstance;
  const config = loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_ABBR: "tc" });

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    const poll = async (at: string, status: string, rooms: number[], viewers: number[]) => {
      const [all, f, m, c, tr] = rooms;
      const [vAll, vf, vm, vc, vt] = viewers;
      await sql`
        INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, rooms_f, rooms_m,
          rooms_c, rooms_t, viewers_f, viewers_m, viewers_c, viewers_t, pages, requests, duration_ms)
        VALUES (${at}, ${at}, ${at}, ${status}, 'live', ${all}, ${vAll}, ${f}, ${m}, ${c}, ${tr}, ${vf}, ${vm}, ${vc},
          ${vt}, 1, 1, 5)`.execute(t.db);
    };
    // 2026-01-05 and 2026-01-07 have complete polls; 2026-01-06 only a partial one.
    await poll("2026-01-05T10:00:00Z", "complete", [10, 6, 2, 1, 1], [100, 70, 10, 15, 5]);
    await poll("2026-01-05T10:30:00Z", "complete", [13, 7, 3, 2, 1], [121, 80, 20, 16, 5]);
    await poll("2026-01-05T11:00:00Z", "complete", [4, 4, 0, 0, 0], [40, 40, 0, 0, 0]);
    await poll("2026-01-06T12:00:00Z", "partial", [1, 1, 0, 0, 0], [1, 1, 0, 0, 0]);
    await poll("2026-01-07T08:00:00Z", "complete", [9, 9, 0, 0, 0], [90, 90, 0, 0, 0]);
    await sql`
      INSERT INTO tag_traffic_hours (hour, tag, sessions, rooms, viewers)
      VALUES ('2026-01-05T10:00:00Z', 'asian', 3, 2.25, 40.125), ('2026-01-06T09:00:00Z', 'asian', 1, 1, 12),
        ('2026-01-05T10:00:00Z', 'cute', 1, 1, 1)`.execute(t.db);
    [fixture, withYear, empty] = await Promise.all([
      writeTrafficMapFixture(),
      writeTrafficMapFixture({ yearBefore: true }),
      writeTrafficMapFixture({ traffic: false, locations: false }),
    ]);
    app = testApp(t.db, { publishDir: fixture.root, config });
    yearApp = testApp(t.db, { publishDir: withYear.root, config });
    emptyApp = testApp(t.db, { publishDir: empty.root, config });
  });
  afterAll(async () => {
    await Promise.all([app?.close(), yearApp?.close(), emptyApp?.close()]);
    await Promise.all([fixture?.remove(), withYear?.remove(), empty?.remove()]);
    await t?.drop();
  });

  const get = (url: string, on: FastifyInstance = app) =>
    on.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });

  describe("/traffic", () => {
    it("charts the published files for every gender, with tables behind the charts", async () => {
      const response = await get("/traffic");
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("public, max-age=300");
      const html = response.body;
      expect(h1(html)).toBe("Traffic on TestCams");
      expect(title(html)).toBe("Traffic on TestCams");
      expect(canonical(html)).toMatch(/\/traffic$/);
      // 7 days of 24 hours, less the gap at 03:00 on the last day.
      const viewers = tableRows(html, "Viewers per hour");
      expect(viewers).toHaveLength(7 * 24 - 1);
      expect(viewers?.some((row) => row[0] === `${AS_OF} 03:00`)).toBe(false);
      expect(viewers?.find((row) => row[0] === `${AS_OF} 22:00`)).toEqual([`${AS_OF} 22:00`, "320", "325"]);
      expect(tableRows(html, "Rooms online per hour")?.find((row) => row[0] === `${AS_OF} 22:00`)).toEqual([
        `${AS_OF} 22:00`,
        "32",
        "33",
      ]);
      expect(tableRows(html, "Broadcasters per day")?.[0]).toEqual(["2025-12-12", "40"]);
      expect(tableRows(html, "New broadcasters per day")?.[0]).toEqual(["2025-12-12", "10"]);
      expect(tableRows(html, "Average peak viewers per broadcaster")?.[0]).toEqual(["2025-12-12", "15.5"]);
    });

    it("ranks the busiest hours of the day by average viewers", async () => {
      const rows = tableRows(
        (await get("/traffic")).body,
        "Busiest hours of the UTC day \\(All\\), last 7 days",
      );
      expect(rows).toHaveLength(24);
      // 22:00 is the highest (320), 23:00 the quietest (50).
      expect(rows?.[0]).toEqual(["1", "22:00–23:00 UTC", "320", "32"]);
      expect(rows?.[1]?.[1]).toBe("21:00–22:00 UTC");
      expect(rows?.at(-1)).toEqual(["24", "23:00–00:00 UTC", "50", "5"]);
    });

    it("says when there is no year before, and draws it when there is", async () => {
      const without = (await get("/traffic")).body;
      expect(without).toContain("there is no year before to compare with");
      const viewers = tableRows(without, "Average viewers per day, this year and the year before");
      expect(viewers).toHaveLength(30);
      expect(viewers?.at(-1)).toEqual([AS_OF, "229", "–"]);

      const withYearBefore = (await get("/traffic", yearApp)).body;
      expect(withYearBefore).not.toContain("there is no year before to compare with");
      expect(
        tableRows(withYearBefore, "Average viewers per day, this year and the year before")?.at(-1),
      ).toEqual([AS_OF, "229", "129"]);
    });

    it("shows one gender's series with ?gender=, its tab current", async () => {
      const response = await get("/traffic?gender=female");
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(title(html)).toBe("Traffic on TestCams (Female)");
      expect(canonical(html)).toMatch(/\/traffic\?gender=female$/);
      const current = [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>/g)]
        .map((m) => decode(m[0]))
        .filter((a) => a.includes("gender-tabs__tab"));
      expect(current).toHaveLength(1);
      expect(current[0]).toContain('href="/traffic?gender=female"');
      expect(
        tableRows(html, "Viewers per hour \\(Female\\)")?.find((row) => row[0] === `${AS_OF} 22:00`)?.[1],
      ).toBe("192");
      const tabs = [...html.matchAll(/<a [^>]*class="gender-tabs__tab"[^>]*>/g)]
        .map((m) => /href="([^"]*)"/.exec(m[0])?.[1])
        .map((href) => decode(href ?? ""));
      expect(tabs).toEqual([
        "/traffic",
        "/traffic?gender=couples",
        "/traffic?gender=female",
        "/traffic?gender=male",
        "/traffic?gender=trans",
      ]);
    });

    it("redirects other spellings of a gender and 404s unknown ones", async () => {
      for (const [from, to] of [
        ["/traffic?gender=women", "/traffic?gender=female"],
        ["/traffic?gender=men", "/traffic?gender=male"],
        ["/traffic?gender=all", "/traffic"],
      ] as const) {
        const response = await get(from);
        expect(response.statusCode, from).toBe(301);
        expect(response.headers.location, from).toBe(to);
      }
      for (const url of [
        "/traffic?gender=robots",
        "/traffic?gender=female&gender=male",
        "/traffic?gender=",
      ]) {
        expect((await get(url)).statusCode, url).toBe(404);
      }
    });

    it("answers 503 before the files are published", async () => {
      const response = await get("/traffic", emptyApp);
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain("<h1>The first traffic figures are on their way</h1>");
    });
  });

  describe("/traffic/{date}", () => {
    it("charts a day's hours by gender with Prev and Next to the days that have polls", async () => {
      const response = await get("/traffic/2026-01-05");
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("public, max-age=86400");
      const html = response.body;
      expect(h1(html)).toBe("Traffic on 2026-01-05");
      expect(tableRows(html, "Viewers per hour on 2026-01-05")).toEqual([
        ["2026-01-05 10:00", "110.5", "15.5", "75", "15", "5"],
        ["2026-01-05 11:00", "40", "0", "40", "0", "0"],
      ]);
      expect(tableRows(html, "Rooms online per hour on 2026-01-05")?.[0]).toEqual([
        "2026-01-05 10:00",
        "11.5",
        "1.5",
        "6.5",
        "2.5",
        "1",
      ]);
      expect(hrefOf(html, "prev")).toBeUndefined();
      // 2026-01-06 has only a partial poll: Next skips it.
      expect(hrefOf(html, "next")).toBe("/traffic/2026-01-07");
      expect(hrefOf((await get("/traffic/2026-01-07")).body, "prev")).toBe("/traffic/2026-01-05");
    });

    it("404s a day without complete polls, a bad date and a future day", async () => {
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      for (const url of [
        "/traffic/2026-01-06",
        "/traffic/2026-02-30",
        "/traffic/yesterday",
        `/traffic/${tomorrow}`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
      }
    });

    it("sends the tag form to the tag's 7 days ending with the day", async () => {
      const response = await get("/traffic/2026-01-07?tag=Asian");
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/traffic/2026-01-01/asian");
      expect((await get("/traffic/2026-01-07?tag=a%20b")).statusCode).toBe(404);
    });
  });

  describe("/traffic/{startDate}/{tag}", () => {
    it("charts the tag's rooms and viewers over 7 days and links its rankings", async () => {
      const response = await get("/traffic/2026-01-01/asian");
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("public, max-age=300");
      const html = response.body;
      expect(h1(html)).toBe("#asian traffic from 2026-01-01 to 2026-01-07");
      expect(tableRows(html, "Viewers of #asian rooms per hour")).toEqual([
        ["2026-01-05 10:00", "40.1"],
        ["2026-01-06 09:00", "12"],
      ]);
      expect(tableRows(html, "Rooms with #asian per hour")?.[0]).toEqual(["2026-01-05 10:00", "2.3"]);
      expect(html).toContain('href="/top/asian"');
      expect(hrefOf(html, "prev")).toBe("/traffic/2025-12-25/asian");
      expect(hrefOf(html, "next")).toBe("/traffic/2026-01-08/asian");
    });

    it("404s a tag that cannot be a tag, a tag without figures and a bad date", async () => {
      for (const url of [
        "/traffic/2026-01-01/ASIAN",
        "/traffic/2026-01-01/a%20b",
        "/traffic/2026-01-01/nothing",
        "/traffic/2026-01-10/asian",
        "/traffic/2026-13-01/asian",
      ]) {
        expect((await get(url)).statusCode, url).toBe(404);
      }
    });
  });
});
