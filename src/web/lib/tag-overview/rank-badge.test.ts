import { describe, expect, it } from "vitest";
import type { TagMapFile } from "../../../publish/tag-explorer-schemas.ts";
import { rankBadgeText, tagRank } from "./rank-badge.ts";

const entry = (rank: number, count: number, women: number, men = 0) => ({
  rank,
  count,
  couples: 0,
  women,
  men,
  trans: 0,
});

const tagMap: TagMapFile = {
  day: "2026-11-20",
  tags: {
    cute: entry(1, 40, 10, 20),
    asian: entry(2, 30, 25),
    latina: entry(3, 20, 10),
    bbw: entry(4, 12, 12),
    muscle: entry(5, 9, 0, 9),
  },
};

describe("tagRank", () => {
  it("takes the file's rank and count for every gender", () => {
    expect(tagRank(tagMap, "latina", "all")).toEqual({ rank: 3, count: 20, day: "2026-11-20" });
  });

  it("ranks by the gender's counts for a gender, ties by tag", () => {
    expect(tagRank(tagMap, "asian", "women")).toEqual({ rank: 1, count: 25, day: "2026-11-20" });
    // bbw 12; cute and latina 10 each: cute before latina.
    expect(tagRank(tagMap, "cute", "women")).toEqual({ rank: 3, count: 10, day: "2026-11-20" });
    expect(tagRank(tagMap, "latina", "women")).toEqual({ rank: 4, count: 10, day: "2026-11-20" });
    expect(tagRank(tagMap, "muscle", "men")).toEqual({ rank: 2, count: 9, day: "2026-11-20" });
  });

  it("gives no rank to a tag the file lacks or the gender did not use", () => {
    expect(tagRank(tagMap, "feet", "all")).toBeNull();
    expect(tagRank(tagMap, "muscle", "women")).toBeNull();
  });
});

describe("rankBadgeText (SPEC §2's rank badge)", () => {
  it("reads '#{tag} is the top #{rank} most popular tag … used by {count} models most recently'", () => {
    expect(rankBadgeText("asian", "all", { rank: 2, count: 1234, day: "2026-11-20" }, "CamSandbox")).toBe(
      "#asian is the top #2 most popular tag on CamSandbox, used by 1,234 models most recently",
    );
    expect(rankBadgeText("asian", "women", { rank: 1, count: 25, day: "2026-11-20" }, "CamSandbox")).toBe(
      "#asian is the top #1 most popular tag among women, used by 25 models most recently",
    );
    expect(rankBadgeText("feet", "trans", { rank: 14, count: 1, day: "2026-11-20" }, "CamSandbox")).toBe(
      "#feet is the top #14 most popular tag among trans performers, used by 1 model most recently",
    );
  });
});
