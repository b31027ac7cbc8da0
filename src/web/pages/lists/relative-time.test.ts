import { describe, expect, it } from "vitest";
import { agoText } from "./relative-time.ts";

const NOW = Date.parse("2026-11-25T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("agoText", () => {
  it("says how long ago, in the largest whole unit", () => {
    expect(agoText(ago(20_000), NOW)).toBe("just now");
    expect(agoText(ago(60_000), NOW)).toBe("1 minute ago");
    expect(agoText(ago(59 * 60_000), NOW)).toBe("59 minutes ago");
    expect(agoText(ago(3 * 3_600_000 + 5), NOW)).toBe("3 hours ago");
    expect(agoText(ago(86_400_000), NOW)).toBe("1 day ago");
    expect(agoText(ago(59 * 86_400_000), NOW)).toBe("59 days ago");
  });

  it("gives the day past 60 days, nothing for no time, and never a time in the future", () => {
    expect(agoText("2026-01-02T03:04:05Z", NOW)).toBe("on 2026-01-02");
    expect(agoText(null, NOW)).toBeNull();
    expect(agoText("not a time", NOW)).toBeNull();
    expect(agoText(new Date(NOW + 60_000).toISOString(), NOW)).toBe("just now");
  });
});
