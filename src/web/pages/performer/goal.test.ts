import { describe, expect, it } from "vitest";
import { goalSize, parseTokenGoal } from "./goal.ts";
import { sizeDistribution, weightedMedian } from "./goal-stats.ts";

describe("parseTokenGoal", () => {
  it("reads the sandbox's two forms", () => {
    expect(parseTokenGoal("goal: 500 tokens - dance #latina #bigboobs")).toEqual({
      goal: 500,
      remaining: null,
    });
    expect(parseTokenGoal("strip at goal #asian [120 tokens remaining]")).toEqual({
      goal: null,
      remaining: 120,
    });
  });

  it("reads the common variants", () => {
    expect(parseTokenGoal("GOAL 1,000 tk oil show")).toEqual({ goal: 1000, remaining: null });
    expect(parseTokenGoal("goal: 300tks")).toEqual({ goal: 300, remaining: null });
    expect(parseTokenGoal("800 tokens goal: twerk")).toEqual({ goal: 800, remaining: null });
    expect(parseTokenGoal("Goal - 250 tokens [45 tokens left]")).toEqual({ goal: 250, remaining: 45 });
    expect(parseTokenGoal("cum show 99 tk to go")).toEqual({ goal: null, remaining: 99 });
  });

  it("finds no goal where there is none", () => {
    expect(parseTokenGoal(null)).toBeNull();
    expect(parseTokenGoal("")).toBeNull();
    expect(parseTokenGoal("hello everyone #latina")).toBeNull();
    expect(parseTokenGoal("tip 25 tokens for a song")).toBeNull();
    expect(parseTokenGoal("goal reached! thank you")).toBeNull();
    expect(parseTokenGoal("goalkeeper 500 tokens")).toBeNull();
  });

  it("drops impossible figures", () => {
    expect(parseTokenGoal("goal: 0 tokens")).toBeNull();
    expect(parseTokenGoal("goal: 5000000 tokens")).toBeNull();
    // Remaining beyond the goal is garbled: the goal stays, the remainder goes.
    expect(parseTokenGoal("goal: 100 tokens [300 tokens remaining]")).toEqual({ goal: 100, remaining: null });
  });

  it("sizes a goal by its statement, else by what remains", () => {
    expect(goalSize({ goal: 500, remaining: 20 })).toBe(500);
    expect(goalSize({ goal: null, remaining: 20 })).toBe(20);
  });
});

describe("the week's goal figures", () => {
  it("takes the weighted median, the lower middle for an even count", () => {
    expect(weightedMedian([])).toBeNull();
    expect(weightedMedian([{ size: 100, count: 1 }])).toBe(100);
    expect(
      weightedMedian([
        { size: 500, count: 1 },
        { size: 100, count: 2 },
        { size: 900, count: 1 },
      ]),
    ).toBe(100);
    expect(
      weightedMedian([
        { size: 100, count: 1 },
        { size: 500, count: 3 },
      ]),
    ).toBe(500);
  });

  it("counts streams per size class, every class listed", () => {
    const counts = sizeDistribution([
      { size: 25, count: 2 },
      { size: 100, count: 1 },
      { size: 999, count: 4 },
      { size: 1000, count: 1 },
      { size: 20000, count: 1 },
    ]);
    expect(counts.map((c) => c.streams)).toEqual([2, 1, 0, 4, 1, 1]);
    expect(counts[0]?.label).toBe("under 100");
  });
});
