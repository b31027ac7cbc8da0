import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  dayStart,
  isoWeekday,
  monthStart,
  monthsEndingWith,
  weekStart,
} from "./calendar.ts";

describe("UTC calendar", () => {
  it("reads a day as its UTC midnight", () => {
    expect(dayStart("2026-11-18")).toBe(Date.UTC(2026, 10, 18));
  });

  it.each(["2026-02-30", "2026-13-01", "2026-1-01", "2026-11-18T00:00:00Z", "", "yesterday"])(
    "rejects %j",
    (day) => {
      expect(() => dayStart(day)).toThrow(new RangeError(`not a day: ${day}`));
    },
  );

  it("adds days across months, years and a leap day", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -371)).toBe("2025-02-23");
  });

  it("numbers weekdays from Monday 1 to Sunday 7", () => {
    expect(["2026-11-16", "2026-11-17", "2026-11-21", "2026-11-22"].map(isoWeekday)).toEqual([1, 2, 6, 7]);
  });

  it("starts a week on Monday, across a year's end", () => {
    expect(weekStart("2026-11-16")).toBe("2026-11-16");
    expect(weekStart("2026-11-22")).toBe("2026-11-16");
    expect(weekStart("2027-01-01")).toBe("2026-12-28");
  });

  it("moves months across years", () => {
    expect(addMonths("2026-03", -11)).toBe("2025-04");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(monthStart("2026-02")).toBe("2026-02-01");
  });

  it.each(["2026-13", "2026-00", "2026-1", "2026"])("rejects the month %j", (month) => {
    expect(() => addMonths(month, 0)).toThrow(new RangeError(`not a month: ${month}`));
  });
});

describe("UTC months ending with a day", () => {
  it("moves across month, year and leap-day boundaries", () => {
    expect(addDays("2026-11-20", -6)).toBe("2026-11-14");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-11-20", -29)).toBe("2026-10-22");
  });

  it("lists the months ending with a day's month, oldest first", () => {
    expect(monthsEndingWith("2026-11-20", 12)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(monthsEndingWith("2026-01-31", 2)).toEqual(["2025-12", "2026-01"]);
  });

  it("refuses what is not a day", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow("not a day");
    expect(() => monthsEndingWith("yesterday", 1)).toThrow("not a day");
  });
});
