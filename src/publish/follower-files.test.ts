import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../tests/helpers/fixtures.ts";
import { publishTwice, readPublished, testPublishContext } from "../../tests/helpers/publish.ts";
import { RANKING_GENDERS } from "../stats/rankings/vocabulary.ts";
import { publishFollowerRankings } from "./follower-files.ts";
import {
  datedTagFollowerGainPath,
  datedTagFollowersPath,
  followerIndexPath,
  userFollowerGainPath,
  userFollowersPath,
} from "./paths.ts";
import { followerIndexSchema, rankedFileSchema } from "./ranking-schemas.ts";

const DAY = "2026-11-20";

/** The figures of a list that these tests pin: name, rank, previous rank, followers, week's gain. */
const brief = (json: unknown) =>
  rankedFileSchema.parse(json).map(({ u, rank, pr, f, fg }) => ({ u, rank, pr, f, fg }));

describe("dated most followed and fastest rising tag lists", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.db;
    // The day's window is 2026-10-22..11-20 (week 11-14..11-20); the day before's 10-21..11-19.
    const ann = await insertPerformer(db, { username: "ann", gender: "f" });
    await insertPerformerDay(db, {
      performerId: ann,
      day: "2026-11-19",
      followers: 1000,
      followerGain: 100,
      tags: ["cute"],
    });
    await insertPerformerDay(db, {
      performerId: ann,
      day: DAY,
      followers: 1200,
      followerGain: 200,
      tags: ["asian", "cute"],
    });
    const bob = await insertPerformer(db, { username: "bob", gender: "m" });
    await insertPerformerDay(db, {
      performerId: bob,
      day: "2026-11-10",
      followers: 5000,
      followerGain: 0,
      tags: ["asian", "cute"],
    });
    const cat = await insertPerformer(db, { username: "cat", gender: "c" });
    await insertPerformerDay(db, {
      performerId: cat,
      day: DAY,
      followers: 300,
      followerGain: 300,
      tags: ["a b", "cute"],
    });
    // Only in the day before's window: takes a place in the previous asian lists, not in the day's.
    const eve = await insertPerformer(db, { username: "eve", gender: "t" });
    await insertPerformerDay(db, { performerId: eve, day: "2026-10-21", followers: 7000, tags: ["asian"] });
    // "a b" is used by two performers but cannot name a file; solo by one.
    const fay = await insertPerformer(db, { username: "fay", gender: "f" });
    await insertPerformerDay(db, {
      performerId: fay,
      day: "2026-11-15",
      followers: 50,
      followerGain: 5,
      tags: ["a b", "solo"],
    });
    // Opted out and excluded: neither counts towards a tag nor enters a list.
    const dee = await insertPerformer(db, { username: "dee", gender: "f" });
    await insertPerformerDay(db, {
      performerId: dee,
      day: DAY,
      followers: 9000,
      followerGain: 900,
      tags: ["asian", "cute"],
    });
    await confirmOptout(db, "dee");
    const xavier = await insertPerformer(db, { username: "xavier", gender: "f" });
    await insertPerformerDay(db, { performerId: xavier, day: DAY, followers: 100_000, tags: ["solo"] });
    // 101 performers with one tag: its lists stop at 100.
    await sql`
      WITH p AS (
        INSERT INTO performers (username, display_name, gender, tags, first_seen, last_seen)
        SELECT 'many' || lpad(i::text, 3, '0'), 'many', 'f', '{}', now(), now() FROM generate_series(1, 101) i
        RETURNING performer_id, username
      )
      INSERT INTO performer_days (performer_id, day, followers, follower_gain, minutes_online, stream_count, tags, seen_in_public)
      SELECT performer_id, ${DAY}::date, substr(username, 5)::integer, 0, 60, 1, '{many}', false FROM p`.execute(
      db,
    );
  });
  afterAll(() => t.drop());

  it("writes a list pair per tag used by tagMinPerformers performers, pr from the day before, and the index", async () => {
    const context = await testPublishContext(t.db, { excludedUsername: "xavier", tagMinPerformers: 2 });
    try {
      const { first, second } = await publishTwice(publishFollowerRankings, context, DAY);
      const tagged = ["asian", "cute", "many"].flatMap((tag) => [
        datedTagFollowersPath(DAY, tag),
        datedTagFollowerGainPath(DAY, tag),
      ]);
      expect(first.map((f) => f.urlPath).sort()).toEqual(
        [
          ...RANKING_GENDERS.flatMap((g) => [userFollowersPath(DAY, g), userFollowerGainPath(DAY, g)]),
          ...tagged,
          followerIndexPath(DAY),
        ].sort(),
      );
      expect(second).toEqual(first.map((f) => ({ ...f, changed: false })));

      const index = await readPublished(context, followerIndexPath(DAY));
      expect(followerIndexSchema.parse(index)).toEqual({ day: DAY, tags: ["asian", "cute", "many"] });

      expect(brief(await readPublished(context, datedTagFollowersPath(DAY, "cute")))).toEqual([
        { u: "bob", rank: 1, pr: 1, f: 5000, fg: 0 },
        { u: "ann", rank: 2, pr: 2, f: 1200, fg: 300 },
        { u: "cat", rank: 3, pr: null, f: 300, fg: 300 },
      ]);
      // Equal gains: more followers first.
      expect(brief(await readPublished(context, datedTagFollowerGainPath(DAY, "cute")))).toEqual([
        { u: "ann", rank: 1, pr: 1, f: 1200, fg: 300 },
        { u: "cat", rank: 2, pr: null, f: 300, fg: 300 },
        { u: "bob", rank: 3, pr: 2, f: 5000, fg: 0 },
      ]);
      // The day before, eve led asian and ann had not used it yet.
      expect(brief(await readPublished(context, datedTagFollowersPath(DAY, "asian")))).toEqual([
        { u: "bob", rank: 1, pr: 2, f: 5000, fg: 0 },
        { u: "ann", rank: 2, pr: null, f: 1200, fg: 300 },
      ]);
      expect(brief(await readPublished(context, datedTagFollowerGainPath(DAY, "asian")))).toEqual([
        { u: "ann", rank: 1, pr: null, f: 1200, fg: 300 },
        { u: "bob", rank: 2, pr: 2, f: 5000, fg: 0 },
      ]);
      const many = brief(await readPublished(context, datedTagFollowersPath(DAY, "many")));
      expect(many).toHaveLength(100);
      expect([many[0]?.u, many[99]?.u]).toEqual(["many101", "many002"]);
      // The whole row, as every ranked list has it: the latest tags, score and its details.
      const [annRow] = rankedFileSchema
        .parse(await readPublished(context, datedTagFollowerGainPath(DAY, "cute")))
        .filter((r) => r.u === "ann");
      expect(annRow).toMatchObject({
        t: ["asian", "cute"],
        max_u: 0,
        score_details: { broadcasts: 2, best_rank: null, most_viewers: 0, camTime: 120, f: 1200, fg: 300 },
      });
    } finally {
      await context.remove();
    }
  });

  it("needs tagMinPerformers performers of every gender for a tag's lists", async () => {
    const context = await testPublishContext(t.db, { excludedUsername: "xavier", tagMinPerformers: 3 });
    try {
      const files = await publishFollowerRankings(context, DAY);
      expect(followerIndexSchema.parse(await readPublished(context, followerIndexPath(DAY)))).toEqual({
        day: DAY,
        tags: ["cute", "many"],
      });
      expect(files.map((f) => f.urlPath)).not.toContain(datedTagFollowersPath(DAY, "asian"));
    } finally {
      await context.remove();
    }
  });
});
