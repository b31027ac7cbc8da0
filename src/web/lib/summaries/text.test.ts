import { describe, expect, it } from "vitest";
import type { MonthlySummary } from "../../../db/queries/monthly-summaries.ts";
import { monthlyCharts, monthTime } from "../../pages/summaries/monthly-charts.ts";
import { dayName, hourSpan, longDayName, monthName, shortMonthName, weekdayName } from "./text.ts";

describe("the summary pages' texts", () => {
  it("writes figures in fixed English and UTC", () => {
    expect(weekdayName(1)).toBe("Monday");
    expect(weekdayName(7)).toBe("Sunday");
    expect(hourSpan(14)).toBe("14:00–15:00 UTC");
    expect(hourSpan(23)).toBe("23:00–00:00 UTC");
    expect(monthName("2026-03")).toBe("March 2026");
    expect(shortMonthName("2026-12")).toBe("Dec 2026");
    expect(dayName("2026-03-05")).toBe("5 March 2026");
    expect(longDayName("2026-11-20")).toBe("Friday, 20 November 2026");
  });

  it("charts the months on their first instants, gaps kept as gaps", () => {
    const month = (m: string, followers: number | null, gain: number | null): MonthlySummary => ({
      month: m,
      streams: 3,
      minutesOnline: 200,
      daysOnline: 2,
      peakViewers: null,
      followers,
      followerGain: gain,
      bestRank: null,
      bestGenderRank: null,
    });
    const charts = monthlyCharts([month("2025-12", null, null), month("2026-01", 500, 20)]);
    expect(monthTime("2026-01")).toBe(Date.UTC(2026, 0, 1));
    expect(charts.minutes.times).toEqual([Date.UTC(2025, 11, 1), Date.UTC(2026, 0, 1)]);
    expect(charts.minutes.bars).toBe(true);
    expect(charts.streams.integer).toBe(true);
    // One measure a chart: their scales differ too much to share an axis.
    expect(Object.values(charts).map((c) => c.series.map((s) => [s.label, s.values]))).toEqual([
      [["Minutes online", [200, 200]]],
      [["Streams", [3, 3]]],
      [["Followers", [null, 500]]],
      [["Follower gain", [null, 20]]],
    ]);
  });
});
