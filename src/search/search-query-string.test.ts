import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  appendFilterParams,
  DEFAULT_SEARCH,
  MAX_TAGS,
  normalizeFilters,
  readFilterParams,
  type SortState,
  searchQueryString,
} from "./search-query-string.ts";

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

const q = (text: string) => new URLSearchParams(text);
const DEFAULT_READ = {
  mode: "models",
  filters: {
    tags: [],
    requireAllTags: false,
    liveOnly: false,
    minAge: 18,
    maxAge: 99,
    minFollowers: 0,
    maxFollowers: 10_000_000,
    minViewers: 0,
    maxViewers: 50_000,
  },
  sort: { orderBy: "followers", sortOrder: "desc" },
};

describe("reading the filters from an address (issue 28: never refused, bad values ignored or clamped)", () => {
  it("reads nothing as the defaults", () => {
    expect(readFilterParams(q(""))).toEqual(DEFAULT_READ);
  });

  it("reads what the writer writes", () => {
    const written = q(
      "mode=summaries&tag=asian&tag=cute&requireAllTags=true&liveOnly=true&minAge=21&maxAge=98&minFollowers=100&maxFollowers=9999900&minViewers=100&maxViewers=49900&orderBy=name&sortOrder=asc",
    );
    expect(readFilterParams(written)).toEqual({
      mode: "summaries",
      filters: {
        tags: ["asian", "cute"],
        requireAllTags: true,
        liveOnly: true,
        minAge: 21,
        maxAge: 98,
        minFollowers: 100,
        maxFollowers: 9_999_900,
        minViewers: 100,
        maxViewers: 49_900,
      },
      sort: { orderBy: "name", sortOrder: "asc" },
    });
  });

  it.each([
    ["minAge=5", { minAge: 18 }],
    ["minAge=150", { minAge: 99, maxAge: 99 }],
    ["maxAge=10", { maxAge: 18 }],
    ["minAge=40&maxAge=30", { minAge: 40, maxAge: 40 }],
    ["maxFollowers=99999999999999999999999", {}],
    ["minFollowers=99999999999999999999999", { minFollowers: 10_000_000 }],
    ["maxViewers=60000", {}],
    ["minViewers=-5", {}],
    ["minViewers=1e3", {}],
    ["minViewers=0x10", {}],
    ["minViewers=%201", {}],
    ["minViewers=1.5", {}],
    ["minViewers=NaN", {}],
    ["minViewers=Infinity", {}],
    ["minViewers=300&minViewers=200", { minViewers: 300 }],
    ["liveOnly=yes&requireAllTags=2", {}],
    ["liveOnly=1", { liveOnly: true }],
    ["tag=Asian&tag=ASIAN&tag=%20cute%20", { tags: ["asian", "cute"] }],
    [`tag=&tag=a%00b&tag=${"x".repeat(65)}`, {}],
  ])("?%s reads as %o beyond the defaults", (text, filters) => {
    expect(readFilterParams(q(text))).toEqual({
      ...DEFAULT_READ,
      filters: { ...DEFAULT_READ.filters, ...filters },
    });
  });

  it("keeps at most MAX_TAGS tags", () => {
    const many = q(Array.from({ length: 30 }, (_, i) => `tag=t${i}`).join("&"));
    expect(readFilterParams(many).filters.tags).toEqual(Array.from({ length: MAX_TAGS }, (_, i) => `t${i}`));
  });

  it("ignores an unknown mode, order or direction", () => {
    expect(readFilterParams(q("mode=Summaries&orderBy=age&sortOrder=up"))).toEqual(DEFAULT_READ);
    expect(readFilterParams(q("orderBy=viewers&sortOrder=asc")).sort).toEqual({
      orderBy: "viewers",
      sortOrder: "asc",
    });
  });
});

