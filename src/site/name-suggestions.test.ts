import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isSuggestibleName,
  MAX_CANDIDATES,
  MAX_WORDS,
  nameCandidates,
  SUGGESTION_MAX_LENGTH,
  suggestionWords,
} from "./name-suggestions.ts";

describe("the name picker's words", () => {
  it("keeps lowercase letters and digits, splitting on everything else, once each", () => {
    expect(suggestionWords("  Rose, GOLD rose!")).toEqual(["rose", "gold"]);
    expect(suggestionWords("José <script>")).toEqual(["jose", "script"]);
    expect(suggestionWords("a b c d e f")).toHaveLength(MAX_WORDS);
    expect(suggestionWords("!!! ---")).toEqual([]);
    expect(suggestionWords("x".repeat(100))[0]).toHaveLength(24);
  });
});

describe("the name picker's candidates", () => {
  it("pairs the words first, then varies each word, families taking turns", () => {
    const names = nameCandidates(["rose", "gold"]);
    expect(names.slice(0, 6)).toEqual([
      "rosegold",
      "rose_gold",
      "rose.gold",
      "itsrosegold",
      "rosegold7",
      "rose",
    ]);
    expect(names).toContain("goldrose");
    expect(names).toContain("itsrose");
    expect(names).toContain("rose_21");
    expect(names).toContain("sweetrose");
  });

  it("gives a list for one word too (a theme)", () => {
    const names = nameCandidates(["angel"]);
    expect(names.slice(0, 4)).toEqual(["angel", "itsangel", "angelx", "angel7"]);
    expect(names.length).toBeGreaterThan(20);
  });

  it("is the same for the same words", () => {
    expect(nameCandidates(["a", "bb", "ccc"])).toEqual(nameCandidates(["a", "bb", "ccc"]));
  });

  it("leaves out names too short or too long", () => {
    expect(nameCandidates(["a"])).not.toContain("a");
    expect(nameCandidates(["ab"])).not.toContain("ab");
    expect(nameCandidates(["ab"])).toContain("abx");
  });

  it("only ever proposes valid usernames, each once, at most the limit", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (input) => {
        const names = nameCandidates(suggestionWords(input));
        expect(names.length).toBeLessThanOrEqual(MAX_CANDIDATES);
        expect(new Set(names).size).toBe(names.length);
        for (const name of names) {
          expect(isSuggestibleName(name)).toBe(true);
          expect(name.length).toBeLessThanOrEqual(SUGGESTION_MAX_LENGTH);
        }
      }),
    );
  });
});
