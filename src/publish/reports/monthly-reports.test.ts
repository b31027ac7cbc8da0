import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../../tests/helpers/fixtures.ts";
import { readPublished, readPublishedBytes, testPublishContext } from "../../../tests/helpers/publish.ts";
import { dueMonths, publishMonthlyReports } from "./monthly-reports.ts";
import { REPORT_INDEX_PATH, reportFileSchema, reportIndexSchema, reportPath } from "./report-file.ts";

/**
 * The data reports on a small history: October 2026 against September 2026 and October 2025, with
 * rows on both sides of each month's edges (UTC) that must not count, and an opted-out performer
 * with the month's biggest figures who must not appear.
 */

async function trafficHour(
  db: TestDatabase["db"],
  hour: string,
  polls: number,
  rooms: number,
  viewers: number,
  max: number,
) {
  await sql`
    INSERT INTO traffic_hours (hour, gender, polls, rooms_sum, rooms_max, viewers_sum, viewers_max)
    VALUES (${hour}::timestamptz, 'all', ${polls}, ${rooms * polls}, ${rooms}, ${viewers * polls}, ${max})`.execute(
    db,
  );
}

async function tagDay(db: TestDatabase["db"], day: string, tag: string, performers: number) {
  await sql`
    INSERT INTO tag_days (day, tag, gender, performers, viewers_sum, followers_sum, follower_gain_sum, minutes_online)
    VALUES (${day}::date, ${tag}, 'f', ${performers}, 0, 0, 0, 0)`.execute(db);
}

async function countryDay(db: TestDatabase["db"], day: string, country: string, performers: number) {
  await sql`
    INSERT INTO location_days (day, country, gender, performers, viewers_sum, followers_sum, minutes_online)
    VALUES (${day}::date, ${country}, 'f', ${performers}, 0, 0, 0)`.execute(db);
}

