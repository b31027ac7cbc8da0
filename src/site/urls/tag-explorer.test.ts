import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  parseTagIndexQuery,
  parseTagPageParam,
  TAG_SEARCH_MAX,
  tagIndexPath,
  tagPagePath,
} from "./tag-explorer.ts";

const query = (text: string) => parseTagIndexQuery(new URLSearchParams(text));

describe("tag explorer addresses", () => {
  it("reads the explorer's query, falling back to the defaults for unknown values", () => {
    expect(query("")).toEqual({ gender: "all", sort: "performers", search: "" });
    expect(query("gender=Women&sort=GROWTH&q=%20%23Asi")).toEqual({
      gender: "women",
      sort: "growth",
      search: "asi",
    });
    expect(query("gender=female&sort=price")).toEqual({ gender: "all", sort: "performers", search: "" });
    expect(query(`q=${"x".repeat(100)}`).search).toHaveLength(TAG_SEARCH_MAX);
  });

  it("writes the canonical address with the defaults left out, and reads it back", () => {
    expect(tagIndexPath({})).toBe("/tags");
    expect(tagIndexPath({ gender: "all", sort: "performers", search: "" })).toBe("/tags");
    expect(tagIndexPath({ gender: "men", sort: "viewers", search: "big ass" })).toBe(
      "/tags?gender=men&sort=viewers&q=big+ass",
    );
    const view = { gender: "trans", sort: "name", search: "feet" } as const;
    expect(query(tagIndexPath(view).split("?")[1] ?? "")).toEqual(view);
  });

  it("takes a tag segment lowercase, and nothing that cannot be a tag", () => {
    expect(parseTagPageParam("Asian")).toBe("asian");
    expect(parseTagPageParam("big-boobs")).toBe("big-boobs");
    expect(parseTagPageParam("../etc")).toBeNull();
    expect(parseTagPageParam("a b")).toBeNull();
    expect(parseTagPageParam(undefined)).toBeNull();
    expect(tagPagePath("日本")).toBe("/tags/%E6%97%A5%E6%9C%AC");
  });

  it("never throws on any query or segment", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (g, s, q, seg) => {
        const view = parseTagIndexQuery(new URLSearchParams({ gender: g, sort: s, q }));
        expect(view.search.length).toBeLessThanOrEqual(TAG_SEARCH_MAX);
        parseTagPageParam(seg);
      }),
    );
  });
});
