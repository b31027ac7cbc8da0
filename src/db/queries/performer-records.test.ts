import { describe, expect, it } from "vitest";
import { daysBetween, type PerformerDayRow, performerRecords } from "./performer-day-rows.ts";

const row = (day: string, peakViewers: number | null, bestRank: number | null): PerformerDayRow => ({
  day,
  followers: null,
  followerGain: null,
  peakViewers,
  bestRank,
  minutesOnline: 60,
  streamCount: 1,
});

describe("a performer's records from their days", () => {
  it("keeps the best peak and best rank with the first day each was reached", () => {
    const records = performerRecords([
      row("2026-11-01", 900, 40),
      row("2026-11-02", 2100, 12),
      row("2026-11-03", 2100, 12),
      row("2026-11-04", null, null),
      row("2026-11-05", 1500, 30),
    ]);
    expect(records.peakViewers).toEqual({ viewers: 2100, day: "2026-11-02" });
    expect(records.bestRank).toEqual({ rank: 12, day: "2026-11-02" });
  });

  it("dates each viewer milestone by the first day a peak reached it, several on one day", () => {
    const records = performerRecords([
      row("2026-11-01", 900, null),
      row("2026-11-02", 5200, null),
      row("2026-11-03", 12000, null),
    ]);
    expect(records.milestones).toEqual([
      { milestone: 1000, day: "2026-11-02" },
      { milestone: 2000, day: "2026-11-02" },
      { milestone: 5000, day: "2026-11-02" },
      { milestone: 10000, day: "2026-11-03" },
    ]);
  });

  it("has no records for a performer never in public nor ranked", () => {
    expect(performerRecords([row("2026-11-01", null, null)])).toEqual({
      peakViewers: null,
      bestRank: null,
      milestones: [],
    });
  });

  it("takes a range of days, both ends included, and refuses what is not a day", () => {
    const rows = [
      row("2026-10-31", 1, 1),
      row("2026-11-01", 2, 2),
      row("2026-11-30", 3, 3),
      row("2026-12-01", 4, 4),
    ];
    expect(daysBetween(rows, "2026-11-01", "2026-11-30").map((r) => r.day)).toEqual([
      "2026-11-01",
      "2026-11-30",
    ]);
    expect(() => daysBetween(rows, "2026-11-31", "2026-12-01")).toThrow("not a day: 2026-11-31");
  });
});