describe("the monthly data reports", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.db;
    // Traffic: October's two hours, its neighbours' edge hours, and a year before.
    await trafficHour(db, "2025-10-15T12:00:00Z", 60, 40, 500, 700);
    await trafficHour(db, "2026-09-30T23:00:00Z", 60, 80, 1_600, 2_000);
    await trafficHour(db, "2026-10-01T00:00:00Z", 60, 100, 1_000, 1_500);
    await trafficHour(db, "2026-10-31T23:00:00Z", 60, 200, 3_000, 5_000);
    await trafficHour(db, "2026-11-01T00:00:00Z", 60, 9_999, 99_999, 99_999);

    const alice = await insertPerformer(db, { username: "alice", gender: "f", country: "US" });
    const bob = await insertPerformer(db, { username: "bob", gender: "m", country: "DE" });
    const carol = await insertPerformer(db, { username: "carol", gender: "f" });
    const dave = await insertPerformer(db, { username: "dave", gender: "c" });
    await insertPerformerDay(db, { performerId: alice, day: "2025-10-15", peakViewers: 10 });
    await insertPerformerDay(db, {
      performerId: alice,
      day: "2026-09-30",
      peakViewers: 99_999,
      followerGain: 9_999,
    });
    await insertPerformerDay(db, {
      performerId: alice,
      day: "2026-10-01",
      peakViewers: 900,
      followers: 4_930,
      followerGain: 50,
      minutesOnline: 90,
    });
    await insertPerformerDay(db, {
      performerId: alice,
      day: "2026-10-31",
      peakViewers: 1_200,
      followers: 5_000,
      followerGain: 70,
      minutesOnline: 120,
    });
    await insertPerformerDay(db, {
      performerId: bob,
      day: "2026-10-15",
      peakViewers: 3_000,
      followers: 800,
      followerGain: 10,
      minutesOnline: 300,
    });
    await insertPerformerDay(db, {
      performerId: bob,
      day: "2026-11-01",
      peakViewers: 50_000,
      followerGain: 5_000,
    });
    await insertPerformerDay(db, {
      performerId: carol,
      day: "2026-10-15",
      peakViewers: 9_000,
      followerGain: 999,
    });
    await insertPerformerDay(db, {
      performerId: dave,
      day: "2026-10-15",
      peakViewers: null,
      seenInPublic: false,
      followers: 300,
      followerGain: 200,
    });
    await confirmOptout(db, "carol");

    // Tags: three performer days in October (the 1st, 15th, 31st), one in September.
    await tagDay(db, "2026-09-30", "asian", 1);
    await tagDay(db, "2026-09-30", "cute", 4);
    await tagDay(db, "2026-10-01", "asian", 3);
    await tagDay(db, "2026-10-31", "asian", 3);
    await tagDay(db, "2026-10-31", "cute", 3);
    await tagDay(db, "2026-11-01", "cute", 100);
    await countryDay(db, "2026-10-01", "US", 3);
    await countryDay(db, "2026-10-31", "US", 1);
    await countryDay(db, "2026-10-15", "DE", 1);
    await countryDay(db, "2026-11-01", "DE", 100);
  });
  afterAll(() => t.drop());

  it("is due for every month of the history that has ended by the day", () => {
    expect(dueMonths("2026-08-20", "2026-10-30")).toEqual(["2026-08", "2026-09"]);
    expect(dueMonths("2026-08-20", "2026-10-31")).toEqual(["2026-08", "2026-09", "2026-10"]);
    expect(dueMonths("2026-10-20", "2026-10-30")).toEqual([]);
    expect(dueMonths("2025-12-31", "2026-01-31")).toEqual(["2025-12", "2026-01"]);
  });

  it("writes October's figures exactly, UTC month edges kept, the opted-out left out", async () => {
    const context = await testPublishContext(t.db);
    try {
      await publishMonthlyReports(context, "2026-10-31");
      const index = reportIndexSchema.parse(await readPublished(context, REPORT_INDEX_PATH));
      // Months without traffic (most of the year) have no report.
      expect(index.map((r) => r.month)).toEqual(["2026-10", "2026-09", "2025-10"]);
      expect(index[0]).toMatchObject({
        slug: "the-platform-in-october-2026",
        date: "2026-11-01",
        title: "The platform in October 2026",
      });
      const report = reportFileSchema.parse(await readPublished(context, reportPath("2026-10")));
      expect(report.summary).toBe(
        "In October 2026 there were 150.0 rooms online on average, with 2,000 viewers in them together, 25.0 % more than in September 2026. bob drew the most viewers at once.",
      );
      expect(report.traffic.current).toEqual({
        month: "2026-10",
        days: 2,
        rooms: 150,
        viewers: 2_000,
        peakViewers: 5_000,
      });
      expect(report.traffic.previous).toEqual({
        month: "2026-09",
        days: 1,
        rooms: 80,
        viewers: 1_600,
        peakViewers: 2_000,
      });
      expect(report.traffic.yearBefore).toEqual({
        month: "2025-10",
        days: 1,
        rooms: 40,
        viewers: 500,
        peakViewers: 700,
      });
      expect(report.traffic.daily).toEqual([
        { day: "2026-10-01", rooms: 100, viewers: 1_000 },
        { day: "2026-10-31", rooms: 200, viewers: 3_000 },
      ]);
      expect(report.hours).toEqual([
        { hour: 0, rooms: 100, viewers: 1_000 },
        { hour: 23, rooms: 200, viewers: 3_000 },
      ]);
      expect(report.topPerformers).toEqual([
        { rank: 1, username: "bob", gender: "m", peakViewers: 3_000, hoursOnline: 5 },
        { rank: 2, username: "alice", gender: "f", peakViewers: 1_200, hoursOnline: 3.5 },
      ]);
      expect(report.risers).toEqual([
        { rank: 1, username: "dave", gender: "c", followerGain: 200, followers: 300 },
        { rank: 2, username: "alice", gender: "f", followerGain: 120, followers: 5_000 },
        { rank: 3, username: "bob", gender: "m", followerGain: 10, followers: 800 },
      ]);
      expect(JSON.stringify(report)).not.toContain("carol");
      expect(report.tags).toEqual({
        compared: true,
        top: [
          { tag: "asian", performers: 2 },
          { tag: "cute", performers: 1 },
        ],
        grew: [{ tag: "asian", performers: 2, previous: 1, change: 1 }],
        fell: [{ tag: "cute", performers: 1, previous: 4, change: -3 }],
      });
      expect(report.countries).toEqual([
        { country: "US", name: "United States", location: "united-states", performerDays: 4, share: 80 },
        { country: "DE", name: "Germany", location: "germany", performerDays: 1, share: 20 },
      ]);
      expect(report.otherCountries).toBeNull();
      expect(report.charts.traffic.src).toMatch(/^\/images\/reports\/2026-10-traffic\.svg\?v=[\w-]{12}$/);
      expect(report.charts.top?.alt).toContain("led by bob with 3,000");

      // September has no month before it in the history: nothing to compare tags with.
      const september = reportFileSchema.parse(await readPublished(context, reportPath("2026-09")));
      expect(september.tags.compared).toBe(false);
      expect(september.traffic.previous).toBeNull();
      expect(september.topPerformers.map((p) => p.username)).toEqual(["alice"]);
    } finally {
      await context.remove();
    }
  });

  it("writes the same bytes when built again, and keeps a report already written", async () => {
    const one = await testPublishContext(t.db);
    const two = await testPublishContext(t.db);
    try {
      const first = await publishMonthlyReports(one, "2026-10-31");
      await publishMonthlyReports(two, "2026-10-31");
      const paths = first.map((f) => f.urlPath).sort();
      expect(paths).toContain("/images/reports/2026-10-hours.svg");
      for (const urlPath of paths)
        expect((await readPublishedBytes(two, urlPath)).equals(await readPublishedBytes(one, urlPath))).toBe(
          true,
        );
      // Again on the same directory: only the index is written (and finds its bytes unchanged).
      const again = await publishMonthlyReports(one, "2026-10-31");
      expect(again.map((f) => [f.urlPath, f.changed])).toEqual([[REPORT_INDEX_PATH, false]]);
      const svgs = await readdir(path.join(one.root, "images", "reports"));
      expect(svgs.filter((f) => f.endsWith(".svg")).sort()).toContain("2026-10-countries.svg");
      const svg = await readFile(path.join(one.root, "images", "reports", "2026-10-top.svg"), "utf8");
      expect(svg).not.toMatch(/<script|\son[a-z]+=|href=/i);
      expect(svg).toContain(">bob</text>");

      // bob opts out: October, which named him, is written again without him; September is kept.
      await confirmOptout(t.db, "bob");
      const after = await publishMonthlyReports(one, "2026-10-31");
      expect(after.filter((f) => f.urlPath.endsWith(".json")).map((f) => f.urlPath)).toEqual([
        reportPath("2026-10"),
        REPORT_INDEX_PATH,
      ]);
      const october = reportFileSchema.parse(await readPublished(one, reportPath("2026-10")));
      expect(october.topPerformers.map((p) => p.username)).toEqual(["alice"]);
      expect(october.summary).toContain("alice drew the most viewers at once.");
      const redrawn = await readFile(path.join(one.root, "images", "reports", "2026-10-top.svg"), "utf8");
      expect(redrawn).not.toContain("bob");
    } finally {
      await one.remove();
      await two.remove();
    }
  });
});
