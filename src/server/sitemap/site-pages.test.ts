import { describe, expect, it } from "vitest";
import type { MonthlyIndex } from "../../publish/monthly-files.ts";
import type { DailyIndex } from "../../publish/ranking-schemas.ts";
import {
  dailyViewerPages,
  monthlyPages,
  popularPages,
  STATIC_PATHS,
  sitePages,
  tagPages,
} from "./site-pages.ts";

const none = { all: [], couples: [], women: [], men: [], trans: [] };
const DAY = "2026-01-10";

describe("the sitemap's pages", () => {
  it("lists the daily viewer ranking of the latest day without `all` or the date", () => {
    const index: DailyIndex = { day: DAY, lists: { ...none, all: ["asian", "großbusig"], women: ["asian"] } };
    expect(dailyViewerPages(DAY, index)).toEqual(
      [
        "/top/viewers/asian",
        "/top/viewers/gro%C3%9Fbusig",
        "/top/viewers/couples",
        "/top/viewers/women",
        "/top/viewers/women/asian",
        "/top/viewers/men",
        "/top/viewers/trans",
      ].map((path) => ({ path, lastmod: DAY })),
    );
  });

  it("leaves out tags the addresses would read as a gender or a date", () => {
    const index: DailyIndex = { day: DAY, lists: { ...none, all: ["women", "2026-01-01", "ok"] } };
    expect(dailyViewerPages(DAY, index).map((p) => p.path)).toContain("/top/viewers/ok");
    expect(dailyViewerPages(DAY, index).map((p) => p.path)).not.toContain("/top/viewers/2026-01-01");
    expect(dailyViewerPages(DAY, index).filter((p) => p.path === "/top/viewers/women")).toHaveLength(1);
  });

  it("lists top monthly, the tag overview, most followed and fastest rising from the 30-day index", () => {
    const index: MonthlyIndex = {
      day: DAY,
      lists: { ...none, all: ["asian", "viewers", "2021"], men: ["muscle"] },
      tagFollowers: ["asian", "men"],
    };
    const paths = monthlyPages(index).map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/top/performers/women",
        "/top/women",
        "/top/followers/trans",
        "/top/growing/couples",
        "/top/performers/asian",
        "/top/asian",
        "/top/performers/men/muscle",
        "/top/muscle/men",
        "/top/followers/asian",
        "/top/growing/asian",
      ]),
    );
    // A tag named like a section or a year of /top is not its overview (/top/viewers is the Top 100).
    expect(paths).not.toContain("/top/viewers");
    expect(paths).not.toContain("/top/2021");
    expect(paths).toContain("/top/performers/viewers");
    // A gender word in tagFollowers reads as the gender, already listed.
    expect(paths.filter((p) => p === "/top/followers/men")).toHaveLength(1);
    expect(paths).not.toContain("/top/performers/all");
    expect(monthlyPages(index).every((p) => p.lastmod === DAY)).toBe(true);
  });

  it("lists /popular/{tag} for the latest day's every-gender tag lists, without the date", () => {
    expect(
      popularPages(DAY, { day: DAY, lists: { ...none, all: ["asian", "big boobs"], women: ["feet"] } }),
    ).toEqual([{ path: "/popular/asian", lastmod: DAY }]);
  });

  it("lists /tag/{tag} for the possible tags, without lastmod, skipping what cannot be a tag", () => {
    expect(tagPages(["asian", "Big Boobs", "çok"])).toEqual([
      { path: "/tag/asian", lastmod: null },
      { path: "/tag/%C3%A7ok", lastmod: null },
    ]);
  });

  it("puts the static pages first and lists each address once", () => {
    const pages = sitePages({
      daily: { day: DAY, index: { day: DAY, lists: { ...none, all: ["asian"] } } },
      monthly: { day: DAY, lists: { ...none, women: ["asian"] }, tagFollowers: [] },
      possibleTags: ["asian", "asian"],
      locations: ["colombia", "united-states"],
      explorer: { day: DAY, tags: ["asian", "big boobs", "日本"] },
      blog: [
        { slug: "how-the-top-100-is-made", date: "2026-11-18" },
        { slug: "the-platform-in-october-2026", date: "2026-11-01" },
      ],
    });
    expect(pages.slice(0, STATIC_PATHS.length).map((p) => p.path)).toEqual([...STATIC_PATHS]);
    const paths = pages.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain("/tag/asian");
    expect(paths).toContain("/top/viewers/asian");
    expect(paths).toContain("/top/asian/women");
    expect(paths).toContain("/popular/asian");
    expect(pages.filter((p) => p.path.startsWith("/tags/"))).toEqual([
      { path: "/tags/asian", lastmod: DAY },
      { path: "/tags/%E6%97%A5%E6%9C%AC", lastmod: DAY },
    ]);
    expect(paths).toContain("/location/colombia");
    expect(pages.slice(-2)).toEqual([
      { path: "/blog/how-the-top-100-is-made", lastmod: "2026-11-18" },
      { path: "/blog/the-platform-in-october-2026", lastmod: "2026-11-01" },
    ]);
  });

  it("lists only the static pages before anything is published", () => {
    expect(
      sitePages({
        daily: null,
        monthly: null,
        possibleTags: [],
        locations: [],
        explorer: null,
        blog: [],
      }).map((p) => p.path),
    ).toEqual([...STATIC_PATHS]);
  });
});
