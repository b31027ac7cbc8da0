import { describe, expect, it } from "vitest";
import { NO_DATA_SHADE, SHADES, shadeClass, shadeColor, shadeLegend, shadeThresholds } from "./shading.ts";

describe("the map's shading", () => {
  it("splits counts up to the maximum in five classes on a log scale", () => {
    expect(shadeThresholds(100_000)).toEqual([10, 100, 1000, 10_000, 100_000]);
    expect(shadeThresholds(1234)).toEqual([4, 17, 71, 297, 1234]);
  });

  it("gives fewer classes when the maximum is small", () => {
    expect(shadeThresholds(1)).toEqual([1]);
    expect(shadeThresholds(3)).toEqual([1, 2, 3]);
    expect(shadeThresholds(0)).toEqual([]);
  });

  it("puts a count in the first class whose bound holds it", () => {
    const bounds = [10, 100, 1000];
    expect(shadeClass(0, bounds)).toBe(0);
    expect(shadeClass(1, bounds)).toBe(1);
    expect(shadeClass(10, bounds)).toBe(1);
    expect(shadeClass(11, bounds)).toBe(2);
    expect(shadeClass(1000, bounds)).toBe(3);
    expect(shadeClass(5000, bounds)).toBe(3);
    expect(shadeClass(5, [])).toBe(0);
  });

  it("colours from the dark end when there are fewer classes", () => {
    expect(shadeColor(0, 5)).toBe(NO_DATA_SHADE);
    expect(shadeColor(5, 5)).toBe(SHADES[4]);
    expect(shadeColor(1, 5)).toBe(SHADES[0]);
    expect(shadeColor(1, 2)).toBe(SHADES[3]);
    expect(shadeColor(2, 2)).toBe(SHADES[4]);
  });

  it("writes the legend's ranges", () => {
    expect(shadeLegend([1, 2, 30])).toEqual([
      { from: 1, to: 1, color: SHADES[2] },
      { from: 2, to: 2, color: SHADES[3] },
      { from: 3, to: 30, color: SHADES[4] },
    ]);
  });
});
