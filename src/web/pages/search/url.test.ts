import { describe, expect, it } from "vitest";
import {
  DEFAULT_VIEW,
  genderLinks,
  isFilteredView,
  readPageParam,
  readSearchAddress,
  type SearchAddress,
  searchPagePath,
  searchPageUrl,
} from "./url.ts";

const read = (gender: string | undefined, tag: string | undefined, query = "") =>
  readSearchAddress({ gender, tag }, new URLSearchParams(query));

describe("the search page's addresses", () => {
  it("reads gender, tag, term and page", () => {
    expect(read(undefined, undefined)).toEqual({
      kind: "page",
      address: { ...DEFAULT_VIEW, gender: "all", tag: null, term: "", page: 1 },
    });
    expect(read("female", "asian", "search=%20ann%20&page=3")).toEqual({
      kind: "page",
      address: { ...DEFAULT_VIEW, gender: "female", tag: "asian", term: "ann", page: 3 },
    });
    expect(read("all", "asian")).toEqual({
      kind: "page",
      address: { ...DEFAULT_VIEW, gender: "all", tag: "asian", term: "", page: 1 },
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
    expect(searchPageUrl({ ...DEFAULT_VIEW, gender: "all", tag: null, term: "", page: 1 })).toBe("/search");
    expect(searchPageUrl({ ...DEFAULT_VIEW, gender: "male", tag: "muscle", term: "big bob", page: 2 })).toBe(
      "/search/male/muscle?search=big+bob&page=2",
    );
  });

  it("the gender links keep tag and term, back to page 1", () => {
    expect(
      genderLinks({ ...DEFAULT_VIEW, gender: "male", tag: null, term: "an", page: 4 }).map((l) => l.href),
    ).toEqual([
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

  const filtered: SearchAddress = {
    gender: "female",
    tag: "asian",
    term: "ann",
    page: 2,
    mode: "models",
    filters: { ...DEFAULT_VIEW.filters, tags: ["cute"], requireAllTags: true, liveOnly: true, minAge: 21 },
    sort: { orderBy: "name", sortOrder: "asc" },
  };

  it("writes mode, filters and sort beside term and page, defaults left out (issue 28)", () => {
    expect(searchPageUrl(filtered)).toBe(
      "/search/female/asian?search=ann&tag=cute&requireAllTags=true&liveOnly=true&minAge=21&orderBy=name&sortOrder=asc&page=2",
    );
    expect(
      searchPageUrl({
        ...filtered,
        mode: "summaries",
        filters: DEFAULT_VIEW.filters,
        sort: DEFAULT_VIEW.sort,
      }),
    ).toBe("/search/female/asian?search=ann&mode=summaries&page=2");
    // Match all needs two tags: the path's and a picked one make two; a picked one alone does not.
    expect(searchPageUrl({ ...filtered, tag: null, term: "", page: 1, sort: DEFAULT_VIEW.sort })).toBe(
      "/search/female?tag=cute&liveOnly=true&minAge=21",
    );
    expect(isFilteredView(filtered)).toBe(true);
    expect(isFilteredView({ ...filtered, ...DEFAULT_VIEW })).toBe(false);
  });

  it("reads back what it writes", () => {
    const url = new URL(searchPageUrl(filtered), "http://x");
    expect(read("female", "asian", url.search)).toEqual({ kind: "page", address: filtered });
  });

  it("never refuses a bad filter: ignored or clamped, the page stands", () => {
    expect(
      read(undefined, undefined, "minAge=abc&maxAge=500&minViewers=-1&orderBy=x&mode=y&liveOnly=maybe"),
    ).toEqual({
      kind: "page",
      address: { ...DEFAULT_VIEW, gender: "all", tag: null, term: "", page: 1 },
    });
    const clamped = read(undefined, undefined, "minFollowers=20000000&maxAge=10&tag=ASIAN&tag=asian");
    expect(clamped.kind === "page" && clamped.address.filters).toEqual({
      ...DEFAULT_VIEW.filters,
      minFollowers: 10_000_000,
      maxAge: 18,
      tags: ["asian"],
    });
  });

  it("the gender links and the one-address redirect keep mode, filters and sort", () => {
    expect(genderLinks(filtered).map((l) => l.href)[0]).toBe(
      "/search/all/asian?search=ann&tag=cute&requireAllTags=true&liveOnly=true&minAge=21&orderBy=name&sortOrder=asc",
    );
    expect(read("all", undefined, "liveOnly=true&sortOrder=asc")).toEqual({
      kind: "redirect",
      to: "/search?liveOnly=true&sortOrder=asc",
    });
  });
});
