import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textWidth } from "./glyph-widths.ts";
import { fitText, LINE_HEIGHT, wrapWords } from "./text-fit.ts";

/** Text in a square: wrapped at words, shrunk before a word is split, cut only at the smallest size. */
describe("fitting text to a box", () => {
  it("keeps a short text on one line at the largest size", () => {
    expect(fitText("Dance", { width: 100, height: 50 }, 20, 8)).toEqual({ size: 20, lines: ["Dance"] });
  });

  it("shrinks a long word before it splits it", () => {
    const fitted = fitText("Striptease", { width: 60, height: 60 }, 20, 5);
    expect(fitted.lines).toEqual(["Striptease"]);
    expect(fitted.size).toBeLessThan(20);
  });

  it("cuts what cannot fit at the smallest size with an ellipsis", () => {
    const fitted = fitText("word ".repeat(40), { width: 50, height: 20 }, 10, 8);
    expect(fitted.size).toBe(8);
    expect(fitted.lines.at(-1)?.endsWith("…")).toBe(true);
  });

  it("never makes lines wider or taller than the box, whatever the text", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }),
        fc.integer({ min: 40, max: 400 }),
        fc.integer({ min: 40, max: 400 }),
        (text, width, height) => {
          const fitted = fitText(text, { width, height }, 30, 10);
          expect(fitted.lines.length * fitted.size * LINE_HEIGHT).toBeLessThanOrEqual(
            Math.max(height, fitted.size * LINE_HEIGHT),
          );
          for (const line of fitted.lines)
            expect(textWidth(line) * fitted.size).toBeLessThanOrEqual(width + 1e-9 + fitted.size);
        },
      ),
    );
  });

  it("wraps greedily at spaces", () => {
    expect(wrapWords("a b c", 100)).toEqual(["a b c"]);
    expect(wrapWords("aaaa bbbb", textWidth("aaaa b"))).toEqual(["aaaa", "bbbb"]);
  });
});
