import { describe, expect, it } from "vitest";
import type { HourlyBucket } from "../../../db/queries/hourly-stats.ts";
import { BIO_CUT_CHARS, bioForDisplay } from "../../lib/profile/bio-text.ts";
import { heatLevel, heatRows, heatWeek, readWeeks } from "./heat-map-parts.ts";
import { milestoneProgress } from "./milestones-parts.ts";
import { hourRanges, scheduleInWords } from "./schedule-words.ts";

/** 168 empty buckets, with the given (weekday, hour) → daysOnline filled (60 minutes per day). */
function buckets(online: Record<string, number> = {}): HourlyBucket[] {
  const all: HourlyBucket[] = [];
  for (let weekday = 1; weekday <= 7; weekday++)
    for (let hour = 0; hour < 24; hour++) {
      const days = online[`${weekday}:${hour}`] ?? 0;
      all.push({ weekday, hour, minutesOnline: days * 60, daysOnline: days, avgViewers: 0 });
    }
  return all;
}
const span = (weekdays: number[], hours: number[], days: number) =>
  Object.fromEntries(weekdays.flatMap((w) => hours.map((h) => [`${w}:${h}`, days])));

describe("the heat map's shading", () => {
  it("is 0 without time online and 4 at the busiest bucket", () => {
    expect(heatLevel(0, 100)).toBe(0);
    expect(heatLevel(5, 0)).toBe(0);
    expect(heatLevel(100, 100)).toBe(4);
  });
  it("splits the busiest bucket's minutes in four steps, any time online at least 1", () => {
    expect(heatLevel(1, 1000)).toBe(1);
    expect(heatLevel(250, 1000)).toBe(1);
    expect(heatLevel(251, 1000)).toBe(2);
    expect(heatLevel(500, 1000)).toBe(2);
    expect(heatLevel(750, 1000)).toBe(3);
    expect(heatLevel(751, 1000)).toBe(4);
  });
  it("lays the buckets out Monday to Sunday, 24 hours each", () => {
    const rows = heatRows(heatWeek(buckets({ "7:23": 2, "1:0": 1 })));
    expect(rows.map((r) => r.weekday)).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
    expect(rows.every((r) => r.cells.length === 24)).toBe(true);
    expect(rows[6]?.cells[23]).toEqual({ hour: 23, minutesOnline: 120, daysOnline: 2, level: 4 });
    expect(rows[0]?.cells[0]).toEqual({ hour: 0, minutesOnline: 60, daysOnline: 1, level: 2 });
    expect(rows[0]?.cells[1]).toEqual({ hour: 1, minutesOnline: 0, daysOnline: 0, level: 0 });
  });
  it("reads ?weeks strictly", () => {
    const read = (q: string) => readWeeks(new URLSearchParams(q), 4);
    expect(read("")).toBe(4);
    expect(read("weeks=1")).toBe(1);
    expect(read("weeks=54")).toBe(54);
    expect(read("weeks=5")).toBeNull();
    expect(read("weeks=04")).toBeNull();
    expect(read("weeks=abc")).toBeNull();
    expect(read("weeks=4&weeks=4")).toBeNull();
  });
});

describe("the schedule in words", () => {
  it("names the usual days and hours", () => {
    expect(scheduleInWords(buckets(span([1, 4], [18, 19, 20, 21], 3)), 4)).toBe(
      "Usually online Mondays and Thursdays, 18:00–22:00 UTC",
    );
  });
  it("needs half of the weeks for a day, and half of the usual days for an hour", () => {
    // Monday on 2 of 4 weeks counts, Friday on 1 of 4 does not.
    const b = buckets({ ...span([1], [10, 11], 2), ...span([5], [10, 11], 1) });
    expect(scheduleInWords(b, 4)).toBe("Usually online Mondays, 10:00–12:00 UTC");
    // Hour 12 only on Wednesdays: 2 of the 3 usual days' 12 days is under half.
    const c = buckets({ ...span([1, 2, 3], [20], 4), ...span([3], [12], 2) });
    expect(scheduleInWords(c, 4)).toBe("Usually online Mondays, Tuesdays and Wednesdays, 20:00–21:00 UTC");
  });
  it("joins a run through midnight and writes every day", () => {
    expect(scheduleInWords(buckets(span([1, 2, 3, 4, 5, 6, 7], [22, 23, 0, 1], 1)), 1)).toBe(
      "Usually online every day, 22:00–02:00 UTC",
    );
    expect(hourRanges([3, 4, 9])).toEqual(["03:00–05:00", "09:00–10:00"]);
    expect(hourRanges(Array.from({ length: 24 }, (_, h) => h))).toEqual(["all day"]);
  });
  it("says when hours vary, when nothing is regular and when nothing happened", () => {
    const varying = buckets({ "1:3": 2, "2:9": 2, "3:15": 2, "4:21": 2 });
    expect(scheduleInWords(varying, 4)).toBe(
      "Usually online Mondays, Tuesdays, Wednesdays and Thursdays, at varying hours",
    );
    expect(scheduleInWords(buckets({ "1:3": 1 }), 12)).toBe("No regular schedule over the last 12 weeks");
    expect(scheduleInWords(buckets(), 1)).toBe("Not online in the last week");
  });
});

describe("viewer milestones", () => {
  it("lists the milestones the peak reached with their first days, and the next one", () => {
    const progress = milestoneProgress(2500, [
      { milestone: 1000, day: "2026-01-02" },
      { milestone: 2000, day: "2026-01-05" },
    ]);
    expect(progress.reached).toEqual([
      { milestone: 1000, day: "2026-01-02" },
      { milestone: 2000, day: "2026-01-05" },
    ]);
    expect(progress.next).toBe(5000);
  });
  it("starts at 1000 and ends at 1,000,000", () => {
    expect(milestoneProgress(null, [])).toEqual({ reached: [], next: 1000 });
    expect(milestoneProgress(999, []).next).toBe(1000);
    expect(milestoneProgress(1000, [{ milestone: 1000, day: "2026-01-01" }]).reached).toHaveLength(1);
    const top = milestoneProgress(1_200_000, []);
    expect(top.reached).toHaveLength(10);
    expect(top.next).toBeNull();
  });
});

describe("the bio as shown (SPEC §5)", () => {
  it("removes web addresses and masks the banned word", () => {
    expect(bioForDisplay("Hi! Find me at https://example.com/me or www.x.org today")).toBe(
      "Hi! Find me at or today",
    );
    expect(bioForDisplay("add me on Skype please")).toBe("add me on ***** please");
  });
  it("shows nothing with closing or anchor tags", () => {
    expect(bioForDisplay('I love <a href="x">this</a>')).toBeNull();
    expect(bioForDisplay("bold</b> text")).toBeNull();
    expect(bioForDisplay("<a>x")).toBeNull();
    expect(bioForDisplay(null)).toBeNull();
    expect(bioForDisplay("www.example.com")).toBeNull();
  });
  it("cuts to 125 characters with '...' only when asked", () => {
    const long = "a".repeat(200);
    expect(bioForDisplay(long)).toBe(long);
    expect(bioForDisplay(long, { cut: true })).toBe(`${"a".repeat(BIO_CUT_CHARS)}...`);
    expect(bioForDisplay("short", { cut: true })).toBe("short");
  });
});
