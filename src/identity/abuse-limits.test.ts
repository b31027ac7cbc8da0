import { describe, expect, it } from "vitest";
import { FREE_FAILURES, failureWaitSeconds, LONGEST_WAIT_S, TooManyAttempts } from "./abuse-limits.ts";

describe("the wait after failed sign-ins", () => {
  it("is none for the first five, then doubles from 2 s, never over a minute", () => {
    expect([0, 1, 2, 3, 4].map(failureWaitSeconds)).toEqual([0, 0, 0, 0, 0]);
    expect(FREE_FAILURES).toBe(5);
    expect([5, 6, 7, 8, 9, 10, 99].map(failureWaitSeconds)).toEqual([
      2,
      4,
      8,
      16,
      32,
      LONGEST_WAIT_S,
      LONGEST_WAIT_S,
    ]);
  });

  it("is told in words, in the singular for one second", () => {
    expect(new TooManyAttempts(1).message).toBe("Too many attempts. Try again in 1 second.");
    expect(new TooManyAttempts(42).message).toBe("Too many attempts. Try again in 42 seconds.");
  });
});
