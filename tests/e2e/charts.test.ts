import type { FastifyInstance } from "fastify";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { FIXED_PATHS } from "../../src/publish/paths.ts";
import {
  activeUserCountSchema,
  activeUserCountTrendsYoySchema,
  recentBroadcasterStatsSchema,
} from "../../src/publish/traffic-files.ts";
import { publishJson } from "../../src/publish/write-file.ts";
import { addDays } from "../../src/rules/calendar.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { insertPerformer, insertPerformerDay } from "../helpers/fixtures.ts";
import { seedPerformerFixture } from "../helpers/performer-fixture.ts";
import {
  activeUserCount,
  broadcasterStats,
  type TrafficMapFixture,
  trends,
  writeTrafficMapFixture,
} from "../helpers/traffic-map-files.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { drawnChartProblems, heading } from "./page-helpers.ts";

/** The figures of the traffic files that grow with the platform: scaled to a big platform's. */
const SCALED = new Set([
  "rooms",
  "rooms_max",
  "viewers",
  "viewers_max",
  "broadcasters",
  "new_broadcasters",
  "broadcast_hours",
  "avg_peak_viewers",
]);
function scaled<T>(value: T, factor: number, inside = false): T {
  if (typeof value === "number") return (inside ? value * factor : value) as T;
  if (Array.isArray(value)) return value.map((v) => scaled(v, factor, inside)) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, scaled(v, factor, inside || SCALED.has(k))]),
    ) as T;
  return value;
}

/** Performers with a short history: their username and the days they were seen. */
const SHORT_HISTORIES = [
  ["week_cam", 7],
  ["month_cam", 35],
] as const;

/** Each drawn chart's points, the points with a figure, and whether its x scale spans exactly them. */
const drawnSpans = (page: Page) =>
  page.evaluate<{ name: string; points: number; known: number; fitted: boolean }[]>(`(() =>
    [...document.querySelectorAll(".time-chart__canvas[data-drawn]")].map((host) => {
      const u = host.uplot;
      const times = u.data[0];
      const known = times.filter((_, i) => u.data.slice(1).some((values) => values[i] != null)).length;
      const scale = u.scales.x;
      return {
        name: host.closest("figure").querySelector("figcaption").textContent,
        points: times.length,
        known,
        fitted: scale.min <= times[0] && scale.max >= times[times.length - 1] &&
          (times.length < 2 || scale.max - scale.min <= (times[times.length - 1] - times[0]) * 1.2),
      };
    }))()`);

/**
 * Every uPlot chart of the performer page and /traffic, at a phone's width and a desktop's, with
 * figures large enough to have clipped before (3,250,000 followers, hundreds of thousands of
 * viewers) and small (the performer fixture's hundreds), and a best rank of 1 to 3: every tick
 * label inside its chart, no tick repeated, ranks whole from 1 at the top.
 */
