import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MILESTONES, milestonesCrossed } from "./milestones.ts";

describe("milestones (SPEC §9)", () => {
  it("are the 1-2-5 steps from 1,000 to 1,000,000", () => {
    expect(MILESTONES).toEqual([1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000, 1000000]);
  });

  it.each([
    [999, 1_000, [1_000]],
    [1_000, 1_999, []],
    [1_000, 2_000, [2_000]],
    [999, 999, []],
    [4_000, 60_000, [5_000, 10_000, 20_000, 50_000]],
    [999_999, 1_000_000, [1_000_000]],
    [1_000_000, 5_000_000, []],
    [2_500, 1_500, []],
    [0, 999, []],
  ])("from %i to %i crosses %j", (previous, current, crossed) => {
    expect(milestonesCrossed(previous, current)).toEqual(crossed);
  });

  it.each([
    [30_000, [20_000]],
    [1_000, [1_000]],
    [999, []],
    [2_000_000, [1_000_000]],
  ])("first seen with %i celebrates %j", (current, crossed) => {
    expect(milestonesCrossed(null, current)).toEqual(crossed);
  });

  it("crosses nothing without a current value", () => {
    expect(milestonesCrossed(500, null)).toEqual([]);
    expect(milestonesCrossed(null, null)).toEqual([]);
  });

  it("celebrates each milestone once however a rise is cut into days", () => {
    const count = fc.integer({ min: 0, max: 3_000_000 });
    fc.assert(
      fc.property(fc.array(count, { minLength: 1, maxLength: 5 }), (values) => {
        const rising = [...values].sort((a, b) => a - b);
        const stepwise = rising.slice(1).flatMap((v, i) => milestonesCrossed(rising[i] as number, v));
        expect(stepwise).toEqual(milestonesCrossed(rising[0] as number, rising.at(-1) as number));
      }),
    );
  });
});
