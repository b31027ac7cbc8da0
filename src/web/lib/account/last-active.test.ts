import { describe, expect, it } from "vitest";
import { lastActiveText } from "./last-active.ts";

const NOW = Date.parse("2026-11-29T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("lastActiveText", () => {
  it("says no better than the server's 5-minute steps, then the largest whole unit", () => {
    expect(lastActiveText(ago(0), NOW)).toBe("in the last few minutes");
    expect(lastActiveText(ago(4 * 60_000), NOW)).toBe("in the last few minutes");
    expect(lastActiveText(ago(5 * 60_000), NOW)).toBe("5 minutes ago");
    expect(lastActiveText(ago(3 * 3_600_000), NOW)).toBe("3 hours ago");
    expect(lastActiveText(ago(86_400_000), NOW)).toBe("yesterday");
    expect(lastActiveText(ago(30 * 86_400_000), NOW)).toBe("30 days ago");
  });

  it("gives the day past a month, and says so when the time is not one", () => {
    expect(lastActiveText("2026-09-02T03:04:05Z", NOW)).toBe("on Sep 2, 2026");
    expect(lastActiveText("not a time", NOW)).toBe("at an unknown time");
  });
});
