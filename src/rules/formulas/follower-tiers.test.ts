import { describe, expect, it } from "vitest";
import { FOLLOWER_TIERS, FOLLOWERS_STARTING_TEXT, followerTier } from "./follower-tiers.ts";

describe("follower tiers (SPEC §9)", () => {
  it.each([
    [null, "Just starting up - not many followers yet"],
    [-3, "Just starting up - not many followers yet"],
    [0, "Just starting up - not many followers yet"],
    [100, "Just starting up - not many followers yet"],
    [101, "more than 100 followers"],
    [500, "more than 100 followers"],
    [501, "more than 500 followers"],
    [1_000, "more than 500 followers"],
    [1_001, "more than 1,000 followers"],
    [5_000, "more than 1,000 followers"],
    [5_001, "more than 5,000 followers"],
    [10_000, "more than 5,000 followers"],
    [10_001, "more than 10,000 followers"],
    [50_000, "more than 10,000 followers"],
    [50_001, "more than 50,000 followers"],
    [100_000, "more than 50,000 followers"],
    [100_001, "more than 100,000 followers"],
    [250_000, "more than 100,000 followers"],
    [250_001, "more than 250,000 followers"],
    [500_000, "more than 250,000 followers"],
    [500_001, "more than 500,000 followers"],
    [1_000_000, "more than 500,000 followers"],
    [1_000_001, "more than 1 Million followers"],
    [2_000_000, "more than 1 Million followers"],
    [2_000_001, "more than 2 Million followers"],
    [75_000_000, "more than 2 Million followers"],
  ])("%s followers: %s", (followers, text) => {
    expect(followerTier(followers)).toBe(text);
  });

  it("has exactly the SPEC's tiers, from 100 to 2 Million", () => {
    expect(FOLLOWERS_STARTING_TEXT).toBe("Just starting up - not many followers yet");
    expect(FOLLOWER_TIERS.map((t) => t.above)).toEqual([
      100, 500, 1000, 5000, 10000, 50000, 100000, 250000, 500000, 1000000, 2000000,
    ]);
  });
});