describe("the charts as drawn", () => {
  let t: TestDatabase;
  let traffic: TrafficMapFixture;
  let app: FastifyInstance;

  const site = browserSite(async () => {
    t = await createTestDatabase();
    await seedPerformerFixture(t.db);
    const today = new Date().toISOString().slice(0, 10);
    const star = await insertPerformer(t.db, {
      username: "star_cam",
      followers: 3_250_000,
      firstSeen: new Date(Date.now() - 40 * 86_400_000).toISOString(),
      lastSeen: new Date(Date.now() - 86_400_000).toISOString(),
    });
    for (let back = 30; back >= 1; back--)
      await insertPerformerDay(t.db, {
        performerId: star,
        day: addDays(today, -back),
        followers: 3_200_000 + (30 - back) * 1_700,
        followerGain: 1_700,
        peakViewers: 12_000 + (back % 7) * 1_100,
        bestRank: 1 + (back % 3),
      });
    // Short histories (issue 28): a performer seen for 7 days, and one for 35.
    for (const [username, days] of SHORT_HISTORIES) {
      const id = await insertPerformer(t.db, {
        username,
        followers: 5_000 + days,
        firstSeen: new Date(Date.now() - days * 86_400_000).toISOString(),
        lastSeen: new Date(Date.now() - 86_400_000).toISOString(),
      });
      for (let back = days; back >= 1; back--)
        await insertPerformerDay(t.db, {
          performerId: id,
          day: addDays(today, -back),
          followers: 5_000 + (days - back) * 10,
          followerGain: 10,
          peakViewers: 40 + (back % 5) * 3,
          bestRank: 10 + (back % 4),
        });
    }
    // The traffic files of a platform a thousand times the fixture's: up to 330,000 viewers an hour.
    traffic = await writeTrafficMapFixture({ traffic: false, locations: false });
    await publishJson(
      traffic.root,
      FIXED_PATHS.activeUserCount,
      activeUserCountSchema.parse(scaled(activeUserCount(), 1000)),
    );
    await publishJson(
      traffic.root,
      FIXED_PATHS.activeUserCountTrendsYoy,
      activeUserCountTrendsYoySchema.parse(scaled(trends(true), 1000)),
    );
    await publishJson(
      traffic.root,
      FIXED_PATHS.recentBroadcasterStats,
      recentBroadcasterStatsSchema.parse(scaled(broadcasterStats(), 1000)),
    );
    app = testApp(t.db, {
      publishDir: traffic.root,
      config: loadConfig({ PLATFORM_NAME: "TestCams" }),
      pageCache: false,
    });
    return { app, cleanUp: [() => traffic.remove(), () => t.drop()] };
  });
  const { open } = site;
  /**
   * The charts are drawn once the page's scripts have run; with the whole suite on two cores that
   * can take longer than a poll's default second.
   */
  const DRAWN = { timeout: 10_000 };

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("draws a performer in millions: labels inside, followers and viewers apart, ranks 1, 2, 3", async () => {
        const { page, errors } = await open("/star_cam", { viewport });
        await heading(page, "star_cam");
        await expect.poll(async () => (await drawnChartProblems(page)).charts, DRAWN).toBe(3);
        const check = await drawnChartProblems(page);
        expect(check.problems).toEqual([]);
        expect(check.yLabels["Best rank per day (1 is the top)"]).toEqual(["1", "2", "3"]);
        // Compact and told apart: 3.2M, 3.21M, … on the followers' axis; thousands on the viewers'.
        const followers = check.yLabels["Followers at the end of each day"] ?? [];
        expect(followers.length).toBeGreaterThanOrEqual(3);
        for (const label of followers) expect(label).toMatch(/^3\.\d+M$/);
        for (const label of check.yLabels["Peak viewers per day"] ?? [])
          expect(label).toMatch(/^\d+(\.\d+)?K$/);
        await expectNoSeriousViolations(page, "performer charts");
        expect(errors).toEqual([]);
      });

      it("draws the fixture performer's charts with every label inside", async () => {
        const { page, errors } = await open("/alice_cam", { viewport });
        await expect.poll(async () => (await drawnChartProblems(page)).charts, DRAWN).toBe(3);
        const check = await drawnChartProblems(page);
        expect(check.problems).toEqual([]);
        const ranks = check.yLabels["Best rank per day (1 is the top)"] ?? [];
        expect(ranks[0]).toBe("1");
        for (const label of ranks) expect(label).toMatch(/^\d+$/);
        expect(errors).toEqual([]);
      });

      for (const [username, days] of SHORT_HISTORIES)
        it(`draws ${days} days of a performer over those days only, none empty, nothing outside`, async () => {
          const { page, errors } = await open(`/${username}`, { viewport });
          await expect.poll(async () => (await drawnChartProblems(page)).charts, DRAWN).toBe(3);
          expect((await drawnChartProblems(page)).problems).toEqual([]);
          const spans = await drawnSpans(page);
          expect(spans).toHaveLength(3);
          for (const span of spans) {
            // The range is what the data covers: every point has a figure, the axis spans just them.
            expect(span, span.name).toMatchObject({ points: days, known: days, fitted: true });
          }
          expect(errors).toEqual([]);
        });

      it("draws /traffic's charts with every label inside and a legend on each of several lines", async () => {
        const { page, errors } = await open("/traffic", { viewport });
        await expect.poll(async () => (await drawnChartProblems(page)).charts, DRAWN).toBe(8);
        const check = await drawnChartProblems(page);
        expect(check.problems).toEqual([]);
        for (const label of check.yLabels["Viewers per hour"] ?? []) expect(label).toMatch(/^\d+(\.\d+)?K?$/);
        expect(await page.locator(".time-chart__legend").allTextContents()).toEqual([
          "AverageHighest",
          "AverageHighest",
          "This yearA year before",
          "This yearA year before",
        ]);
        if (viewport === PHONE) await expectNoSeriousViolations(page, "traffic charts");
        expect(errors).toEqual([]);
      });
    });
  }
});