const tagText = fc.stringMatching(/^[a-z0-9]{1,12}$/);
const filtersArb = fc.record({
  tags: fc.uniqueArray(tagText, { maxLength: 5 }),
  requireAllTags: fc.boolean(),
  liveOnly: fc.boolean(),
  minAge: fc.integer({ min: 18, max: 99 }),
  maxAge: fc.integer({ min: 18, max: 99 }),
  minFollowers: fc.integer({ min: 0, max: 10_000_000 }),
  maxFollowers: fc.integer({ min: 0, max: 10_000_000 }),
  minViewers: fc.integer({ min: 0, max: 50_000 }),
  maxViewers: fc.integer({ min: 0, max: 50_000 }),
});
const sortArb = fc.record({
  orderBy: fc.constantFrom("name", "viewers", "followers"),
  sortOrder: fc.constantFrom("asc", "desc"),
}) as fc.Arbitrary<SortState>;

describe("properties of the filters in an address", () => {
  it("round trip: what is written reads back as the same search, and writes the same again", () => {
    fc.assert(
      fc.property(filtersArb, sortArb, (raw, sort) => {
        const filters = normalizeFilters(raw);
        const params = new URLSearchParams();
        appendFilterParams(params, { ...filters, ...sort });
        const read = readFilterParams(params);
        expect(read.filters).toEqual(filters);
        expect(read.sort).toEqual(sort);
        const again = new URLSearchParams();
        appendFilterParams(again, { ...read.filters, ...read.sort });
        expect(again.toString()).toBe(params.toString());
      }),
      { numRuns: 300 },
    );
  });

  it("defaults are never written: a parameter is there only when its value differs", () => {
    fc.assert(
      fc.property(filtersArb, sortArb, (raw, sort) => {
        const f = normalizeFilters(raw);
        const params = new URLSearchParams();
        appendFilterParams(params, { ...f, ...sort });
        expect(params.has("minAge")).toBe(f.minAge !== 18);
        expect(params.has("maxAge")).toBe(f.maxAge !== 99);
        expect(params.has("minFollowers")).toBe(f.minFollowers !== 0);
        expect(params.has("maxFollowers")).toBe(f.maxFollowers !== 10_000_000);
        expect(params.has("minViewers")).toBe(f.minViewers !== 0);
        expect(params.has("maxViewers")).toBe(f.maxViewers !== 50_000);
        expect(params.has("liveOnly")).toBe(f.liveOnly);
        expect(params.has("orderBy")).toBe(sort.orderBy !== "followers");
        expect(params.has("sortOrder")).toBe(sort.sortOrder !== "desc");
      }),
      { numRuns: 300 },
    );
  });

  it("any query string reads as a search within every range", () => {
    const names = [
      "mode",
      "tag",
      "requireAllTags",
      "liveOnly",
      "minAge",
      "maxAge",
      "minFollowers",
      "maxFollowers",
      "minViewers",
      "maxViewers",
      "orderBy",
      "sortOrder",
    ];
    const value = fc.oneof(
      fc.string(),
      fc.integer().map(String),
      fc.double().map(String),
      fc.bigInt().map(String),
      fc.constantFrom("true", "1", "summaries", "name", "asc", "%00", "\u0000", "1e308"),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 20 }), (pairs) => {
        const { mode, filters: f, sort } = readFilterParams(new URLSearchParams(pairs));
        expect(["models", "summaries"]).toContain(mode);
        expect(["name", "viewers", "followers"]).toContain(sort.orderBy);
        expect(["asc", "desc"]).toContain(sort.sortOrder);
        for (const [low, high, min, max] of [
          [18, 99, f.minAge, f.maxAge],
          [0, 10_000_000, f.minFollowers, f.maxFollowers],
          [0, 50_000, f.minViewers, f.maxViewers],
        ] as const) {
          expect(Number.isInteger(min) && Number.isInteger(max)).toBe(true);
          expect(low <= min && min <= max && max <= high).toBe(true);
        }
        expect(f.tags.length).toBeLessThanOrEqual(MAX_TAGS);
        for (const tag of f.tags) {
          expect(tag.length).toBeGreaterThan(0);
          expect(tag.length).toBeLessThanOrEqual(64);
          expect(tag).toBe(tag.toLowerCase());
          expect(/\p{Cc}/u.test(tag)).toBe(false);
        }
        expect(new Set(f.tags).size).toBe(f.tags.length);
      }),
      { numRuns: 500 },
    );
  });
});
