import { describe, expect, it } from "vitest";
import {
  BASELINE_MAX_INTERVALS,
  byRecipientAndList,
  comparable,
  digestThrough,
  digestWindow,
  sendWindow,
} from "./go-live.ts";

const MINUTE = 60_000;
const T = Date.parse("2026-11-25T12:00:00Z");

describe("go-live rules", () => {
  it("compares a poll with a previous complete one only within three intervals", () => {
    expect(BASELINE_MAX_INTERVALS).toBe(3);
    expect(comparable(null, new Date(T), MINUTE)).toBe(false);
    expect(comparable(new Date(T - MINUTE), new Date(T), MINUTE)).toBe(true);
    expect(comparable(new Date(T - 3 * MINUTE), new Date(T), MINUTE)).toBe(true);
    // The site was down, or polls failed: nobody is taken to have gone live.
    expect(comparable(new Date(T - 3 * MINUTE - 1), new Date(T), MINUTE)).toBe(false);
  });

  it("sends for the poll just stored and the two before it", () => {
    expect(sendWindow(new Date(T), MINUTE)).toEqual({ from: new Date(T - 2 * MINUTE), to: new Date(T) });
  });

  it("sends the digest of the day to 08:00 UTC", () => {
    expect(digestThrough(Date.parse("2026-11-25T08:00:00Z"))).toEqual(new Date("2026-11-25T08:00:00Z"));
    expect(digestThrough(Date.parse("2026-11-25T23:59:00Z"))).toEqual(new Date("2026-11-25T08:00:00Z"));
    expect(digestThrough(Date.parse("2026-11-25T07:59:59Z"))).toEqual(new Date("2026-11-24T08:00:00Z"));
  });

  it("covers a day, or since the previous digest when that is later", () => {
    const through = new Date("2026-11-25T08:00:00Z");
    expect(digestWindow(through, null)).toEqual({ from: new Date("2026-11-24T08:00:00Z"), to: through });
    expect(digestWindow(through, new Date("2026-11-20T08:00:00Z")).from).toEqual(
      new Date("2026-11-24T08:00:00Z"),
    );
    expect(digestWindow(through, new Date("2026-11-24T20:00:00Z")).from).toEqual(
      new Date("2026-11-24T20:00:00Z"),
    );
  });

  it("makes one mail per person and list", () => {
    const claim = (userId: string, listId: string, username: string) => ({ userId, listId, username });
    expect(
      byRecipientAndList([claim("u1", "L1", "ann"), claim("u1", "L2", "bea"), claim("u1", "L1", "cleo")]),
    ).toEqual([[claim("u1", "L1", "ann"), claim("u1", "L1", "cleo")], [claim("u1", "L2", "bea")]]);
  });
});
