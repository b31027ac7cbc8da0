import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../tests/helpers/fixtures.ts";
import { publishTwice, readPublished, testPublishContext } from "../../tests/helpers/publish.ts";
import { supportersPath } from "./paths.ts";
import { supporterFileSchema } from "./ranking-schemas.ts";
import { publishSupporterRankings } from "./supporter-files.ts";

const DAY = "2026-11-20";
const BEFORE = "2026-11-19";
const CROWDED = "2026-11-25";

describe("supporter rankings", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.db;
    const day = async (
      username: string,
      days: { day: string; gain: number | null; minutes?: number; followers?: number; tags?: string[] }[],
    ) => {
      const performerId = await insertPerformer(db, { username });
      for (const d of days)
        await insertPerformerDay(db, {
          performerId,
          day: d.day,
          followerGain: d.gain,
          minutesOnline: d.minutes ?? 60,
          followers: d.followers ?? 100,
          tags: d.tags ?? [],
        });
    };
    await day("ann", [
      { day: "2026-11-13", gain: 100 }, // a day before the week: not in fg
      { day: "2026-11-14", gain: 5 },
      { day: BEFORE, gain: 10, minutes: 60, followers: 500 },
      { day: DAY, gain: 30, minutes: 180, followers: 530, tags: ["cute"] },
    ]);
    // As many as ann, more followers: first by gained; half an hour online counts as one.
    await day("bob", [{ day: DAY, gain: 30, minutes: 30, followers: 2000 }]);
    // A 5-minute stream: 20 an hour, not 240.
    await day("cat", [{ day: DAY, gain: 20, minutes: 5, followers: 100 }]);
    await day("hal", [{ day: DAY, gain: 20, minutes: 120, followers: 100 }]);
    await day("gus", [
      { day: BEFORE, gain: 50, minutes: 60, followers: 900 },
      { day: DAY, gain: 1, minutes: 600, followers: 901 },
    ]);
    // No gain, a loss, no earlier day (gain unknown): no supporters won.
    await day("dan", [{ day: DAY, gain: 0 }]);
    await day("eve", [{ day: DAY, gain: -5 }]);
    await day("fay", [{ day: DAY, gain: null }]);
    await day("dee", [{ day: DAY, gain: 100 }]);
    await confirmOptout(db, "dee");
    await day("xavier", [
      { day: BEFORE, gain: 400 },
      { day: DAY, gain: 500 },
    ]);
    // 101 performers who all won followers: a list stops at 100.
    await sql`
      WITH p AS (
        INSERT INTO performers (username, display_name, gender, tags, first_seen, last_seen)
        SELECT 'many' || lpad(i::text, 3, '0'), 'many', 'f', '{}', now(), now() FROM generate_series(1, 101) i
        RETURNING performer_id, username
      )
      INSERT INTO performer_days (performer_id, day, followers, follower_gain, minutes_online, stream_count, tags, seen_in_public)
      SELECT performer_id, ${CROWDED}::date, 1000, substr(username, 5)::integer, 60, 1, '{}', false FROM p`.execute(
      db,
    );
  });
  afterAll(() => t.drop());

  const brief = (json: unknown) =>
    supporterFileSchema
      .parse(json)
      .map(({ u, rank, pr, gained, per_hour }) => ({ u, rank, pr, gained, per_hour }));

  it("ranks the day's new followers in both orders, pr from the day before, same bytes twice", async () => {
    const context = await testPublishContext(t.db, { excludedUsername: "xavier" });
    try {
      const { first, second } = await publishTwice(publishSupporterRankings, context, DAY);
      expect(first.map((f) => f.urlPath)).toEqual([
        "/stats/2026-11-20/supporters-gained.json",
        "/stats/2026-11-20/supporters-per-hour.json",
      ]);
      expect(second).toEqual(first.map((f) => ({ ...f, changed: false })));

      const gained = await readPublished(context, supportersPath(DAY, "gained"));
      expect(brief(gained)).toEqual([
        { u: "bob", rank: 1, pr: null, gained: 30, per_hour: 30 },
        { u: "ann", rank: 2, pr: 2, gained: 30, per_hour: 10 },
        { u: "cat", rank: 3, pr: null, gained: 20, per_hour: 20 },
        { u: "hal", rank: 4, pr: null, gained: 20, per_hour: 10 },
        { u: "gus", rank: 5, pr: 1, gained: 1, per_hour: 0.1 },
      ]);
      expect(supporterFileSchema.parse(gained)[1]).toEqual({
        u: "ann",
        rank: 2,
        pr: 2,
        gained: 30,
        per_hour: 10,
        minutes: 180,
        f: 530,
        fg: 45,
        t: ["cute"],
      });
      expect(brief(await readPublished(context, supportersPath(DAY, "per-hour")))).toEqual([
        { u: "bob", rank: 1, pr: null, gained: 30, per_hour: 30 },
        { u: "cat", rank: 2, pr: null, gained: 20, per_hour: 20 },
        { u: "ann", rank: 3, pr: 2, gained: 30, per_hour: 10 },
        { u: "hal", rank: 4, pr: null, gained: 20, per_hour: 10 },
        { u: "gus", rank: 5, pr: 1, gained: 1, per_hour: 0.1 },
      ]);
    } finally {
      await context.remove();
    }
  });

  it("leaves out only the configured excluded username, from the day before's list too", async () => {
    const context = await testPublishContext(t.db, { excludedUsername: undefined });
    try {
      await publishSupporterRankings(context, DAY);
      const rows = brief(await readPublished(context, supportersPath(DAY, "gained")));
      expect(rows.map((r) => r.u)).toEqual(["xavier", "bob", "ann", "cat", "hal", "gus"]);
      expect(rows.find((r) => r.u === "gus")?.pr).toBe(2);
    } finally {
      await context.remove();
    }
  });

  it("holds 100 rows at most", async () => {
    const context = await testPublishContext(t.db);
    try {
      await publishSupporterRankings(context, CROWDED);
      const rows = brief(await readPublished(context, supportersPath(CROWDED, "per-hour")));
      expect(rows).toHaveLength(100);
      expect([rows[0], rows[99]]).toEqual([
        { u: "many101", rank: 1, pr: null, gained: 101, per_hour: 101 },
        { u: "many002", rank: 100, pr: null, gained: 2, per_hour: 2 },
      ]);
    } finally {
      await context.remove();
    }
  });
});
