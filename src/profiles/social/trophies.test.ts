import { describe, expect, it } from "vitest";
import { RANK_BADGES, rankBadge, VIEWER_BADGES, viewerBadge } from "../../rules/formulas/badges.ts";
import { bestSlugs, earnedSlugs, TROPHIES, trophyOf } from "./trophies.ts";

describe("the trophies", () => {
  it("are SPEC §9's rank and viewer badges, by the formulas' own names, with address slugs", () => {
    expect(TROPHIES.length).toBe(RANK_BADGES.length + VIEWER_BADGES.length);
    expect(TROPHIES.map((t) => t.slug)).toEqual([
      "top-1",
      "top-2",
      "top-3",
      "top-10",
      "top-50",
      "top-100",
      "top-500",
      "top-1000",
      "top-5000",
      "ethereal-ghost",
      "hidden-gem",
      "rising-star",
      "paparazzi",
      "big-league",
      "unicorn",
      "the-establishment",
      "mountain-top",
      "royal",
    ]);
    for (const t of TROPHIES)
      expect(t.name).toBe(t.kind === "rank" ? rankBadge(t.threshold) : viewerBadge(t.threshold));
    expect(trophyOf("unicorn")?.name).toBe("Unicorn");
    for (const slug of ["Unicorn", "top-4", "", "__proto__", "constructor"])
      expect(trophyOf(slug)).toBeNull();
  });

  it("are earned by the records: every rank step at or above the best rank, every viewer step reached", () => {
    expect(earnedSlugs({ bestRank: 10, peakViewers: 99 })).toEqual([
      "top-10",
      "top-50",
      "top-100",
      "top-500",
      "top-1000",
      "top-5000",
      "ethereal-ghost",
    ]);
    expect(earnedSlugs({ bestRank: 5001, peakViewers: 20_000 })).toEqual([
      "ethereal-ghost",
      "hidden-gem",
      "rising-star",
      "paparazzi",
      "big-league",
      "unicorn",
      "the-establishment",
      "mountain-top",
      "royal",
    ]);
    expect(earnedSlugs({ bestRank: null, peakViewers: null })).toEqual([]);
    expect(earnedSlugs({ bestRank: 1, peakViewers: 0 })).toContain("top-1");
  });

  it("put forward the narrowest rank and the highest viewer trophy, as the performer page's badges", () => {
    expect(bestSlugs({ bestRank: 4, peakViewers: 5_200 })).toEqual(["top-10", "unicorn"]);
    expect(bestSlugs({ bestRank: null, peakViewers: 150 })).toEqual(["hidden-gem"]);
    expect(bestSlugs({ bestRank: null, peakViewers: null })).toEqual([]);
  });
});
