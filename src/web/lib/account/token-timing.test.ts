import { describe, expect, it } from "vitest";
import { needsRefresh, REFRESH_WINDOW_S, refreshDelayMs } from "./token-timing.ts";

describe("token timing (SPEC §9: refresh within 600 s of expiry)", () => {
  const now = 1_800_000_000_000;
  const inSeconds = (s: number) => now / 1000 + s;

  it("refreshes a token that expires within the window, not one that expires later", () => {
    expect(REFRESH_WINDOW_S).toBe(600);
    expect(needsRefresh(inSeconds(3600), now)).toBe(false);
    expect(needsRefresh(inSeconds(601), now)).toBe(false);
    expect(needsRefresh(inSeconds(600), now)).toBe(true);
    expect(needsRefresh(inSeconds(10), now)).toBe(true);
    expect(needsRefresh(inSeconds(-5), now)).toBe(true);
  });

  it("times the refresh for the window's start, at once when it has begun, within setTimeout's range", () => {
    expect(refreshDelayMs(inSeconds(3600), now)).toBe(3000 * 1000);
    expect(refreshDelayMs(inSeconds(600), now)).toBe(0);
    expect(refreshDelayMs(inSeconds(100), now)).toBe(0);
    expect(refreshDelayMs(inSeconds(600.5), now)).toBe(500);
    expect(refreshDelayMs(inSeconds(365 * 86400), now)).toBe(2 ** 31 - 1);
  });
});
