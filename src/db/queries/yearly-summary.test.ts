import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertDays,
  insertHours,
  insertPerformer,
  insertSessions,
} from "../../../tests/helpers/aggregate-rows.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { yearlySummary } from "./yearly-summary.ts";

describe("yearlySummary", () => {
  let t: TestDatabase;
  let p: number;

  beforeAll(async () => {
    t = await createTestDatabase();
    p = await insertPerformer(t.db, "p", "2025-12-01T00:00:00Z");
    const q = await insertPerformer(t.db, "q", "2025-12-01T00:00:00Z");
    await insertDays(t.db, p, [
      // The year before: none of it counts.
      {
        day: "2025-12-31",
        minutes: 600,
        streams: 1,
        peakViewers: 900,
        bestRank: 1,
        followerGain: 100,
        tags: ["x"],
      },
      {
        day: "2026-01-05",
        minutes: 120,
        streams: 1,
        peakViewers: 80,
        bestRank: 40,
        followers: 200,
        followerGain: 10,
        tags: ["asian", "bigboobs"],
      },
      {
        day: "2026-01-06",
        minutes: 200,
        streams: 2,
        peakViewers: 120,
        bestRank: 15,
        followerGain: 5,
        tags: ["asian", "cute"],
      },
      // Ties the peak and the best rank: the first day keeps them.
      {
        day: "2026-03-10",
        minutes: 250,
        streams: 1,
        peakViewers: 120,
        bestRank: 15,
        followerGain: -2,
        tags: ["asian", "bigboobs", "dance"],
      },
      { day: "2026-12-31", minutes: 35, streams: 1, tags: ["cute", "ebony", "fit"] },
    ]);
    await insertSessions(t.db, p, [
      // Longest of all, but started the year before.
      { start: "2025-12-31T08:00:00Z", end: "2026-01-01T10:00:00Z" },
      { start: "2026-01-05T10:00:00Z", end: "2026-01-05T12:00:00Z" },
      { start: "2026-03-10T08:00:00Z", end: "2026-03-10T12:10:00Z" },
      // Started in the year, ended in the next: the year's longest.
      { start: "2026-12-31T23:30:00Z", end: "2027-01-01T06:00:29Z" },
    ]);
    await insertHours(t.db, p, [
      { day: "2025-12-29", hour: 5, seconds: 3600 }, // a Monday of the year before
      { day: "2026-01-05", hour: 10, seconds: 3600 }, // Monday
      { day: "2026-01-05", hour: 11, seconds: 3600 },
      { day: "2026-01-06", hour: 10, seconds: 1800 }, // Tuesday
      { day: "2026-03-10", hour: 8, seconds: 3600 }, // Tuesday
      { day: "2026-03-10", hour: 9, seconds: 3600 },
    ]);
    await insertDays(t.db, q, [
      { day: "2026-02-01", minutes: 5000, streams: 9, peakViewers: 5000, bestRank: 1 },
    ]);
  });
  afterAll(() => t.drop());

  it("sums the year from performer_days, performer_hours and stream_sessions", async () => {
    expect(await yearlySummary(t.db, p, 2026)).toEqual({
      year: 2026,
      hoursStreamed: 10.1, // 605 minutes
      streams: 5,
      daysOnline: 4,
      longestStream: {
        startTime: "2026-12-31T23:30:00.000Z",
        endTime: "2027-01-01T06:00:29.000Z",
        minutes: 390,
      },
      peakViewers: { viewers: 120, day: "2026-01-06" },
      bestRank: { rank: 15, day: "2026-01-06" },
      followerGain: 13,
      // fit ties ebony and dance on one day and comes last by name.
      topTags: [
        { tag: "asian", days: 3 },
        { tag: "bigboobs", days: 2 },
        { tag: "cute", days: 2 },
        { tag: "dance", days: 1 },
        { tag: "ebony", days: 1 },
      ],
      busiestWeekday: { weekday: 2, minutesOnline: 150 },
      busiestHour: { hour: 10, minutesOnline: 90 },
      bestMonth: { month: "2026-01", minutesOnline: 320 },
    });
  });

  it("gives zeros and nulls for a year without data and for a performer never seen", async () => {
    const empty = {
      hoursStreamed: 0,
      streams: 0,
      daysOnline: 0,
      longestStream: null,
      peakViewers: null,
      bestRank: null,
      followerGain: null,
      topTags: [],
      busiestWeekday: null,
      busiestHour: null,
      bestMonth: null,
    };
    expect(await yearlySummary(t.db, p, 2024)).toEqual({ year: 2024, ...empty });
    expect(await yearlySummary(t.db, 999_999, 2026)).toEqual({ year: 2026, ...empty });
  });

  it.each([1969, 2026.5, 9999, Number.NaN])("rejects the year %s", async (year) => {
    await expect(yearlySummary(t.db, p, year)).rejects.toThrow(`not a year: ${year}`);
  });
});
