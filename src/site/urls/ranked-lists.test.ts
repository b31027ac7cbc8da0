import { describe, expect, it } from "vitest";
import {
  followerListPath,
  isListTag,
  parseFollowerListSegments,
  parsePageParam,
  parseScoreListSegments,
  parseSupporterSegments,
  scoreListPath,
  splatSegments,
  supporterListPath,
} from "./ranked-lists.ts";

const follower = (splat: string) => parseFollowerListSegments(splatSegments(splat));
const score = (splat: string) => parseScoreListSegments(splatSegments(splat));
const supporters = (splat: string) => parseSupporterSegments(splatSegments(splat));

describe("splatSegments", () => {
  it("drops empty segments and lowercases", () => {
    expect(splatSegments(undefined)).toEqual([]);
    expect(splatSegments("")).toEqual([]);
    expect(splatSegments("All/Asian/")).toEqual(["all", "asian"]);
  });
});

describe("isListTag", () => {
  it("takes file-name tags that read neither as a gender word nor as a date", () => {
    expect(isListTag("asian")).toBe(true);
    expect(isListTag("big-boobs_1")).toBe(true);
    expect(isListTag("women")).toBe(false);
    expect(isListTag("2026-01-10")).toBe(false);
    expect(isListTag("a.b")).toBe(false);
    expect(isListTag("x".repeat(65))).toBe(false);
  });
});

describe("parseFollowerListSegments: /top/{followers|growing}[/{tag}[/{date}]]", () => {
  it("reads the bare address as every gender, no tag, the latest day", () => {
    expect(follower("")).toEqual({ gender: "all", tag: null, date: null });
  });

  it("reads a gender word in the tag slot as the gender (SPEC §2, §4)", () => {
    for (const gender of ["all", "couples", "women", "men", "trans"] as const) {
      expect(follower(gender)).toEqual({ gender, tag: null, date: null });
      expect(follower(`${gender}/2026-01-09`)).toEqual({ gender, tag: null, date: "2026-01-09" });
    }
  });

  it("reads a tag, all/{tag} (the overview's 'show more...' form) and a final date", () => {
    expect(follower("asian")).toEqual({ gender: "all", tag: "asian", date: null });
    expect(follower("all/asian")).toEqual({ gender: "all", tag: "asian", date: null });
    expect(follower("asian/2026-01-09")).toEqual({ gender: "all", tag: "asian", date: "2026-01-09" });
    expect(follower("all/asian/2026-01-09")).toEqual({ gender: "all", tag: "asian", date: "2026-01-09" });
    expect(follower("2026-01-09")).toEqual({ gender: "all", tag: null, date: "2026-01-09" });
  });

  it("reads a last segment that is not a real date as the tag (SPEC §5)", () => {
    // Not a real calendar day, so a tag (which no index will list: a 404 from the loader).
    expect(follower("2026-02-30")).toEqual({ gender: "all", tag: "2026-02-30", date: null });
    expect(follower("asian/2026-02-30")).toBeNull(); // two tags
    expect(follower("20260109")).toEqual({ gender: "all", tag: "20260109", date: null });
  });

  it("has no page for another gender with a tag, two tags, too many segments or a bad tag", () => {
    expect(follower("women/asian")).toBeNull();
    expect(follower("men/asian/2026-01-09")).toBeNull();
    expect(follower("asian/latina")).toBeNull();
    expect(follower("all/asian/2026-01-09/x")).toBeNull();
    expect(follower("a.b")).toBeNull();
    expect(follower("asian/women")).toBeNull();
  });
});

describe("followerListPath", () => {
  const latest = "2026-01-10";
  it("leaves out all and, on the latest day, the date", () => {
    expect(followerListPath("followers", { gender: "all", tag: null, day: latest }, latest)).toBe(
      "/top/followers",
    );
    expect(followerListPath("growing", { gender: "women", tag: null, day: latest }, latest)).toBe(
      "/top/growing/women",
    );
    expect(followerListPath("followers", { gender: "all", tag: "asian", day: latest }, latest)).toBe(
      "/top/followers/asian",
    );
  });

  it("adds an earlier day's date", () => {
    expect(followerListPath("growing", { gender: "all", tag: null, day: "2026-01-09" }, latest)).toBe(
      "/top/growing/2026-01-09",
    );
    expect(followerListPath("followers", { gender: "men", tag: null, day: "2026-01-09" }, latest)).toBe(
      "/top/followers/men/2026-01-09",
    );
    expect(followerListPath("followers", { gender: "all", tag: "asian", day: "2026-01-08" }, latest)).toBe(
      "/top/followers/asian/2026-01-08",
    );
  });

  it("round-trips through the parser", () => {
    for (const view of [
      { gender: "all", tag: null, day: "2026-01-09" },
      { gender: "trans", tag: null, day: "2026-01-09" },
      { gender: "all", tag: "asian", day: "2026-01-09" },
    ] as const) {
      const path = followerListPath("followers", view, latest);
      expect(follower(path.replace(/^\/top\/followers\/?/, ""))).toEqual({
        gender: view.gender,
        tag: view.tag,
        date: view.day,
      });
    }
  });
});

