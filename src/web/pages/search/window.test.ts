import { describe, expect, it } from "vitest";
import { pageCount, WindowCache } from "./window.ts";

describe("the result windows", () => {
  it("knows which 50-row windows of a search are loaded", () => {
    const cache = new WindowCache<string>();
    expect(cache.has("q", 0)).toBe(false);
    cache.set("q", 0, { resultCount: 120, rows: ["a"], at: 1 });
    expect(cache.has("q", 0)).toBe(true);
    expect(cache.has("q", 50)).toBe(false);
    expect(cache.has("other", 0)).toBe(false);
    cache.set("q", 50, { resultCount: 120, rows: ["b"], at: 2 });
    expect(cache.get("q", 50)?.rows).toEqual(["b"]);
  });

  it("forgets the oldest search past its limit", () => {
    const cache = new WindowCache<string>(2);
    cache.set("a", 0, { resultCount: 1, rows: [], at: 0 });
    cache.set("b", 0, { resultCount: 1, rows: [], at: 0 });
    cache.set("c", 0, { resultCount: 1, rows: [], at: 0 });
    expect(cache.has("a", 0)).toBe(false);
    expect(cache.has("b", 0)).toBe(true);
    expect(cache.has("c", 0)).toBe(true);
  });

  it("counts pages of 50, at least one", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(124)).toBe(3);
  });
});
