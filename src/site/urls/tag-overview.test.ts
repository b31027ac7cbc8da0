import { describe, expect, it } from "vitest";
import { isOverviewTag, parseOverviewSegments, showMorePath, tagOverviewPath } from "./tag-overview.ts";

const read = (path: string) => parseOverviewSegments(path.replace(/^\/top\/?/, "").split("/"));

describe("parseOverviewSegments: the addresses of SPEC §2", () => {
  it("reads /top as every gender without a tag", () => {
    expect(read("/top")).toEqual({ gender: "all", tag: null });
    expect(parseOverviewSegments([undefined, undefined])).toEqual({ gender: "all", tag: null });
  });

  it("reads a gender word as the gender, anything else as the tag", () => {
    for (const gender of ["all", "couples", "women", "men", "trans"] as const) {
      expect(read(`/top/${gender}`)).toEqual({ gender, tag: null });
    }
    expect(read("/top/asian")).toEqual({ gender: "all", tag: "asian" });
    expect(read("/top/ASIAN")).toEqual({ gender: "all", tag: "asian" });
  });

  it("reads /top/{tag}/{gender}", () => {
    expect(read("/top/asian/women")).toEqual({ gender: "women", tag: "asian" });
    expect(read("/top/asian/all")).toEqual({ gender: "all", tag: "asian" });
    expect(read("/top/big_boobs/trans")).toEqual({ gender: "trans", tag: "big_boobs" });
  });

  it("reads no page from malformed addresses", () => {
    expect(read("/top/women/asian")).toBeNull(); // the gender comes second
    expect(read("/top/asian/latina")).toBeNull(); // two tags
    expect(read("/top/women/men")).toBeNull();
    expect(read("/top/asian/women/extra")).toBeNull();
    expect(read("/top/a b")).toBeNull(); // cannot name a file
    expect(read("/top/asian/female")).toBeNull(); // pages say women, not female
  });

  it("leaves the other rankings' first segments to their own pages", () => {
    for (const word of ["viewers", "followers", "growing", "performers", "supporters", "2021"]) {
      expect(isOverviewTag(word)).toBe(false);
      expect(read(`/top/${word}`)).toBeNull();
    }
    expect(isOverviewTag("asian")).toBe(true);
    expect(isOverviewTag("women")).toBe(false);
  });
});

describe("tagOverviewPath", () => {
  it("leaves out all, and puts the tag before the gender", () => {
    expect(tagOverviewPath({ gender: "all", tag: null })).toBe("/top");
    expect(tagOverviewPath({ gender: "women", tag: null })).toBe("/top/women");
    expect(tagOverviewPath({ gender: "all", tag: "asian" })).toBe("/top/asian");
    expect(tagOverviewPath({ gender: "men", tag: "muscle" })).toBe("/top/muscle/men");
  });

  it("reads back to the same view", () => {
    for (const view of [
      { gender: "trans", tag: "cute" },
      { gender: "couples", tag: null },
      { gender: "all", tag: "feet" },
    ] as const) {
      expect(read(tagOverviewPath(view))).toEqual(view);
    }
  });
});

describe("showMorePath (SPEC §2's 'show more...' links, all left out)", () => {
  it("links the lists of the gender without a tag", () => {
    const all = { gender: "all", tag: null } as const;
    expect(showMorePath("followers", all)).toBe("/top/followers");
    expect(showMorePath("monthly", all)).toBe("/top/performers");
    expect(showMorePath("viewers", all)).toBe("/top/viewers");
    expect(showMorePath("growing", all)).toBe("/top/growing");
    const women = { gender: "women", tag: null } as const;
    expect(showMorePath("followers", women)).toBe("/top/followers/women");
    expect(showMorePath("monthly", women)).toBe("/top/performers/women");
    expect(showMorePath("viewers", women)).toBe("/top/viewers/women");
    expect(showMorePath("growing", women)).toBe("/top/growing/women");
  });

  it("links the tag's lists, most followed and fastest rising over every gender", () => {
    const asian = { gender: "all", tag: "asian" } as const;
    expect(showMorePath("followers", asian)).toBe("/top/followers/asian");
    expect(showMorePath("monthly", asian)).toBe("/top/performers/asian");
    expect(showMorePath("viewers", asian)).toBe("/top/viewers/asian");
    expect(showMorePath("growing", asian)).toBe("/top/growing/asian");
    const asianWomen = { gender: "women", tag: "asian" } as const;
    expect(showMorePath("followers", asianWomen)).toBe("/top/followers/asian");
    expect(showMorePath("monthly", asianWomen)).toBe("/top/performers/women/asian");
    expect(showMorePath("viewers", asianWomen)).toBe("/top/viewers/women/asian");
    expect(showMorePath("growing", asianWomen)).toBe("/top/growing/asian");
  });
});
