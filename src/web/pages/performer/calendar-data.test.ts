import { describe, expect, it } from "vitest";
import { calendarDays } from "../../../db/queries/activity-calendar.ts";
import { calendarCells, calendarData } from "./calendar-data.ts";

describe("the activity calendar as the page sends it", () => {
  const days = calendarDays("2026-02-25", "2026-03-03", [
    { day: "2026-02-28", minutesOnline: 200, streamCount: 2 },
    { day: "2026-03-02", minutesOnline: 30, streamCount: 1 },
  ]);
  it("sends the first day and each day's minutes and streams", () => {
    expect(calendarData(days)).toEqual({
      from: "2026-02-23",
      minutesOnline: [0, 0, 0, 0, 0, 200, 0, 30, 0],
      streams: [0, 0, 0, 0, 0, 2, 0, 1, 0],
    });
  });
  it("gives back the same days, dates and levels (across a month's end)", () => {
    expect(calendarCells(calendarData(days))).toEqual(days);
    expect(calendarCells(calendarData([]))).toEqual([]);
  });
});
