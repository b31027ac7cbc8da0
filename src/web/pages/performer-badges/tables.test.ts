import { describe, expect, it } from "vitest";
import { RANK_BADGES, rankBadge, VIEWER_BADGES, viewerBadge } from "../../../rules/formulas/badges.ts";
import { FOLLOWER_TIERS, followerTier } from "../../../rules/formulas/follower-tiers.ts";
import type { Celebration } from "../../lib/celebrations/celebrations.ts";
import { badgeTables, EARNERS_SHOWN, followerTierRows, rankBadgeRows, viewerBadgeRows } from "./tables.ts";

describe("the performer badge tables", () => {
  it("list the SPEC's rank badges with the ranks each covers", () => {
    const rows = rankBadgeRows();
    expect(rows.map((r) => r.name)).toEqual([
      "Top 1",
      "Top 2",
      "Top 3",
      "Top 10",
      "Top 50",
      "Top 100",
      "Top 500",
      "Top 1000",
      "Top 5000",
    ]);
    expect(rows.length).toBe(RANK_BADGES.length);
    expect(rows[0]?.rule).toBe("Best rank of a day: #1");
    expect(rows[3]?.rule).toBe("Best rank of a day: #4 to #10");
    expect(rows[8]?.rule).toBe("Best rank of a day: #1,001 to #5,000");
    // Each rule's ends earn exactly that badge, as the formula computes it.
    expect(rankBadge(4)).toBe("Top 10");
    expect(rankBadge(5001)).toBeNull();
  });

  it("list the SPEC's viewer badges with their ranges", () => {
    const rows = viewerBadgeRows();
    expect(rows.map((r) => [r.name, r.rule])).toEqual([
      ["Ethereal Ghost", "Peak viewers under 100"],
      ["Hidden Gem", "Peak viewers 100 to 499"],
      ["Rising Star", "Peak viewers 500 to 999"],
      ["Paparazzi", "Peak viewers 1,000 to 1,999"],
      ["Big League", "Peak viewers 2,000 to 4,999"],
      ["Unicorn", "Peak viewers 5,000 to 9,999"],
      ["The Establishment", "Peak viewers 10,000 to 14,999"],
      ["Mountain Top", "Peak viewers 15,000 to 19,999"],
      ["Royal", "Peak viewers 20,000 or more"],
    ]);
    for (const [i, badge] of VIEWER_BADGES.entries()) {
      expect(viewerBadge(badge.from)).toBe(rows[i]?.name);
      const next = VIEWER_BADGES[i + 1];
      if (next) expect(viewerBadge(next.from - 1)).toBe(rows[i]?.name);
    }
  });

  it("list the follower tiers, 'more than' read strictly", () => {
    const rows = followerTierRows();
    expect(rows.length).toBe(FOLLOWER_TIERS.length + 1);
    expect(rows[0]).toEqual({
      name: "Just starting up - not many followers yet",
      rule: "100 followers or fewer, or not known yet",
    });
    expect(rows[1]).toEqual({ name: "more than 100 followers", rule: "101 to 500 followers" });
    expect(rows.at(-1)).toEqual({
      name: "more than 2 Million followers",
      rule: "2,000,001 followers or more",
    });
    expect(followerTier(500)).toBe(rows[1]?.name);
    expect(followerTier(501)).toBe(rows[2]?.name);
  });

  it("name recent earners by the badge their celebration earns, newest first, each once", () => {
    const celebrations: Celebration[] = [
      { day: "2026-11-18", username: "ann", kind: "rank", value: 10, badge: "Top 10" },
      { day: "2026-11-20", username: "bob", kind: "rank", value: 10, badge: "Top 10" },
      { day: "2026-11-20", username: "cat", kind: "viewers", value: 20_000 },
      { day: "2026-11-19", username: "dan", kind: "viewers", value: 1_000 },
      { day: "2026-11-18", username: "dan", kind: "viewers", value: 1_000 },
      { day: "2026-11-20", username: "eve", kind: "followers", value: 1_000 },
    ];
    const tables = badgeTables(celebrations);
    const earners = (rows: typeof tables.rank, name: string) =>
      rows.find((r) => r.name === name)?.earned.map((e) => [e.username, e.day, e.text]);
    expect(earners(tables.rank, "Top 10")).toEqual([
      ["bob", "2026-11-20", null],
      ["ann", "2026-11-18", null],
    ]);
    expect(earners(tables.rank, "Top 1")).toEqual([]);
    expect(earners(tables.viewers, "Royal")).toEqual([["cat", "2026-11-20", "reached 20,000 viewers"]]);
    expect(earners(tables.viewers, "Paparazzi")).toEqual([["dan", "2026-11-19", "reached 1,000 viewers"]]);
    expect(earners(tables.followers, "more than 500 followers")).toEqual([
      ["eve", "2026-11-20", "reached 1,000 followers"],
    ]);
  });

  it("list at most EARNERS_SHOWN earners per badge and count the rest", () => {
    const many: Celebration[] = Array.from({ length: EARNERS_SHOWN + 3 }, (_, i) => ({
      day: "2026-11-20",
      username: `p${i}`,
      kind: "rank",
      value: 1,
      badge: "Top 1",
    }));
    const top1 = badgeTables(many).rank[0];
    expect(top1?.earned.length).toBe(EARNERS_SHOWN);
    expect(top1?.more).toBe(3);
  });
});
