import { describe, expect, it } from "vitest";
import { refusalFloor } from "./refusal-floor.ts";

describe("a refused sign-in's floor", () => {
  it("is the floor while refusals' work stays under it", () => {
    const floor = refusalFloor(500);
    for (const work of [120, 300, 480, 90]) expect(floor.floorFor(work)).toBe(500);
  });

  it("reaches the slower refusals of late when the work outlasts the floor", () => {
    const floor = refusalFloor(500, 10);
    // A loaded server: known addresses' refusals take 540 ms, unknown ones 520.
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push(floor.floorFor(i % 2 === 0 ? 540 : 520));
    // Once the window holds both kinds, both leave at the slower one's time.
    expect(answers.slice(2)).toEqual(Array(18).fill(540));
    expect(floor.floorFor(520)).toBe(540);
  });

  it("forgets a slow spell once the window has moved past it", () => {
    const floor = refusalFloor(500, 4);
    expect(floor.floorFor(900)).toBe(900);
    for (let i = 0; i < 4; i++) floor.floorFor(200);
    expect(floor.floorFor(200)).toBe(500);
  });

  it("pads nothing when the floor is off (tests that measure no time)", () => {
    expect(refusalFloor(0).floorFor(700)).toBe(0);
  });
});
