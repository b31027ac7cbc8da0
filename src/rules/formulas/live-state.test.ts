import { describe, expect, it } from "vitest";
import { liveStateText, ONLINE_LIST_VALID_MS, onlineListIsCurrent } from "./live-state.ts";

const NOW = Date.parse("2026-11-20T20:00:00Z");
const MIN = 60_000;
const DAY = 1440 * MIN;

describe("live state text (SPEC §4)", () => {
  it.each([
    [0, null],
    [4 * MIN + 59_000, null],
    [5 * MIN, "live recently"],
    [DAY - 1, "live recently"],
    [DAY, "live 1 day ago"],
    [2 * DAY + 5 * 60 * MIN, "live 2 days ago"],
    [7 * DAY + DAY - 1, "live 7 days ago"],
    [8 * DAY, "not active last week"],
    [400 * DAY, "not active last week"],
  ])("seen %i ms ago: %s", (ago, text) => {
    expect(liveStateText(NOW - ago, NOW)).toBe(text);
  });

  it("is live whenever the performer is in the online list, and never seen reads as inactive", () => {
    expect(liveStateText(NOW - 30 * DAY, NOW, true)).toBeNull();
    expect(liveStateText(null, NOW)).toBe("not active last week");
  });
});

describe("onlineListIsCurrent", () => {
  it("takes an online list as who is online for 10 minutes after its poll, not a moment more", () => {
    const at = Date.parse("2026-11-20T12:00:00Z");
    expect(ONLINE_LIST_VALID_MS).toBe(10 * 60_000);
    expect(onlineListIsCurrent(at, at)).toBe(true);
    expect(onlineListIsCurrent(at, at + 10 * 60_000)).toBe(true);
    expect(onlineListIsCurrent(at, at + 10 * 60_000 + 1)).toBe(false);
  });
});
