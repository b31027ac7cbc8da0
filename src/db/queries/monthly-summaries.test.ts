import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDays, insertPerformer } from "../../../tests/helpers/aggregate-rows.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { type MonthlySummary, monthlySummaries } from "./monthly-summaries.ts";

const quiet = (month: string, followers: number | null): MonthlySummary => ({
  month,
  streams: 0,
  minutesOnline: 0,
  daysOnline: 0,
  peakViewers: null,
  followers,
  followerGain: null,
  bestRank: null,
  bestGenderRank: null,
});

describe("monthlySummaries", () => {
  let t: TestDatabase;
  let p: number;

  beforeAll(async () => {
    t = await createTestDatabase();
    p = await insertPerformer(t.db, "p", "2026-02-20T00:00:00Z");
    const q = await insertPerformer(t.db, "q", "2026-02-20T00:00:00Z");
    await insertDays(t.db, p, [
      // Before the twelve months: only its follower count carries into them.
      { day: "2026-02-20", minutes: 100, streams: 1, peakViewers: 900, followers: 50, bestRank: 1 },
      {
        day: "2026-12-30",
        minutes: 120,
        streams: 1,
        peakViewers: 40,
        followers: 100,
        followerGain: 50,
        bestRank: 30,
        bestGenderRank: 10,
      },
      {
        day: "2026-12-31",
        minutes: 60,
        streams: 2,
        peakViewers: 55,
        followers: 110,
        followerGain: 10,
        bestRank: 12,
        bestGenderRank: 4,
      },
      // Seen but no stream counted for the day (its session counted for the day before).
      { day: "2027-01-01", minutes: 0, streams: 0, peakViewers: 20, bestRank: 200 },
      { day: "2027-01-15", minutes: 30, streams: 1, followers: 105, followerGain: -5 },
    ]);
    await insertDays(t.db, q, [
      { day: "2026-12-30", minutes: 999, streams: 9, followers: 9, followerGain: 9 },
    ]);
  });
  afterAll(() => t.drop());

  it("gives the twelve months ending with endMonth, across a year's end", async () => {
    expect(await monthlySummaries(t.db, p, "2027-02")).toEqual([
      ...[
        "2026-03",
        "2026-04",
        "2026-05",
        "2026-06",
        "2026-07",
        "2026-08",
        "2026-09",
        "2026-10",
        "2026-11",
      ].map((month) => quiet(month, 50)),
      {
        month: "2026-12",
        streams: 3,
        minutesOnline: 180,
        daysOnline: 2,
        peakViewers: 55,
        followers: 110,
        followerGain: 60,
        bestRank: 12,
        bestGenderRank: 4,
      },
      {
        month: "2027-01",
        streams: 1,
        minutesOnline: 30,
        daysOnline: 1,
        peakViewers: 20,
        followers: 105,
        followerGain: -5,
        bestRank: 200,
        bestGenderRank: null,
      },
      quiet("2027-02", 105),
    ]);
  });

  it("counts a month before the performer was seen as quiet, without followers", async () => {
    const months = await monthlySummaries(t.db, p, "2026-02");
    expect(months.map((m) => m.month)).toEqual([
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
    expect(months.slice(0, 11)).toEqual(months.slice(0, 11).map((m) => quiet(m.month, null)));
    expect(months[11]).toEqual({
      month: "2026-02",
      streams: 1,
      minutesOnline: 100,
      daysOnline: 1,
      peakViewers: 900,
      followers: 50,
      followerGain: null,
      bestRank: 1,
      bestGenderRank: null,
    });
  });

  it("gives twelve quiet months for a performer never seen", async () => {
    const months = await monthlySummaries(t.db, 999_999, "2027-02");
    expect(months).toHaveLength(12);
    expect(months).toEqual(months.map((m) => quiet(m.month, null)));
  });

  it("rejects what is not a month", async () => {
    await expect(monthlySummaries(t.db, p, "2027-13")).rejects.toThrow("not a month: 2027-13");
  });
});
