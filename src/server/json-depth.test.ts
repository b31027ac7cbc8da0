import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonTooDeep, MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth.ts";

/** The nesting of a parsed value, as the scanner counts it: `[]` and `{}` are 1, a scalar 0. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === "object")
    return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

const nested = (open: string, close: string, depth: number, inner = "") =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

describe("nestsDeeperThan", () => {
  it("counts arrays and objects, and allows exactly the limit", () => {
    expect(nestsDeeperThan(nested("[", "]", 32), 32)).toBe(false);
    expect(nestsDeeperThan(nested("[", "]", 33), 32)).toBe(true);
    expect(nestsDeeperThan(nested('{"a":', "}", 32, "1"), 32)).toBe(false);
    expect(nestsDeeperThan(nested('{"a":', "}", 33, "1"), 32)).toBe(true);
    expect(nestsDeeperThan(nested('[{"k":', "}]", 16, "[]"), 32)).toBe(true);
    expect(nestsDeeperThan(nested('[{"k":', "}]", 16, "0"), 32)).toBe(false);
    expect(nestsDeeperThan("[[1],[2],[[3]]]", 3)).toBe(false);
    expect(nestsDeeperThan("[[1],[2],[[3]]]", 2)).toBe(true);
    expect(nestsDeeperThan("7", 0)).toBe(false);
    expect(nestsDeeperThan("[]", 0)).toBe(true);
  });

  it("does not count brackets inside strings, keys included", () => {
    const brackets = JSON.stringify({ "[[[[{{{{": "]]]]}}}}[[[[[[[[[[{{{{{{{{{{" });
    expect(nestsDeeperThan(brackets, 1)).toBe(false);
    expect(nestsDeeperThan(`[${JSON.stringify("[".repeat(1000))}]`, 1)).toBe(false);
  });

  it("knows an escaped quote from the end of a string", () => {
    // "a\"[[[" is one string: its brackets do not count.
    expect(nestsDeeperThan(String.raw`["a\"[[[", 1]`, 1)).toBe(false);
    // "a\\" ends at its second quote: the brackets after it count.
    expect(nestsDeeperThan(String.raw`["a\\", [[1]]]`, 2)).toBe(true);
    expect(nestsDeeperThan(String.raw`["a\\", [[1]]]`, 3)).toBe(false);
    // Three backslashes: an escaped backslash, then an escaped quote; the string goes on.
    expect(nestsDeeperThan(String.raw`["a\\\"[[[[", 1]`, 1)).toBe(false);
    expect(nestsDeeperThan(String.raw`["\u005b\"", {"\\": [[]]}]`, 4)).toBe(false);
    expect(nestsDeeperThan(String.raw`["\u005b\"", {"\\": [[]]}]`, 3)).toBe(true);
  });

  it("leaves malformed text to JSON.parse", () => {
    expect(nestsDeeperThan(`"${"[".repeat(100)}`, 1)).toBe(false);
    expect(nestsDeeperThan(`]${"[".repeat(100)}`, 1)).toBe(false);
  });

  it("stops at the first level too many, whatever follows", () => {
    expect(nestsDeeperThan(`${"[".repeat(MAX_JSON_DEPTH + 1)}"unterminated`, MAX_JSON_DEPTH)).toBe(true);
    expect(jsonTooDeep(MAX_JSON_DEPTH)).toBe("JSON nested deeper than 32 levels");
  });

  // Strings full of what could fool a scanner: brackets, quotes, backslashes, escapes.
  const trickyText = fc.string({
    unit: fc.constantFrom("[", "]", "{", "}", '"', "\\", "a", "\n", "\u0000", "\u2028", "😀"),
    maxLength: 12,
  });
  const value = fc.jsonValue({ maxDepth: 6, stringUnit: fc.constantFrom("[", "{", '"', "\\", "a", "]") });
  /** A value wrapped in `levels` arrays and objects (keys tricky too): depths past any limit. */
  const deepValue = fc
    .tuple(value, fc.array(fc.option(trickyText, { nil: undefined }), { maxLength: 40 }))
    .map(([inner, wrappers]) =>
      wrappers.reduce<unknown>((v, key) => (key === undefined ? [v, "]]"] : { [key]: v, "{": "[" }), inner),
    );

  it("agrees with JSON.parse on every JSON value: refused exactly when deeper than the limit", () => {
    fc.assert(
      fc.property(deepValue, fc.integer({ min: 0, max: 45 }), fc.boolean(), (v, limit, pretty) => {
        const text = pretty ? JSON.stringify(v, null, 2) : JSON.stringify(v);
        expect(nestsDeeperThan(text, limit)).toBe(depthOf(JSON.parse(text)) > limit);
      }),
      { numRuns: 2000 },
    );
  });
});
