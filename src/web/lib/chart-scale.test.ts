import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthLabel, monthWithYear, valueAxis } from "./chart-scale.ts";

describe("chart scales", () => {
  it("chooses round ticks from 0 that cover the largest value", () => {
    expect(valueAxis(37)).toEqual({ ticks: [0, 10, 20, 30, 40], top: 40 });
    expect(valueAxis(2.4)).toEqual({ ticks: [0, 1, 2, 3], top: 3 });
    expect(valueAxis(3_250_000)).toEqual({
      ticks: [0, 1_000_000, 2_000_000, 3_000_000, 4_000_000],
      top: 4_000_000,
    });
    expect(valueAxis(0)).toEqual({ ticks: [0, 1], top: 1 });
  });

  it("keeps ticks whole when asked, never repeating one", () => {
    expect(valueAxis(3, 4, true).ticks).toEqual([0, 1, 2, 3]);
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e9, noNaN: true }), fc.boolean(), (max, integer) => {
        const { ticks, top } = valueAxis(max, 4, integer);
        expect(top).toBeGreaterThanOrEqual(max * (1 - 1e-9));
        expect(ticks.at(-1)).toBeCloseTo(top, 6);
        expect(new Set(ticks).size).toBe(ticks.length);
        if (integer) for (const t of ticks) expect(Number.isInteger(t)).toBe(true);
        expect(ticks.length).toBeLessThanOrEqual(11);
      }),
    );
  });

  it("labels months briefly", () => {
    expect(monthLabel("2026-03")).toBe("Mar");
    expect(monthLabel("2026-01")).toBe("Jan 26");
    expect(monthWithYear("2026-01")).toBe("Jan 2026");
  });
});
