import { describe, expect, it } from "vitest";
import { RateWindows } from "./rate-windows.ts";

describe("RateWindows", () => {
  it("counts an address's requests in a window and opens a new one when it ends", () => {
    const windows = new RateWindows();
    expect(windows.incr("1.1.1.1", 60_000, 1_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(windows.incr("1.1.1.1", 60_000, 21_000)).toEqual({ current: 2, ttl: 40_000 });
    expect(windows.incr("2.2.2.2", 60_000, 21_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(windows.incr("1.1.1.1", 60_000, 60_999)).toEqual({ current: 3, ttl: 1 });
    // The window opened at 1,000 ends at 61,000.
    expect(windows.incr("1.1.1.1", 60_000, 61_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it("forgets the least recently counted address beyond its size", () => {
    const windows = new RateWindows(2);
    windows.incr("a", 60_000, 0);
    windows.incr("b", 60_000, 0);
    windows.incr("a", 60_000, 1);
    windows.incr("c", 60_000, 2); // b goes
    expect(windows.incr("a", 60_000, 3).current).toBe(3);
    expect(windows.incr("b", 60_000, 3).current).toBe(1);
  });
});
