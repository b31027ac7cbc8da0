import { describe, expect, it } from "vitest";
import { MATCH_TEXT_LENGTH, matchText, wordStart, words } from "./summary-index.ts";

describe("the summaries search's words and match texts", () => {
  it("splits texts into lower-case runs of letters and digits, in any script", () => {
    expect(words("Hi! I'm Zoë, 23 — ¡bailo salsa!")).toEqual(["hi", "i", "m", "zoë", "23", "bailo", "salsa"]);
  });

  it("gives a short text whole", () => {
    expect(matchText("I love dancing and travel", wordStart("danc"))).toBe("I love dancing and travel");
  });

  it("cuts a long text around the first word the term begins, on spaces, with an ellipsis where it was cut", () => {
    const before = "word ".repeat(40);
    const after = " more".repeat(60);
    const text = `${before}I adore ballroom dancing${after}`;
    const match = matchText(text, wordStart("danc"));
    expect(match.startsWith("…")).toBe(true);
    expect(match.endsWith("…")).toBe(true);
    expect(match).toContain("I adore ballroom dancing");
    expect(match.length).toBeLessThanOrEqual(MATCH_TEXT_LENGTH + 2);
    expect(match.slice(1, -1)).toBe(match.slice(1, -1).trim());
    // "danc" inside "ballroomdancing" is no word start: the window stays at the start.
    expect(matchText(`${"x".repeat(200)} ballroomdancing`, wordStart("danc")).startsWith("xxx")).toBe(true);
  });
});
