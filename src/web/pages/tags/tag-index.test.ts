import { describe, expect, it } from "vitest";
import type { TagIndexView } from "../../../site/urls/tag-explorer.ts";
import { monthGrowth, TAG_MATCHES_SHOWN, type TagIndexFiles, tagIndex } from "./tag-index.ts";

const DAY = "2026-11-20";
const MONTHS = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`);
const counts = (tag: string, count: number, women: number) => ({
  tag,
  count,
  couples: 0,
  women,
  men: count - women,
  trans: 0,
});
const figure = (average: number | null) => ({ total: 0, average });
const perGender = (all: number | null, women: number | null) => ({
  all: figure(all),
  couples: figure(null),
  women: figure(women),
  men: figure(null),
  trans: figure(null),
});
const series = (last2: [number | null, number | null]) => [
  ...Array.from({ length: 10 }, () => null),
  ...last2,
];

const files: TagIndexFiles = {
  tagCounts: { day: DAY, tags: [counts("cute", 40, 30), counts("asian", 30, 30), counts("muscle", 10, 0)] },
  tagMap: {
    day: DAY,
    tags: {
      cute: { rank: 1, ...counts("cute", 40, 30) },
      asian: { rank: 2, ...counts("asian", 30, 30) },
      muscle: { rank: 3, ...counts("muscle", 10, 0) },
      "cute-feet": { rank: 4, ...counts("cute-feet", 2, 2) },
    },
  },
  allTags: { day: DAY, from: "2026-10-22", tags: ["asian", "cute", "cute-feet", "cuteness", "muscle"] },
  monthly: {
    day: DAY,
    months: MONTHS,
    tags: { cute: series([20, 30]), asian: series([30, 15]), muscle: series([null, 5]) },
  },
  viewers: {
    day: DAY,
    tags: { cute: perGender(50, 60), asian: perGender(80, 80), muscle: perGender(20, null) },
  },
  followers: {
    day: DAY,
    tags: { cute: perGender(900, 1000), asian: perGender(500, 500), muscle: perGender(300, null) },
  },
  gain: { day: DAY, tags: { cute: perGender(5, 6), asian: perGender(-2, -2), muscle: perGender(1, null) } },
};
const view = (v: Partial<TagIndexView>): TagIndexView => ({
  gender: "all",
  sort: "performers",
  search: "",
  ...v,
});
const tags = (v: Partial<TagIndexView>) => tagIndex(files, view(v), "/tags").rows.map((r) => r.tag);

describe("the tag explorer's table", () => {
  it("compares this month's daily average with last month's", () => {
    expect(monthGrowth(series([20, 30]))).toBe(50);
    expect(monthGrowth(series([30, 15]))).toBe(-50);
    expect(monthGrowth(series([null, 5]))).toBeNull();
    expect(monthGrowth(series([0, 5]))).toBeNull();
    expect(monthGrowth(series([3, 1]))).toBe(-66.7);
  });

  it("gives each top tag its rank, the gender's performers and averages; ties by name", () => {
    const data = tagIndex(files, view({ gender: "women" }), "/tags?gender=women");
    expect(data.rows).toEqual([
      {
        tag: "asian",
        rank: 2,
        performers: 30,
        trend: series([30, 15]),
        growth: -50,
        averageViewers: 80,
        averageFollowers: 500,
        averageGain: -2,
      },
      {
        tag: "cute",
        rank: 1,
        performers: 30,
        trend: series([20, 30]),
        growth: 50,
        averageViewers: 60,
        averageFollowers: 1000,
        averageGain: 6,
      },
    ]);
    expect(data).toMatchObject({
      day: DAY,
      topCount: 3,
      allTagsCount: 5,
      allTagsFrom: "2026-10-22",
      matches: null,
    });
  });

  it("orders by the chosen figure, unknown ones last, then by performers and name", () => {
    expect(tags({})).toEqual(["cute", "asian", "muscle"]);
    expect(tags({ sort: "growth" })).toEqual(["cute", "asian", "muscle"]);
    expect(tags({ sort: "viewers" })).toEqual(["asian", "cute", "muscle"]);
    expect(tags({ sort: "gain" })).toEqual(["cute", "muscle", "asian"]);
    expect(tags({ sort: "name" })).toEqual(["asian", "cute", "muscle"]);
  });

  it("finds tags by name among the top tags and among every tag of the 30 days, the exact one first", () => {
    const data = tagIndex(files, view({ search: "cute" }), "/tags?q=cute");
    expect(data.rows.map((r) => r.tag)).toEqual(["cute"]);
    expect(data.matches).toEqual([
      { tag: "cute", count: 40 },
      { tag: "cute-feet", count: 2 },
      { tag: "cuteness", count: null },
    ]);
    expect(data.matchesCut).toBe(false);
    const many = {
      ...files,
      allTags: { ...files.allTags, tags: Array.from({ length: 150 }, (_, i) => `t${i}`) },
    };
    const cut = tagIndex(many, view({ search: "t" }), "/tags?q=t");
    expect(cut.matches).toHaveLength(TAG_MATCHES_SHOWN);
    expect(cut.matchesCut).toBe(true);
  });
});
