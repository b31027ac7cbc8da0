import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertHours, insertPerformer } from "../../../tests/helpers/aggregate-rows.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { type HourlyBucket, hourlyStats } from "./hourly-stats.ts";

/** The buckets with anything in them; the test also checks that all the others are zeros. */
function busy(buckets: HourlyBucket[]): HourlyBucket[] {
  return buckets.filter((b) => b.minutesOnline > 0 || b.daysOnline > 0 || b.avgViewers > 0);
}

describe("hourlyStats", () => {
  let t: TestDatabase;
  let p: number;
  // 2027-01-03 is a Sunday: one week back is Monday 2026-12-28 to it, across a year's end.
  const END = "2027-01-03";

  beforeAll(async () => {
    t = await createTestDatabase();
    p = await insertPerformer(t.db, "p", "2026-12-01T00:00:00Z");
    const q = await insertPerformer(t.db, "q", "2026-12-01T00:00:00Z");
    await insertHours(t.db, p, [
      { day: "2026-12-14", hour: 20, seconds: 3600, avgViewers: 5 }, // Monday, three weeks back
      { day: "2026-12-21", hour: 20, seconds: 1800, avgViewers: 40 }, // Monday, two weeks back
      { day: "2026-12-28", hour: 20, seconds: 3600, avgViewers: 10 }, // Monday
      { day: "2027-01-01", hour: 0, seconds: 600, avgViewers: null }, // Friday, no viewer sample
      { day: "2027-01-03", hour: 23, seconds: 1530, avgViewers: 7.25 }, // Sunday
      { day: "2027-01-04", hour: 20, seconds: 3600, avgViewers: 99 }, // Monday after endDay
    ]);
    await insertHours(t.db, q, [{ day: "2026-12-28", hour: 20, seconds: 3600, avgViewers: 1000 }]);
  });
  afterAll(() => t.drop());

  it("always gives the 7 × 24 buckets, Monday hour 0 first", async () => {
    const buckets = await hourlyStats(t.db, p, END, 1);
    expect(buckets).toHaveLength(168);
    expect(buckets.map((b) => b.weekday * 100 + b.hour)).toEqual(
      Array.from({ length: 168 }, (_, i) => (Math.floor(i / 24) + 1) * 100 + (i % 24)),
    );
  });

  it("sums one week's buckets", async () => {
    expect(busy(await hourlyStats(t.db, p, END, 1))).toEqual([
      { weekday: 1, hour: 20, minutesOnline: 60, daysOnline: 1, avgViewers: 10 },
      { weekday: 5, hour: 0, minutesOnline: 10, daysOnline: 1, avgViewers: 0 },
      // 1,530 s = 25.5 min rounds up; 7.25 rounds half away from zero.
      { weekday: 7, hour: 23, minutesOnline: 26, daysOnline: 1, avgViewers: 7.3 },
    ]);
  });

  it("sums more weeks, weighting the average viewers by time online", async () => {
    const two = await hourlyStats(t.db, p, END, 2);
    // (10 × 3600 + 40 × 1800) / 5400 = 20
    expect(busy(two)[0]).toEqual({ weekday: 1, hour: 20, minutesOnline: 90, daysOnline: 2, avgViewers: 20 });
    const three = await hourlyStats(t.db, p, END, 3);
    // (5 × 3600 + 40 × 1800 + 10 × 3600) / 9000 = 14
    expect(busy(three)[0]).toEqual({
      weekday: 1,
      hour: 20,
      minutesOnline: 150,
      daysOnline: 3,
      avgViewers: 14,
    });
  });

  it("ends the weeks on endDay, whatever its weekday", async () => {
    // Friday 2027-01-01 back one week: Saturday 2026-12-26 to it.
    expect(busy(await hourlyStats(t.db, p, "2027-01-01", 1))).toEqual([
      { weekday: 1, hour: 20, minutesOnline: 60, daysOnline: 1, avgViewers: 10 },
      { weekday: 5, hour: 0, minutesOnline: 10, daysOnline: 1, avgViewers: 0 },
    ]);
  });

  it("gives zeros for a performer never seen", async () => {
    const buckets = await hourlyStats(t.db, 999_999, END, 54);
    expect(buckets).toHaveLength(168);
    expect(busy(buckets)).toEqual([]);
  });

  it.each([0, 55, 1.5, Number.NaN])("rejects weeksBack %s", async (weeksBack) => {
    await expect(hourlyStats(t.db, p, END, weeksBack)).rejects.toThrow(
      `weeksBack must be a whole number from 1 to 54: ${weeksBack}`,
    );
  });
});
