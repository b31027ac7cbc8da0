import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createSearchTrigger,
  isSearchable,
  isSearchPath,
  SEARCH_DEBOUNCE_MS,
  searchUrl,
} from "./search-box.ts";

describe("isSearchable", () => {
  it("searches an empty box or more than one character, never exactly one", () => {
    expect(isSearchable("")).toBe(true);
    expect(isSearchable("a")).toBe(false);
    expect(isSearchable("ab")).toBe(true);
    expect(isSearchable("anna")).toBe(true);
  });

  it("does not count spaces around the text", () => {
    expect(isSearchable("   ")).toBe(true);
    expect(isSearchable(" a ")).toBe(false);
    expect(isSearchable(" a b ")).toBe(true);
  });
});

describe("searchUrl", () => {
  it("opens /search with the term as the search parameter", () => {
    expect(searchUrl("anna")).toBe("/search?search=anna");
    expect(searchUrl("  anna  ")).toBe("/search?search=anna");
  });

  it("opens /search with no parameter for an empty term", () => {
    expect(searchUrl("")).toBe("/search");
    expect(searchUrl("  ")).toBe("/search");
  });

  it("encodes the term", () => {
    expect(searchUrl("anna lee&co")).toBe("/search?search=anna+lee%26co");
    expect(new URL(searchUrl("é #1/2?"), "http://x").searchParams.get("search")).toBe("é #1/2?");
  });

  it("keeps the search page variant the visitor is on", () => {
    expect(searchUrl("anna", "/search/female/asian")).toBe("/search/female/asian?search=anna");
  });
});

describe("isSearchPath", () => {
  it("knows the search page and its variants", () => {
    expect(isSearchPath("/search")).toBe(true);
    expect(isSearchPath("/search/female")).toBe(true);
    expect(isSearchPath("/searching")).toBe(false);
    expect(isSearchPath("/about")).toBe(false);
  });
});

describe("createSearchTrigger", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const trigger = () => {
    const searches: string[] = [];
    return { searches, box: createSearchTrigger((text) => searches.push(text)) };
  };

  it("searches 500 ms after the typing stops, once, with the last text", () => {
    const { searches, box } = trigger();
    box.typed("an");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100);
    box.typed("ann");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(searches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(searches).toEqual(["ann"]);
    vi.advanceTimersByTime(10 * SEARCH_DEBOUNCE_MS);
    expect(searches).toEqual(["ann"]);
  });

  it("does not search one character, and a one-character edit drops the waiting search", () => {
    const { searches, box } = trigger();
    box.typed("an");
    box.typed("a");
    vi.advanceTimersByTime(10 * SEARCH_DEBOUNCE_MS);
    expect(searches).toEqual([]);
  });

  it("searches at once when the text is emptied by typing too, after the pause", () => {
    const { searches, box } = trigger();
    box.typed("");
    expect(searches).toEqual([]);
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(searches).toEqual([""]);
  });

  it("searches at once on the search icon, replacing the waiting search", () => {
    const { searches, box } = trigger();
    box.typed("anna");
    box.submitted("anna");
    expect(searches).toEqual(["anna"]);
    vi.advanceTimersByTime(10 * SEARCH_DEBOUNCE_MS);
    expect(searches).toEqual(["anna"]);
  });

  it("ignores the search icon for one character", () => {
    const { searches, box } = trigger();
    box.submitted("a");
    expect(searches).toEqual([]);
  });

  it("searches for everything at once on clear", () => {
    const { searches, box } = trigger();
    box.typed("anna");
    box.cleared();
    expect(searches).toEqual([""]);
    vi.advanceTimersByTime(10 * SEARCH_DEBOUNCE_MS);
    expect(searches).toEqual([""]);
  });

  it("drops a waiting search when cancelled", () => {
    const { searches, box } = trigger();
    box.typed("anna");
    box.cancel();
    vi.advanceTimersByTime(10 * SEARCH_DEBOUNCE_MS);
    expect(searches).toEqual([]);
  });
});
