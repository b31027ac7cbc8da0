import { describe, expect, it } from "vitest";
import { addDays } from "../../../stats/calendar.ts";
import { cameraTrendsPath, dayAxisLabels, parseSpan } from "./trend-view.ts";

const daysTo = (last: string, n: number) => Array.from({ length: n }, (_, i) => addDays(last, i - n + 1));

describe("camera trends view", () => {
  it("reads the span from the address, the default for anything else", () => {
    expect(parseSpan("30")).toBe(30);
    expect(parseSpan("365")).toBe(365);
    expect(parseSpan(null)).toBe(90);
    expect(parseSpan("7")).toBe(90);
    expect(parseSpan("abc")).toBe(90);
    expect(cameraTrendsPath(90)).toBe("/camera-trends");
    expect(cameraTrendsPath(30)).toBe("/camera-trends?days=30");
  });

  it("names every 7th day back from the last over a month", () => {
    const labels = dayAxisLabels(daysTo("2026-11-20", 30));
    expect(labels.filter((l) => l !== null)).toEqual(["23 Oct", "30 Oct", "6 Nov", "13 Nov", "20 Nov"]);
    expect(labels.at(-1)).toBe("20 Nov");
  });

  it("names at most six month starts over longer spans", () => {
    expect(dayAxisLabels(daysTo("2026-11-20", 90)).filter((l) => l !== null)).toEqual(["Sep", "Oct", "Nov"]);
    const year = dayAxisLabels(daysTo("2026-11-20", 365)).filter((l) => l !== null);
    expect(year.length).toBeLessThanOrEqual(6);
    expect(year.at(-1)).toBe("Nov");
  });
});