describe("parseScoreListSegments: /top/{performers|2021}[/{tag}], /top/…/{gender}[/{tag}]", () => {
  it("reads every form", () => {
    expect(score("")).toEqual({ gender: "all", tag: null });
    expect(score("asian")).toEqual({ gender: "all", tag: "asian" });
    expect(score("women")).toEqual({ gender: "women", tag: null });
    expect(score("women/asian")).toEqual({ gender: "women", tag: "asian" });
    expect(score("all/asian")).toEqual({ gender: "all", tag: "asian" });
  });

  it("has no page for a tag then a gender, two tags, more segments, a date or a bad tag", () => {
    expect(score("asian/women")).toBeNull();
    expect(score("asian/latina")).toBeNull();
    expect(score("women/asian/x")).toBeNull();
    expect(score("women/men")).toBeNull();
    expect(score("2026-01-10")).toBeNull();
    expect(score("a b")).toBeNull();
  });

  it("builds the addresses back", () => {
    expect(scoreListPath("performers", { gender: "all", tag: null })).toBe("/top/performers");
    expect(scoreListPath("performers", { gender: "all", tag: "asian" })).toBe("/top/performers/asian");
    expect(scoreListPath("2021", { gender: "men", tag: null })).toBe("/top/2021/men");
    expect(scoreListPath("2021", { gender: "women", tag: "asian" })).toBe("/top/2021/women/asian");
  });
});

describe("parseSupporterSegments: /top/supporters[/{order}[/{date}]]", () => {
  it("reads every form; gained is the default order", () => {
    expect(supporters("")).toEqual({ order: "gained", date: null });
    expect(supporters("per-hour")).toEqual({ order: "per-hour", date: null });
    expect(supporters("gained/2026-01-09")).toEqual({ order: "gained", date: "2026-01-09" });
    expect(supporters("2026-01-09")).toEqual({ order: "gained", date: "2026-01-09" });
  });

  it("has no page for an unknown order or too many segments", () => {
    expect(supporters("followers")).toBeNull();
    expect(supporters("2026-02-30")).toBeNull(); // not a date, so an order, and no such order
    expect(supporters("gained/per-hour")).toBeNull();
    expect(supporters("gained/2026-01-09/x")).toBeNull();
  });

  it("builds the addresses back, leaving out gained and the latest day", () => {
    const latest = "2026-01-10";
    expect(supporterListPath({ order: "gained", day: latest }, latest)).toBe("/top/supporters");
    expect(supporterListPath({ order: "per-hour", day: latest }, latest)).toBe("/top/supporters/per-hour");
    expect(supporterListPath({ order: "gained", day: "2026-01-09" }, latest)).toBe(
      "/top/supporters/2026-01-09",
    );
    expect(supporterListPath({ order: "per-hour", day: "2026-01-09" }, latest)).toBe(
      "/top/supporters/per-hour/2026-01-09",
    );
  });
});

describe("parsePageParam (SPEC §2 Pagination)", () => {
  const page = (query: string) => parsePageParam(new URLSearchParams(query));
  it("reads an absent page as 1 and a whole number from 1 as itself", () => {
    expect(page("")).toBe(1);
    expect(page("page=1")).toBe(1);
    expect(page("page=2")).toBe(2);
    expect(page("live=1&page=10")).toBe(10);
  });

  it("refuses anything else", () => {
    for (const query of [
      "page=0",
      "page=-1",
      "page=1.5",
      "page=abc",
      "page=",
      "page=01",
      "page=2&page=3",
      "page=9999999",
    ]) {
      expect(page(query), query).toBeNull();
    }
  });
});
