import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../../tests/helpers/fixtures.ts";
import { earnedSlugs } from "../../profiles/social/trophies.ts";
import { performerTrophyRecords } from "./performer-trophies.ts";

/** The social media editor's one query: a performer's records over every day, and their socials. */
describe("performerTrophyRecords", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const ann = await insertPerformer(t.db, { username: "ann" });
    // A history: the best rank and the highest peak on different days, each reached twice (the
    // first day counts), and days with neither.
    for (const [day, bestRank, peakViewers] of [
      ["2025-12-30", 600, 80],
      ["2026-01-02", 48, 2_400],
      ["2026-01-05", null, null],
      ["2026-02-10", 48, 1_900],
      ["2026-03-01", 95, 2_400],
    ] as const)
      await insertPerformerDay(t.db, { performerId: ann, day, bestRank, peakViewers });
    await insertPerformer(t.db, { username: "newbie" });
    const bea = await insertPerformer(t.db, { username: "bea" });
    await insertPerformerDay(t.db, { performerId: bea, day: "2026-01-01", peakViewers: 20_000, bestRank: 1 });
    const user = await t.db
      .insertInto("users")
      .values({ email: "bea@example.com" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO performer_owners (performer_id, user_id, verified_at) VALUES (${bea}, ${user.id}, now())`.execute(
      t.db,
    );
    const gone = await insertPerformer(t.db, { username: "gone" });
    await insertPerformerDay(t.db, { performerId: gone, day: "2026-01-01", peakViewers: 9_000, bestRank: 2 });
    await confirmOptout(t.db, "gone");
  });
  afterAll(() => t?.drop());

  it("reads the best rank and highest peak ever, each with its first day, and the exact trophies earned", async () => {
    const ann = await performerTrophyRecords(t.db, "ann");
    expect(ann).toEqual({
      username: "ann",
      bestRank: 48,
      bestRankDay: "2026-01-02",
      peakViewers: 2_400,
      peakViewersDay: "2026-01-02",
      socials: null,
    });
    expect(earnedSlugs(ann ?? { bestRank: null, peakViewers: null })).toEqual([
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
    ]);
  });

  it("answers a performer without days with no records, and a verified one with their socials", async () => {
    expect(await performerTrophyRecords(t.db, "newbie")).toMatchObject({
      bestRank: null,
      bestRankDay: null,
      peakViewers: null,
      peakViewersDay: null,
      socials: null,
    });
    // Verified but never edited: the empty socials, not null.
    expect((await performerTrophyRecords(t.db, "bea"))?.socials).toEqual({});
    await sql`INSERT INTO performer_profiles (performer_id, socials, updated_at)
      SELECT performer_id, '{"twitter": "https://x.com/bea"}'::jsonb, now() FROM performers WHERE username = 'bea'`.execute(
      t.db,
    );
    expect((await performerTrophyRecords(t.db, "bea"))?.socials).toEqual({ twitter: "https://x.com/bea" });
  });

  it("knows no name we never saw, and no one who opted out", async () => {
    expect(await performerTrophyRecords(t.db, "nobody")).toBeNull();
    expect(await performerTrophyRecords(t.db, "gone")).toBeNull();
  });
});
