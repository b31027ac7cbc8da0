import { describe, expect, it } from "vitest";
import { DEFAULT_SEARCH, searchQueryString } from "./search-query-string.ts";

describe("the search's query string (SPEC §5: filters only beyond defaults)", () => {
  it("sends nothing for the default search", () => {
    expect(searchQueryString(DEFAULT_SEARCH)).toBe("");
    expect(searchQueryString({ ...DEFAULT_SEARCH, searchTerm: "   " })).toBe("");
  });

  it.each([
    [{ minAge: 18, maxAge: 99 }, ""],
    [{ minAge: 19 }, "minAge=19"],
    [{ maxAge: 98 }, "maxAge=98"],
    [{ minFollowers: 0, maxFollowers: 10_000_000 }, ""],
    [{ minFollowers: 100 }, "minFollowers=100"],
    [{ maxFollowers: 9_999_900 }, "maxFollowers=9999900"],
    [{ minViewers: 0, maxViewers: 50_000 }, ""],
    [{ minViewers: 100 }, "minViewers=100"],
    [{ maxViewers: 49_900 }, "maxViewers=49900"],
  ])("%o gives %j", (filters, expected) => {
    expect(searchQueryString({ ...DEFAULT_SEARCH, ...filters })).toBe(expected);
  });

  it("sends gender as its code, trans as s; tags repeated; match-all only with more than one tag", () => {
    expect(searchQueryString({ ...DEFAULT_SEARCH, gender: "s" })).toBe("gender=s");
    expect(searchQueryString({ ...DEFAULT_SEARCH, tags: ["asian"], requireAllTags: true })).toBe("tag=asian");
    expect(searchQueryString({ ...DEFAULT_SEARCH, tags: ["asian", "cute"], requireAllTags: true })).toBe(
      "tag=asian&tag=cute&requireAllTags=true",
    );
  });

  it("sends the term trimmed, live only, a non-default order and a page beyond the first", () => {
    expect(
      searchQueryString({
        ...DEFAULT_SEARCH,
        searchTerm: " ann b ",
        liveOnly: true,
        orderBy: "name",
        sortOrder: "asc",
        offset: 50,
      }),
    ).toBe("searchTerm=ann+b&liveOnly=true&orderBy=name&sortOrder=asc&offset=50");
  });

  it("sends only the term and gender in summaries mode", () => {
    expect(
      searchQueryString({
        ...DEFAULT_SEARCH,
        mode: "summaries",
        searchTerm: "dance",
        gender: "f",
        tags: ["x"],
        minAge: 30,
      }),
    ).toBe("mode=summaries&searchTerm=dance&gender=f");
  });
});
