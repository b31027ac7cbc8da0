import { describe, expect, it } from "vitest";
import { ACTIVITY_LEVEL_MINUTES, activityLevel } from "./activity-level.ts";
import { RANK_BADGES, rankBadge, VIEWER_BADGES, viewerBadge } from "./badges.ts";
import { viewerCode, viewerThreshold, viewerThresholdLabel } from "./viewer-threshold.ts";

describe("viewer threshold (SPEC §9)", () => {
  it.each([
    [0, 10, "<10"],
    [10, 10, "<10"],
    [11, 50, "<50"],
    [50, 50, "<50"],
    [51, 100, "<100"],
    [99, 100, "<100"],
    [100, 100, "100+"],
    [199, 100, "100+"],
    [200, 200, "200+"],
    [1_234, 1_200, "1,200+"],
    [50_000, 50_000, "50,000+"],
  ])("%i max viewers: threshold %i, shown %s", (viewers, threshold, label) => {
    expect(viewerThreshold(viewers)).toBe(threshold);
    expect(viewerThresholdLabel(viewers)).toBe(label);
  });
});

describe("viewer code of the enriched name (SPEC §3)", () => {
  it.each([
    [0, "F"],
    [10, "F"],
    [11, "M"],
    [50, "M"],
    [51, "L"],
    [100, "L"],
    [199, "L"],
    [200, "2"],
    [1_234, "12"],
    [50_000, "500"],
  ])("%i max viewers: %s", (viewers, code) => {
    expect(viewerCode(viewers)).toBe(code);
  });
});

describe("viewer badges (SPEC §9)", () => {
  it.each([
    [0, "Ethereal Ghost"],
    [99, "Ethereal Ghost"],
    [100, "Hidden Gem"],
    [499, "Hidden Gem"],
    [500, "Rising Star"],
    [1_000, "Paparazzi"],
    [2_000, "Big League"],
    [4_999, "Big League"],
    [5_000, "Unicorn"],
    [10_000, "The Establishment"],
    [15_000, "Mountain Top"],
    [19_999, "Mountain Top"],
    [20_000, "Royal"],
    [1_000_000, "Royal"],
  ])("%i max viewers: %s", (viewers, badge) => {
    expect(viewerBadge(viewers)).toBe(badge);
  });

  it("has exactly the SPEC's nine badges in order", () => {
    expect(VIEWER_BADGES.map((b) => [b.from, b.name])).toEqual([
      [0, "Ethereal Ghost"],
      [100, "Hidden Gem"],
      [500, "Rising Star"],
      [1_000, "Paparazzi"],
      [2_000, "Big League"],
      [5_000, "Unicorn"],
      [10_000, "The Establishment"],
      [15_000, "Mountain Top"],
      [20_000, "Royal"],
    ]);
  });
});

describe("rank badges (SPEC §9)", () => {
  it.each([
    [1, "Top 1"],
    [2, "Top 2"],
    [3, "Top 3"],
    [4, "Top 10"],
    [10, "Top 10"],
    [11, "Top 50"],
    [100, "Top 100"],
    [101, "Top 500"],
    [999, "Top 1000"],
    [5_000, "Top 5000"],
    [5_001, null],
    [0, null],
    [2.5, null],
  ])("rank %s: %s", (rank, badge) => {
    expect(rankBadge(rank)).toBe(badge);
  });

  it("has exactly the SPEC's steps", () => {
    expect(RANK_BADGES).toEqual([1, 2, 3, 10, 50, 100, 500, 1000, 5000]);
  });
});

describe("activity level of a calendar day", () => {
  it.each([
    [0, 0, 0],
    [0, 1, 1],
    [1, 1, 1],
    [59, 1, 1],
    [60, 1, 2],
    [179, 2, 2],
    [180, 1, 3],
    [359, 3, 3],
    [360, 1, 4],
    [1_440, 1, 4],
  ])("%i minutes in %i streams: level %i", (minutes, streams, level) => {
    expect(activityLevel(minutes, streams)).toBe(level);
  });

  it("starts levels 2, 3 and 4 at one, three and six hours", () => {
    expect(ACTIVITY_LEVEL_MINUTES).toEqual([60, 180, 360]);
  });
});
