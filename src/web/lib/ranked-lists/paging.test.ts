import { describe, expect, it } from "vitest";
import { pageCount, pageOf, RANKED_PAGE_SIZE } from "./paging.ts";

describe("the ranked lists' pages (SPEC §2: 50 rows a page)", () => {
  const rows = Array.from({ length: 120 }, (_, i) => i + 1);

  it("has 50 rows a page and counts the pages", () => {
    expect(RANKED_PAGE_SIZE).toBe(50);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(500)).toBe(10);
  });

  it("slices each page and has none past the last", () => {
    expect(pageOf(rows, 1)).toEqual(rows.slice(0, 50));
    expect(pageOf(rows, 3)).toEqual(rows.slice(100));
    expect(pageOf(rows, 4)).toBeNull();
    expect(pageOf(rows, 0)).toBeNull();
    expect(pageOf([], 1)).toEqual([]);
    expect(pageOf([], 2)).toBeNull();
  });
});
