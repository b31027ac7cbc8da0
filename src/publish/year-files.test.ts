import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../tests/helpers/fixtures.ts";
import { publishTwice, readPublished, testPublishContext } from "../../tests/helpers/publish.ts";
import { score } from "../rules/formulas/score.ts";
import { RANKING_GENDERS } from "../stats/rankings/vocabulary.ts";
import { schemaForPath } from "./file-schemas.ts";
import { yearIndexPath, yearRankingPath } from "./paths.ts";
import { rankedFileSchema, yearIndexSchema } from "./ranking-schemas.ts";
import { publishYearRankings } from "./year-files.ts";

// The year's last day: its lists are written then, over 2025-01-01..12-31 (the week: 12-25..31).
const DAY = "2025-12-31";

describe("a year's top performers", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.db;
    const ann = await insertPerformer(db, { username: "ann", gender: "f" });
    // The year before: not in the year's figures.
    await insertPerformerDay(db, {
      performerId: ann,
      day: "2024-12-30",
      followers: 900,
      followerGain: 50,
      peakViewers: 9000,
      bestRank: 1,
      tags: ["old"],
    });
    await insertPerformerDay(db, {
      performerId: ann,
      day: "2025-01-02",
      followers: 1000,
      followerGain: 100,
      peakViewers: 500,
      bestRank: 40,
      tags: ["asian", "cute"],
    });
    await insertPerformerDay(db, {
      performerId: ann,
      day: DAY,
      followers: 1100,
      followerGain: 100,
      peakViewers: 300,
      bestRank: 70,
      tags: ["cute"],
    });
    // After the day: not read.
    await insertPerformerDay(db, { performerId: ann, day: "2026-01-05", followers: 5000, peakViewers: 9999 });
    const bob = await insertPerformer(db, { username: "bob", gender: "m" });
    await insertPerformerDay(db, {
      performerId: bob,
      day: "2025-01-03",
      followers: 50_000,
      followerGain: 10,
      peakViewers: 2000,
      bestRank: 2,
      tags: ["cute"],
    });
    const gus = await insertPerformer(db, { username: "gus", gender: "t" });
    await insertPerformerDay(db, {
      performerId: gus,
      day: "2025-01-02",
      followers: 100,
      peakViewers: 100,
      tags: ["asian"],
    });
    const fay = await insertPerformer(db, { username: "fay", gender: "f" });
    await insertPerformerDay(db, {
      performerId: fay,
      day: "2025-01-03",
      followers: 10,
      peakViewers: 10,
      tags: ["a b", "cute"],
    });
    // Only the year before, opted out, excluded, and first seen after the day: in no list.
    const cat = await insertPerformer(db, { username: "cat", gender: "f" });
    await insertPerformerDay(db, {
      performerId: cat,
      day: "2024-12-31",
      followers: 800,
      peakViewers: 800,
      tags: ["cute"],
    });
    const dee = await insertPerformer(db, { username: "dee", gender: "f" });
    await insertPerformerDay(db, {
      performerId: dee,
      day: "2025-01-03",
      followers: 9000,
      peakViewers: 9000,
      tags: ["cute"],
    });
    await confirmOptout(db, "dee");
    const xavier = await insertPerformer(db, { username: "xavier", gender: "t" });
    await insertPerformerDay(db, {
      performerId: xavier,
      day: DAY,
      followers: 9000,
      peakViewers: 9000,
      tags: ["asian"],
    });
    const eve = await insertPerformer(db, { username: "eve", gender: "f" });
    await insertPerformerDay(db, {
      performerId: eve,
      day: "2026-01-05",
      followers: 9000,
      peakViewers: 9000,
      tags: ["cute"],
    });
  });
  afterAll(() => t.drop());

  it("writes nothing on any other day: a year's lists are written once it is over", async () => {
    const context = await testPublishContext(t.db, { excludedUsername: "xavier", tagMinPerformers: 2 });
    try {
      expect(await publishYearRankings(context, "2025-12-30")).toEqual([]);
      expect(await publishYearRankings(context, "2026-01-01")).toEqual([]);
      expect(await readPublished(context, yearIndexPath("2025")).catch(() => null)).toBeNull();
    } finally {
      await context.remove();
    }
  });

  it("ranks the year from January 1st to December 31st by score, pr null, with the index; same bytes twice", async () => {
    const context = await testPublishContext(t.db, { excludedUsername: "xavier", tagMinPerformers: 2 });
    try {
      const { first, second } = await publishTwice(publishYearRankings, context, DAY);
      expect(first.map((f) => f.urlPath).sort()).toEqual(
        [
          ...RANKING_GENDERS.map((g) => yearRankingPath("2025", g)),
          "/stats/2025/tag-asian-most-popular.json",
          "/stats/2025/tag-cute-most-popular.json",
          "/stats/2025/women_tag-cute-most-popular.json",
          "/stats/2025/index.json",
        ].sort(),
      );
      expect(second).toEqual(first.map((f) => ({ ...f, changed: false })));
      for (const { urlPath } of first) {
        const schema = schemaForPath(urlPath);
        expect(schema, urlPath).toBeDefined();
        expect(schema?.safeParse(await readPublished(context, urlPath)).success, urlPath).toBe(true);
      }

      // The first day with data in the year, not January 1st.
      expect(yearIndexSchema.parse(await readPublished(context, yearIndexPath("2025")))).toEqual({
        year: "2025",
        from: "2025-01-02",
        to: DAY,
        lists: { all: ["asian", "cute"], couples: [], women: ["cute"], men: [], trans: [] },
      });

      const all = rankedFileSchema.parse(await readPublished(context, yearRankingPath("2025", "all")));
      expect(all.map((r) => [r.u, r.rank, r.pr])).toEqual([
        ["bob", 1, null],
        ["ann", 2, null],
        ["gus", 3, null],
        ["fay", 4, null],
      ]);
      // The year's figures; fg the 7 days ending with the day (January's gain is not in it).
      const details = { broadcasts: 2, best_rank: 40, most_viewers: 500, camTime: 120, f: 1100, fg: 100 };
      expect(all[1]).toEqual({
        u: "ann",
        rank: 2,
        pr: null,
        score: score(details),
        score_details: details,
        max_u: 500,
        f: 1100,
        fg: 100,
        t: ["cute"],
      });
      const women = rankedFileSchema.parse(
        await readPublished(context, yearRankingPath("2025", "women", "cute")),
      );
      expect(women.map((r) => r.u)).toEqual(["ann", "fay"]);
      const asian = rankedFileSchema.parse(
        await readPublished(context, yearRankingPath("2025", "all", "asian")),
      );
      expect(asian.map((r) => r.u)).toEqual(["ann", "gus"]);
    } finally {
      await context.remove();
    }
  });

  it("gives a tag its lists by the gender's count in the year", async () => {
    const context = await testPublishContext(t.db, { excludedUsername: "xavier", tagMinPerformers: 3 });
    try {
      await publishYearRankings(context, DAY);
      const index = yearIndexSchema.parse(await readPublished(context, yearIndexPath("2025")));
      expect(index.lists).toEqual({ all: ["cute"], couples: [], women: [], men: [], trans: [] });
    } finally {
      await context.remove();
    }
  });
});
