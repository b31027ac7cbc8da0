import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDays, insertPerformer } from "../../../tests/helpers/aggregate-rows.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { dailyAggregates } from "./daily-aggregates.ts";

describe("dailyAggregates", () => {
  let t: TestDatabase;
  let p: number;

  beforeAll(async () => {
    t = await createTestDatabase();
    p = await insertPerformer(t.db, "p", "2026-12-30T10:00:00Z");
    const q = await insertPerformer(t.db, "q", "2026-12-30T10:00:00Z");
    await insertDays(t.db, p, [
      { day: "2026-12-30", minutes: 90, streams: 1, followers: 100 },
      { day: "2026-12-31", minutes: 30, streams: 2, followers: 105, followerGain: 5 },
      { day: "2027-01-02", minutes: 45, streams: 1, followers: 102, followerGain: -3 },
    ]);
    await insertDays(t.db, q, [{ day: "2026-12-31", minutes: 600, streams: 4, followerGain: 80 }]);
  });
  afterAll(() => t.drop());

  it("gives the performer's days that have a row, ascending, across a year's end", async () => {
    expect(await dailyAggregates(t.db, p, "2026-12-29", "2027-01-02")).toEqual([
      { localTime: "2026-12-30T00:00:00.000Z", streamCount: 1, followerGains: null, minutesOnline: 90 },
      { localTime: "2026-12-31T00:00:00.000Z", streamCount: 2, followerGains: 5, minutesOnline: 30 },
      { localTime: "2027-01-02T00:00:00.000Z", streamCount: 1, followerGains: -3, minutesOnline: 45 },
    ]);
  });

  it("includes both bounds and nothing beyond them", async () => {
    expect(await dailyAggregates(t.db, p, "2026-12-31", "2027-01-01")).toEqual([
      { localTime: "2026-12-31T00:00:00.000Z", streamCount: 2, followerGains: 5, minutesOnline: 30 },
    ]);
  });

  it("is empty for a performer never seen, a range without days, or a range backwards", async () => {
    expect(await dailyAggregates(t.db, 999_999, "2026-01-01", "2027-12-31")).toEqual([]);
    expect(await dailyAggregates(t.db, p, "2027-01-03", "2027-02-01")).toEqual([]);
    expect(await dailyAggregates(t.db, p, "2027-01-02", "2026-12-30")).toEqual([]);
  });

  it("rejects what is not a day", async () => {
    await expect(dailyAggregates(t.db, p, "2026-12-32", "2027-01-02")).rejects.toThrow(
      "not a day: 2026-12-32",
    );
  });
});
