import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { FIXED_PATHS } from "../../src/publish/paths.ts";
import {
  activeUserCountSchema,
  activeUserCountTrendsYoySchema,
  recentBroadcasterStatsSchema,
} from "../../src/publish/traffic-files.ts";
import { publishJson } from "../../src/publish/write-file.ts";
import { addDays } from "../../src/stats/calendar.ts";
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

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("draws a performer in millions: labels inside, followers and viewers apart, ranks 1, 2, 3", async () => {
        const { page, errors } = await open("/star_cam", { viewport });
        await heading(page, "star_cam");
        await expect.poll(async () => (await drawnChartProblems(page)).charts).toBe(3);
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
        await expect.poll(async () => (await drawnChartProblems(page)).charts).toBe(3);
        const check = await drawnChartProblems(page);
        expect(check.problems).toEqual([]);
        const ranks = check.yLabels["Best rank per day (1 is the top)"] ?? [];
        expect(ranks[0]).toBe("1");
        for (const label of ranks) expect(label).toMatch(/^\d+$/);
        expect(errors).toEqual([]);
      });

      it("draws /traffic's charts with every label inside and a legend on each of several lines", async () => {
        const { page, errors } = await open("/traffic", { viewport });
        await expect.poll(async () => (await drawnChartProblems(page)).charts).toBe(8);
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
