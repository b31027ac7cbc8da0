import { describe, expect, it } from "vitest";
import { type PageItem, pageHref, pageItems } from "./pagination.ts";

/** The items as the pager reads them: page numbers, the current one in brackets, gaps as "…". */
const read = (items: PageItem[]) =>
  items
    .map((item) => (item.kind === "gap" ? "…" : item.current ? `[${item.page}]` : String(item.page)))
    .join(" ");

describe("pageItems", () => {
  it("offers nothing for a single page", () => {
    expect(pageItems(1, 1)).toEqual([]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it("shows the first, the last and one page each side of the current, with gaps between", () => {
    expect(read(pageItems(1, 10))).toBe("[1] 2 … 10");
    expect(read(pageItems(5, 10))).toBe("1 … 4 [5] 6 … 10");
    expect(read(pageItems(10, 10))).toBe("1 … 9 [10]");
    expect(read(pageItems(2, 2))).toBe("1 [2]");
    expect(read(pageItems(2, 3))).toBe("1 [2] 3");
  });

  it("shows the one page a gap would hide instead of the gap", () => {
    expect(read(pageItems(1, 4))).toBe("[1] 2 3 4");
    expect(read(pageItems(4, 10))).toBe("1 2 3 [4] 5 … 10");
    expect(read(pageItems(7, 10))).toBe("1 … 6 [7] 8 9 10");
  });

  it("never shows a page twice nor out of order, and always the first and the last", () => {
    for (let total = 2; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const pages = pageItems(current, total).flatMap((item) => (item.kind === "page" ? [item.page] : []));
        expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b));
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        expect(pages).toContain(current);
        expect(pages.length).toBeLessThanOrEqual(7);
      }
    }
  });
});

describe("pageHref", () => {
  it("is ?page={n}, and the list's own address for page 1", () => {
    expect(pageHref("/", 1)).toBe("/");
    expect(pageHref("/", 2)).toBe("/?page=2");
    expect(pageHref("/tag/asian,latina", 3)).toBe("/tag/asian,latina?page=3");
  });

  it("keeps the other parameters and replaces an old page", () => {
    const keep = new URLSearchParams({ audit: "1", page: "7" });
    expect(pageHref("/", 1, keep)).toBe("/?audit=1");
    expect(pageHref("/", 4, keep)).toBe("/?audit=1&page=4");
    expect(keep.get("page")).toBe("7");
  });
});
