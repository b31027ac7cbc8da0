import { describe, expect, it } from "vitest";
import { CHART_PALETTE, formatChartTime, formatChartValue, seriesColor } from "./chart-spec.ts";

describe("chart figures as the table writes them", () => {
  const ms = Date.parse("2026-11-18T14:35:00Z");

  it("writes times in UTC by the spec's unit", () => {
    expect(formatChartTime(ms, "day")).toBe("2026-11-18");
    expect(formatChartTime(ms, "hour")).toBe("2026-11-18 14:35");
    expect(formatChartTime(ms, "month")).toBe("2026-11");
  });

  it("groups digits, keeps the spec's decimals and marks a missing value", () => {
    expect(formatChartValue(1234567)).toBe("1,234,567");
    expect(formatChartValue(12.345, 1)).toBe("12.3");
    expect(formatChartValue(12.345)).toBe("12");
    expect(formatChartValue(null)).toBe("–");
  });

  it("gives series the palette's colours in order unless they bring their own", () => {
    expect(seriesColor({ label: "a", values: [] }, 0)).toBe(CHART_PALETTE[0]);
    expect(seriesColor({ label: "b", values: [] }, 1)).toBe(CHART_PALETTE[1]);
    expect(seriesColor({ label: "c", values: [] }, CHART_PALETTE.length)).toBe(CHART_PALETTE[0]);
    expect(seriesColor({ label: "d", values: [], color: "#000" }, 3)).toBe("#000");
  });
});
