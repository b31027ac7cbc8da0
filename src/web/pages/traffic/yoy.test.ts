import { describe, expect, it } from "vitest";
import { yoySeries } from "./yoy.ts";

const figures = (all: number) => ({ all, f: all / 2 });
const day = (d: string, viewers: number, before: number | null) => ({
  day: d,
  rooms: figures(viewers / 10),
  viewers: figures(viewers),
  year_before:
    before === null ? null : { day: "earlier", rooms: figures(before / 10), viewers: figures(before) },
});

describe("yoySeries", () => {
  it("puts each day beside its own year-before figure, in date order", () => {
    const s = yoySeries([day("2026-01-02", 200, null), day("2026-01-01", 100, 80)], "all", "viewers");
    expect(s.times).toEqual([Date.parse("2026-01-01T00:00:00Z"), Date.parse("2026-01-02T00:00:00Z")]);
    expect(s.thisYear).toEqual([100, 200]);
    expect(s.yearBefore).toEqual([80, null]);
    expect(s.hasYearBefore).toBe(true);
  });

  it("reads the gender key and metric asked for", () => {
    const s = yoySeries([day("2026-01-01", 100, 80)], "f", "rooms");
    expect(s.thisYear).toEqual([5]);
    expect(s.yearBefore).toEqual([4]);
  });

  it("says when a short history has no year before", () => {
    const s = yoySeries([day("2026-01-01", 100, null), day("2026-01-02", 100, null)], "all", "viewers");
    expect(s.yearBefore).toEqual([null, null]);
    expect(s.hasYearBefore).toBe(false);
  });
});
