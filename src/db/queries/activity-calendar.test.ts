import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDays, insertPerformer } from "../../../tests/helpers/aggregate-rows.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { activityCalendar, type CalendarDay } from "./activity-calendar.ts";

function active(days: CalendarDay[]): CalendarDay[] {
  return days.filter((d) => d.minutesOnline > 0 || d.streams > 0 || d.level > 0);
}

describe("activityCalendar", () => {
  let t: TestDatabase;
  let veteran: number;
  let newcomer: number;
  let late: number;

  beforeAll(async () => {
    t = await createTestDatabase();
    veteran = await insertPerformer(t.db, "veteran", "2025-01-01T12:00:00Z");
    newcomer = await insertPerformer(t.db, "newcomer", "2026-12-30T23:59:00Z");
    late = await insertPerformer(t.db, "late", "2027-01-04T00:00:00Z");
    await insertDays(t.db, veteran, [
      { day: "2025-12-21", minutes: 500, streams: 2 }, // the Sunday before the calendar's first week
      { day: "2025-12-22", minutes: 59, streams: 1 },
      { day: "2026-12-31", minutes: 360, streams: 2 },
      { day: "2027-01-03", minutes: 0, streams: 1 },
      { day: "2027-01-04", minutes: 90, streams: 1 }, // after endDay
    ]);
    await insertDays(t.db, newcomer, [{ day: "2026-12-31", minutes: 120, streams: 1 }]);
  });
  afterAll(() => t.drop());

  it("covers 54 whole weeks, Monday to endDay's Sunday, across a year's end", async () => {
    const days = await activityCalendar(t.db, veteran, "2027-01-03");
    expect(days).toHaveLength(378);
    expect(days[0]?.day).toBe("2025-12-22");
    expect(days.at(-1)?.day).toBe("2027-01-03");
    expect(active(days)).toEqual([
      { day: "2025-12-22", minutesOnline: 59, streams: 1, level: 1 },
      { day: "2026-12-31", minutesOnline: 360, streams: 2, level: 4 },
      { day: "2027-01-03", minutesOnline: 0, streams: 1, level: 1 },
    ]);
    expect(days.filter((d) => d.level === 0)).toHaveLength(375);
  });

  it("stops at endDay in the middle of its week", async () => {
    const days = await activityCalendar(t.db, veteran, "2026-12-30");
    expect(days).toHaveLength(53 * 7 + 3);
    expect(days[0]?.day).toBe("2025-12-22");
    expect(days.at(-1)?.day).toBe("2026-12-30");
    expect(active(days)).toEqual([{ day: "2025-12-22", minutesOnline: 59, streams: 1, level: 1 }]);
  });

  it("starts with the week the performer was first seen (UTC)", async () => {
    expect(await activityCalendar(t.db, newcomer, "2027-01-03")).toEqual([
      { day: "2026-12-28", minutesOnline: 0, streams: 0, level: 0 },
      { day: "2026-12-29", minutesOnline: 0, streams: 0, level: 0 },
      { day: "2026-12-30", minutesOnline: 0, streams: 0, level: 0 },
      { day: "2026-12-31", minutesOnline: 120, streams: 1, level: 2 },
      { day: "2027-01-01", minutesOnline: 0, streams: 0, level: 0 },
      { day: "2027-01-02", minutesOnline: 0, streams: 0, level: 0 },
      { day: "2027-01-03", minutesOnline: 0, streams: 0, level: 0 },
    ]);
  });

  it("is empty for a performer never seen, or first seen after endDay", async () => {
    expect(await activityCalendar(t.db, 999_999, "2027-01-03")).toEqual([]);
    expect(await activityCalendar(t.db, late, "2027-01-03")).toEqual([]);
  });

  it("rejects what is not a day", async () => {
    await expect(activityCalendar(t.db, veteran, "2027-02-29")).rejects.toThrow("not a day: 2027-02-29");
  });
});
