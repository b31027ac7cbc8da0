import { describe, expect, it } from "vitest";
import { loneSurrogatePath } from "./lone-surrogates.ts";

describe("loneSurrogatePath", () => {
  it("finds a lone surrogate in a value or a key, and names its place", () => {
    expect(loneSurrogatePath("a\ud800")).toEqual([]);
    expect(loneSurrogatePath({ goals: [{ text: "ok" }, { text: "x\udfff" }] })).toEqual(["goals", 1, "text"]);
    expect(loneSurrogatePath({ socials: { "x\ud83d": "" } })).toEqual(["socials"]);
    // The first in document order, not the last pushed.
    expect(loneSurrogatePath({ a: "\ud800", b: "\ud800" })).toEqual(["a"]);
  });

  it("passes pairs (emoji), other text and non-text values", () => {
    expect(
      loneSurrogatePath({ text: "😀 \ud83d\ude00", n: 5, t: true, z: null, list: ["é", "\u0000"] }),
    ).toBe(null);
    // A low surrogate before a high one is two lone ones, not a pair.
    expect(loneSurrogatePath(["\ude00\ud83d"])).toEqual([0]);
  });

  it("walks input nested 100,000 deep without overflowing the stack", () => {
    let deep: unknown = "\ud800";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(loneSurrogatePath(deep)).toHaveLength(100_000);
    let clean: unknown = "fine";
    for (let i = 0; i < 100_000; i++) clean = { k: clean };
    expect(loneSurrogatePath(clean)).toBe(null);
  });
});
