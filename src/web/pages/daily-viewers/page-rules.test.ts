import { describe, expect, it } from "vitest";
import { coverImagePath } from "../../lib/daily-viewers/cover.ts";
import { tagCloud } from "../../lib/daily-viewers/tag-cloud.ts";
import {
  HIGHLIGHT_MIN_LENGTH,
  highlightParts,
  matchTags,
  normalizeQuery,
  pickTag,
} from "../../lib/daily-viewers/tag-match.ts";
import { COLLAPSED_ROWS, EXPANDED_ROWS, topLive, visibleRows } from "./visible-rows.ts";

describe("coverImagePath (SPEC §4)", () => {
  it("shows a tag's cover with all or women only", () => {
    expect(coverImagePath("cs", "all", "asian")).toBe("/images/top/cs_top_asian.jpg");
    expect(coverImagePath("cs", "women", "asian")).toBe("/images/top/cs_top_asian.jpg");
    expect(coverImagePath("cs", "couples", "asian")).toBeNull();
    expect(coverImagePath("cs", "men", "asian")).toBeNull();
    expect(coverImagePath("cs", "trans", "asian")).toBeNull();
  });

  it("shows the gender's cover without a tag, except for trans", () => {
    expect(coverImagePath("cs", "all", null)).toBe("/images/top/cs_top_all.jpg");
    expect(coverImagePath("cs", "women", null)).toBe("/images/top/cs_top_women.jpg");
    expect(coverImagePath("cs", "couples", null)).toBe("/images/top/cs_top_couples.jpg");
    expect(coverImagePath("cs", "men", null)).toBe("/images/top/cs_top_men.jpg");
    expect(coverImagePath("cs", "trans", null)).toBeNull();
  });
});

describe("tagCloud (SPEC §9)", () => {
  it("sizes tags linearly from 25 to 80 by count, in alphabetical order", () => {
    const cloud = tagCloud([
      { tag: "teen", count: 10 },
      { tag: "asian", count: 120 },
      { tag: "latina", count: 65 },
    ]);
    expect(cloud).toEqual([
      { tag: "asian", count: 120, size: 80 },
      { tag: "latina", count: 65, size: 53 },
      { tag: "teen", count: 10, size: 25 },
    ]);
  });

  it("keeps the 200 most used tags", () => {
    const tags = Array.from({ length: 250 }, (_, i) => ({
      tag: `t${String(i).padStart(3, "0")}`,
      count: i + 1,
    }));
    const cloud = tagCloud(tags);
    expect(cloud).toHaveLength(200);
    expect(cloud.some((t) => t.tag === "t049")).toBe(false);
    expect(cloud.find((t) => t.tag === "t050")?.size).toBe(25);
    expect(cloud.find((t) => t.tag === "t249")?.size).toBe(80);
  });

  it("gives equal counts the smallest size, and an empty list nothing", () => {
    expect(
      tagCloud([
        { tag: "a", count: 3 },
        { tag: "b", count: 3 },
      ]).map((t) => t.size),
    ).toEqual([25, 25]);
    expect(tagCloud([])).toEqual([]);
  });
});

describe("the tag picker's matching (SPEC §5)", () => {
  const tags = ["asian", "bigass", "caucasian", "lovense", "squirt"];

  it("matches case-insensitively, those starting with the text first", () => {
    expect(matchTags(tags, "AS")).toEqual(["asian", "bigass", "caucasian"]);
    expect(matchTags(tags, "#Asi")).toEqual(["asian", "caucasian"]);
    expect(matchTags(tags, "")).toEqual(tags);
    expect(matchTags(tags, "zzz")).toEqual([]);
    expect(matchTags(tags, "s", 2)).toHaveLength(2);
  });

  it("highlights matches only from 2 characters", () => {
    expect(HIGHLIGHT_MIN_LENGTH).toBe(2);
    expect(highlightParts("caucasian", "a")).toEqual([{ text: "caucasian", match: false }]);
    expect(highlightParts("caucasian", "AS")).toEqual([
      { text: "cauc", match: false },
      { text: "as", match: true },
      { text: "ian", match: false },
    ]);
    expect(highlightParts("asian", "asian")).toEqual([{ text: "asian", match: true }]);
  });

  it("picks the exact tag, else the first match", () => {
    expect(pickTag(tags, "Asian")).toBe("asian");
    expect(pickTag(tags, "ass")).toBe("bigass");
    expect(pickTag(tags, "nothing")).toBeNull();
    expect(pickTag(tags, "  ")).toBeNull();
    expect(normalizeQuery("  ##Lovense ")).toBe("lovense");
  });
});

describe("visibleRows (SPEC §4, §9)", () => {
  const rows = Array.from({ length: 100 }, (_, i) => ({ u: `p${i + 1}` }));
  const live = new Set(["p2", "p60", "p99"]);

  it("shows 50 rows collapsed and 100 expanded", () => {
    expect(visibleRows(rows, { expanded: false, liveOnly: false }, live)).toHaveLength(COLLAPSED_ROWS);
    expect(visibleRows(rows, { expanded: true, liveOnly: false }, live)).toHaveLength(EXPANDED_ROWS);
  });

  it("hides rows that are not live with 'Live only'", () => {
    expect(visibleRows(rows, { expanded: true, liveOnly: true }, live).map((r) => r.u)).toEqual([
      "p2",
      "p60",
      "p99",
    ]);
    expect(visibleRows(rows, { expanded: false, liveOnly: true }, live).map((r) => r.u)).toEqual(["p2"]);
  });

  it("hides nothing when nobody's live state is known", () => {
    expect(visibleRows(rows, { expanded: true, liveOnly: true }, null)).toHaveLength(100);
  });

  it("finds the highest ranked live performer for the preview", () => {
    expect(topLive(rows, live)).toEqual({ u: "p2" });
    expect(topLive(rows, new Set())).toBeNull();
    expect(topLive(rows, null)).toBeNull();
  });
});
