import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  apiQuery,
  coerceCount,
  DEFAULT_FILTERS,
  DEFAULT_SORT,
  effectiveFilters,
  explainSearch,
  searchedTerm,
} from "./filters.ts";
import { DEFAULT_VIEW, type SearchAddress } from "./url.ts";

const all: SearchAddress = { ...DEFAULT_VIEW, gender: "all", tag: null, term: "", page: 1 };

describe("the search filters", () => {
  it("coerces number inputs to non-negative integers; empty or invalid is 0 (SPEC §5)", () => {
    expect(coerceCount("42")).toBe(42);
    expect(coerceCount(" 7 ")).toBe(7);
    expect(coerceCount("12.9")).toBe(12);
    expect(coerceCount("")).toBe(0);
    expect(coerceCount("abc")).toBe(0);
    expect(coerceCount("-5")).toBe(0);
    expect(coerceCount("1e5")).toBe(0);
    expect(coerceCount("99999999999999999999")).toBe(0);
  });

  it("keeps each bound in its range: age at least 18, a maximum not under its minimum", () => {
    const f = effectiveFilters({
      ...DEFAULT_FILTERS,
      minAge: 0,
      maxAge: 150,
      minFollowers: 500,
      maxFollowers: 100,
    });
    expect(f.minAge).toBe(18);
    expect(f.maxAge).toBe(99);
    expect(f.minFollowers).toBe(500);
    expect(f.maxFollowers).toBe(500);
    expect(effectiveFilters({ ...DEFAULT_FILTERS, maxViewers: 90_000 }).maxViewers).toBe(50_000);
  });

  it("match-all-tags counts only with more than one tag (SPEC §5)", () => {
    expect(effectiveFilters({ ...DEFAULT_FILTERS, tags: ["a"], requireAllTags: true }).requireAllTags).toBe(
      false,
    );
    expect(
      effectiveFilters({ ...DEFAULT_FILTERS, tags: ["a", "b"], requireAllTags: true }).requireAllTags,
    ).toBe(true);
  });

  it("sends nothing at its default (SPEC §5)", () => {
    expect(apiQuery("models", all, DEFAULT_FILTERS, DEFAULT_SORT)).toBe("");
    expect(apiQuery("models", all, DEFAULT_FILTERS, DEFAULT_SORT, 100)).toBe("offset=100");
  });

  it("sends each filter only beyond its default", () => {
    const beyond = {
      liveOnly: true,
      tags: ["Cute", "asian"],
      requireAllTags: true,
      minAge: 19,
      maxAge: 98,
      minFollowers: 1,
      maxFollowers: 9_999_999,
      minViewers: 1,
      maxViewers: 49_999,
    };
    const q = new URLSearchParams(apiQuery("models", all, beyond, { orderBy: "name", sortOrder: "asc" }));
    expect(q.getAll("tag")).toEqual(["cute", "asian"]);
    expect(Object.fromEntries([...q].filter(([k]) => k !== "tag"))).toEqual({
      requireAllTags: "true",
      liveOnly: "true",
      minAge: "19",
      maxAge: "98",
      minFollowers: "1",
      maxFollowers: "9999999",
      minViewers: "1",
      maxViewers: "49999",
      orderBy: "name",
      sortOrder: "asc",
    });
  });

  it("sends the address's gender as its code (trans as s), its tag and its term", () => {
    const address: SearchAddress = { ...DEFAULT_VIEW, gender: "trans", tag: "asian", term: "dee", page: 2 };
    expect(apiQuery("models", address, { ...DEFAULT_FILTERS, tags: ["cute"] }, DEFAULT_SORT)).toBe(
      "searchTerm=dee&gender=s&tag=asian&tag=cute",
    );
    expect(apiQuery("summaries", address, { ...DEFAULT_FILTERS, liveOnly: true }, DEFAULT_SORT)).toBe(
      "mode=summaries&searchTerm=dee&gender=s",
    );
  });

  it("a single character is no name search yet (SPEC §4)", () => {
    expect(searchedTerm("a")).toBe("");
    expect(searchedTerm(" an ")).toBe("an");
    expect(apiQuery("models", { ...all, term: "a" }, DEFAULT_FILTERS, DEFAULT_SORT)).toBe("");
  });

  it("counts the filters in use, and explains a term or a tag alone", () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, liveOnly: true, minAge: 20, maxViewers: 10 })).toBe(3);
    expect(explainSearch("ann", "asian")).toBe("searchTerm=ann");
    expect(explainSearch("", "asian")).toBe("tag=asian");
  });
});
