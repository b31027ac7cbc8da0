import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../tests/helpers/fixtures.ts";
import { publishTwice, readPublished, testPublishContext } from "../../tests/helpers/publish.ts";
import { celebrationsFileSchema, publishCelebrations } from "./celebrations.ts";
import { EXTRA_PATHS } from "./paths.ts";

const DAY = "2026-11-20";

describe("celebrations file", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.db;
    const ann = await insertPerformer(db, { username: "ann" });
    await insertPerformerDay(db, {
      performerId: ann,
      day: "2026-11-10",
      followers: 900,
      peakViewers: 800,
      bestRank: 12,
    });
    await insertPerformerDay(db, {
      performerId: ann,
      day: "2026-11-15",
      followers: 2100,
      peakViewers: 1200,
      bestRank: 8,
    });
    // A dip and a recovery past 2,000 again: celebrated once, on the 15th.
    await insertPerformerDay(db, { performerId: ann, day: "2026-11-16", followers: 1990, peakViewers: 900 });
    await insertPerformerDay(db, { performerId: ann, day: "2026-11-17", followers: 2050, peakViewers: 1100 });
    // Top 10 again is no better badge.
    await insertPerformerDay(db, { performerId: ann, day: DAY, followers: 2060, bestRank: 9 });
    // After the day: ignored.
    await insertPerformerDay(db, { performerId: ann, day: "2026-11-21", followers: 6000, bestRank: 1 });

    // First seen on the day: the highest milestone only, and the badge its rank earns.
    const bob = await insertPerformer(db, { username: "bob", gender: "m" });
    await insertPerformerDay(db, {
      performerId: bob,
      day: DAY,
      followers: 30_000,
      peakViewers: 600,
      bestRank: 3,
    });
    const hal = await insertPerformer(db, { username: "hal" });
    await insertPerformerDay(db, {
      performerId: hal,
      day: DAY,
      followers: 1500,
      peakViewers: 2500,
      bestRank: 40,
    });

    // The first day of the window counts; the day before it does not.
    const cat = await insertPerformer(db, { username: "cat" });
    await insertPerformerDay(db, { performerId: cat, day: "2026-11-13", followers: 4000 });
    await insertPerformerDay(db, { performerId: cat, day: "2026-11-14", followers: 5000 });

    // Not public on the day (no peak), and a rank beyond the last badge.
    const gus = await insertPerformer(db, { username: "gus" });
    await insertPerformerDay(db, { performerId: gus, day: "2026-11-01", peakViewers: 100, bestRank: 6000 });
    await insertPerformerDay(db, { performerId: gus, day: "2026-11-18", followers: null, bestRank: 5001 });

    const dee = await insertPerformer(db, { username: "dee" });
    await insertPerformerDay(db, {
      performerId: dee,
      day: DAY,
      followers: 50_000,
      peakViewers: 9000,
      bestRank: 1,
    });
    await confirmOptout(db, "dee");
    const xavier = await insertPerformer(db, { username: "xavier" });
    await insertPerformerDay(db, { performerId: xavier, day: "2026-11-19", followers: 1000 });
  });
  afterAll(() => t.drop());

  const expected = {
    day: DAY,
    from: "2026-11-14",
    celebrations: [
      { day: DAY, username: "bob", kind: "followers", value: 20_000 },
      { day: DAY, username: "hal", kind: "followers", value: 1_000 },
      { day: DAY, username: "bob", kind: "rank", value: 3, badge: "Top 3" },
      { day: DAY, username: "hal", kind: "rank", value: 50, badge: "Top 50" },
      { day: DAY, username: "hal", kind: "viewers", value: 2_000 },
      { day: "2026-11-15", username: "ann", kind: "followers", value: 2_000 },
      { day: "2026-11-15", username: "ann", kind: "followers", value: 1_000 },
      { day: "2026-11-15", username: "ann", kind: "rank", value: 10, badge: "Top 10" },
      { day: "2026-11-15", username: "ann", kind: "viewers", value: 1_000 },
      { day: "2026-11-14", username: "cat", kind: "followers", value: 5_000 },
    ],
  };

  it("lists the week's milestones and badges, without opted-out or excluded performers", async () => {
    const context = await testPublishContext(t.db, { excludedUsername: "xavier" });
    try {
      const { first, second } = await publishTwice(publishCelebrations, context, DAY);
      expect(first).toHaveLength(1);
      expect(first[0]?.urlPath).toBe("/api/celebrations.json");
      expect(second).toEqual([{ ...first[0], changed: false }]);
      const json = await readPublished(context, EXTRA_PATHS.celebrations);
      expect(celebrationsFileSchema.parse(json)).toEqual(json);
      expect(json).toEqual(expected);
    } finally {
      await context.remove();
    }
  });

  it("leaves out only the configured excluded username", async () => {
    const context = await testPublishContext(t.db, { excludedUsername: undefined });
    try {
      await publishCelebrations(context, DAY);
      const json = celebrationsFileSchema.parse(await readPublished(context, EXTRA_PATHS.celebrations));
      expect(json.celebrations.filter((c) => c.username === "xavier" || c.username === "dee")).toEqual([
        { day: "2026-11-19", username: "xavier", kind: "followers", value: 1_000 },
      ]);
    } finally {
      await context.remove();
    }
  });
});
