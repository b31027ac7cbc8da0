import { describe, expect, it } from "vitest";
import { firstLive, OVERVIEW_ROWS, OVERVIEW_TABS, swipeTarget, TAB_INFO } from "./tabs.ts";

describe("the tabs (SPEC §2)", () => {
  it("are Most followed, Top Monthly, Most viewed, Fastest rising, 25 rows each", () => {
    expect(OVERVIEW_TABS.map((t) => TAB_INFO[t].label)).toEqual([
      "Most followed",
      "Top Monthly",
      "Most viewed",
      "Fastest rising",
    ]);
    expect(OVERVIEW_TABS.map((t) => TAB_INFO[t].period)).toEqual([
      "followers, last count",
      "last 30 days",
      "last day",
      "last week",
    ]);
    expect(OVERVIEW_ROWS).toBe(25);
  });
});

describe("firstLive", () => {
  it("keeps the highest ranked live performers of the whole list, with their ranks, up to 25", () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ rank: i + 1, u: `p${i + 1}`, value: 100 - i }));
    const live = new Set(rows.filter((r) => r.rank % 3 === 0).map((r) => r.u));
    const kept = firstLive(rows, live);
    expect(kept).toHaveLength(25);
    expect(kept[0]).toEqual({ rank: 3, u: "p3", value: 98 });
    expect(kept.at(-1)?.rank).toBe(75);
    expect(firstLive(rows, new Set(["p90", "nobody"]))).toEqual([{ rank: 90, u: "p90", value: 11 }]);
  });
});

describe("swipeTarget", () => {
  it("goes to the next tab on a swipe to the left, the previous on one to the right", () => {
    expect(swipeTarget(0, -120, 10, 4)).toBe(1);
    expect(swipeTarget(2, 80, -5, 4)).toBe(1);
  });

  it("stops at the ends", () => {
    expect(swipeTarget(3, -120, 0, 4)).toBeNull();
    expect(swipeTarget(0, 120, 0, 4)).toBeNull();
  });

  it("ignores short and mostly vertical moves", () => {
    expect(swipeTarget(1, -49, 0, 4)).toBeNull();
    expect(swipeTarget(1, -100, 60, 4)).toBeNull();
  });
});
