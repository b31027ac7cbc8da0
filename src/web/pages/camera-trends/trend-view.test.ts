import { describe, expect, it } from "vitest";
import { addDays } from "../../../rules/calendar.ts";
import { cameraTrendsPath, dayAxisLabels, fittingSpan, parseSpan } from "./trend-view.ts";

const daysTo = (last: string, n: number) => Array.from({ length: n }, (_, i) => addDays(last, i - n + 1));

describe("camera trends view", () => {
  it("reads the span from the address, the default for anything else", () => {
    expect(parseSpan("30", 90)).toBe(30);
    expect(parseSpan("365", 30)).toBe(365);
    expect(parseSpan(null, 90)).toBe(90);
    expect(parseSpan("7", 30)).toBe(30);
    expect(parseSpan("abc", 365)).toBe(365);
    expect(cameraTrendsPath(90, 90)).toBe("/camera-trends");
    expect(cameraTrendsPath(30, 90)).toBe("/camera-trends?days=30");
    expect(cameraTrendsPath(90, 30)).toBe("/camera-trends?days=90");
  });

  it("first shows the shortest span that holds every day with data (issue 28)", () => {
    const year = (known: number) => [...Array(365 - known).fill(null), ...Array(known).fill(50)];
    expect(fittingSpan(year(0))).toBe(30);
    expect(fittingSpan(year(7))).toBe(30);
    expect(fittingSpan(year(30))).toBe(30);
    expect(fittingSpan(year(35))).toBe(90);
    expect(fittingSpan(year(90))).toBe(90);
    expect(fittingSpan(year(91))).toBe(365);
    // A gap inside the data is still data's span.
    expect(fittingSpan([...year(35).slice(0, -10), ...Array(10).fill(null)])).toBe(90);
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
