import { describe, expect, it } from "vitest";
import { changePercent, hourLabels, staleMinutes, utcTime } from "./live-figures.ts";

describe("live figures", () => {
  it("writes times in UTC and changes in percent", () => {
    expect(utcTime("2026-11-20T09:05:00.000Z")).toBe("09:05 UTC");
    expect(changePercent(110, 100)).toBe(10);
    expect(changePercent(2, 3)).toBe(-33.3);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(5, null)).toBeNull();
  });

  it("calls figures older than 5 minutes stale (SPEC §9)", () => {
    const stats = { observedAt: "2026-11-20T12:00:00.000Z", now: null, dayBefore: null, last24h: [] };
    expect(staleMinutes(stats, Date.parse("2026-11-20T12:05:00Z"))).toBeNull();
    expect(staleMinutes(stats, Date.parse("2026-11-20T12:07:30Z"))).toBe(7);
    expect(staleMinutes({ ...stats, observedAt: null }, 0)).toBeNull();
  });

  it("names every fourth hour on the 24-hour axis", () => {
    const steps = [
      "2026-11-20T03:50:00Z",
      "2026-11-20T04:00:00Z",
      "2026-11-20T04:10:00Z",
      "2026-11-20T05:00:00Z",
      "2026-11-20T08:00:00Z",
    ];
    expect(hourLabels(steps.map((at) => ({ at })))).toEqual([null, "04:00", null, null, "08:00"]);
  });
});
