import { describe, expect, it } from "vitest";
import { genderLinks, readPageParam, readSearchAddress, searchPagePath, searchPageUrl } from "./url.ts";

const read = (gender: string | undefined, tag: string | undefined, query = "") =>
  readSearchAddress({ gender, tag }, new URLSearchParams(query));

describe("the search page's addresses", () => {
  it("reads gender, tag, term and page", () => {
    expect(read(undefined, undefined)).toEqual({
      kind: "page",
      address: { gender: "all", tag: null, term: "", page: 1 },
    });
    expect(read("female", "asian", "search=%20ann%20&page=3")).toEqual({
      kind: "page",
      address: { gender: "female", tag: "asian", term: "ann", page: 3 },
    });
    expect(read("all", "asian")).toEqual({
      kind: "page",
      address: { gender: "all", tag: "asian", term: "", page: 1 },
    });
  });

  it("sends /search/all and capital letters to the one address", () => {
    expect(read("all", undefined, "search=ann")).toEqual({ kind: "redirect", to: "/search?search=ann" });
    expect(read("Male", undefined)).toEqual({ kind: "redirect", to: "/search/male" });
    expect(read("trans", "Asian", "page=2")).toEqual({ kind: "redirect", to: "/search/trans/asian?page=2" });
  });

  it.each([
    ["women", undefined, ""],
    ["female", "a b", ""],
    ["female", "", ""],
    [undefined, undefined, "page=0"],
    [undefined, undefined, "page=01"],
    [undefined, undefined, "page=10001"],
    [undefined, undefined, "page=-1"],
    [undefined, undefined, "page=1&page=2"],
    [undefined, undefined, `search=${"y".repeat(101)}`],
    [undefined, undefined, "search=a%07"],
  ])("%s / %s ?%s is no page", (gender, tag, query) => {
    expect(read(gender, tag, query)).toEqual({ kind: "not-found" });
  });

  it("writes paths and addresses: no 'all' without a tag, no page 1, the term as ?search", () => {
    expect(searchPagePath("all", null)).toBe("/search");
    expect(searchPagePath("all", "asian")).toBe("/search/all/asian");
    expect(searchPagePath("couples", null)).toBe("/search/couples");
    expect(searchPageUrl({ gender: "all", tag: null, term: "", page: 1 })).toBe("/search");
    expect(searchPageUrl({ gender: "male", tag: "muscle", term: "big bob", page: 2 })).toBe(
      "/search/male/muscle?search=big+bob&page=2",
    );
  });

  it("the gender links keep tag and term, back to page 1", () => {
    expect(genderLinks({ gender: "male", tag: null, term: "an", page: 4 }).map((l) => l.href)).toEqual([
      "/search?search=an",
      "/search/couples?search=an",
      "/search/female?search=an",
      "/search/male?search=an",
      "/search/trans?search=an",
    ]);
  });

  it("reads a page parameter: 1 to 10,000, plainly written", () => {
    expect(readPageParam("1")).toBe(1);
    expect(readPageParam("10000")).toBe(10_000);
    expect(readPageParam(null)).toBeNull();
    expect(readPageParam("1e3")).toBeNull();
    expect(readPageParam(" 2")).toBeNull();
  });
});
