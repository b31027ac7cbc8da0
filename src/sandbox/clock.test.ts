import { describe, expect, it } from "vitest";
import { ManualClock, systemClock } from "./clock.ts";

describe("clocks", () => {
  it("a manual clock moves only when told", () => {
    const clock = new ManualClock(1000);
    expect(clock.now()).toBe(1000);
    clock.advance(500);
    expect(clock.now()).toBe(1500);
    clock.set(42);
    expect(clock.now()).toBe(42);
  });

  it("the system clock follows Date.now()", () => {
    expect(Math.abs(systemClock.now() - Date.now())).toBeLessThan(1000);
  });
});
