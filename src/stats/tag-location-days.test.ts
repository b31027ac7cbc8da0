import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../tests/helpers/fixtures.ts";
import { rollupLocationDays } from "./location-days.ts";
import { rollupTagDays } from "./tag-days.ts";

const DAY = "2026-11-18";

describe("tag_days and location_days", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const ann = await insertPerformer(t.db, { username: "ann", gender: "f", country: "CO" });
    const bea = await insertPerformer(t.db, { username: "bea", gender: "f", country: "CO" });
    const cal = await insertPerformer(t.db, { username: "cal", gender: "m", country: "US" });
    const dee = await insertPerformer(t.db, { username: "dee", gender: null, country: null });
    const gone = await insertPerformer(t.db, { username: "gone", gender: "f", country: "CO" });
    await insertPerformerDay(t.db, {
      performerId: ann,
      day: DAY,
      peakViewers: 100,
      followers: 1000,
      followerGain: 10,
      minutesOnline: 90,
      tags: ["asian", "cute"],
    });
    await insertPerformerDay(t.db, {
      performerId: bea,
      day: DAY,
      peakViewers: null,
      followers: 500,
      followerGain: null,
      minutesOnline: 30,
      tags: ["cute"],
    });
    await insertPerformerDay(t.db, {
      performerId: cal,
      day: DAY,
      peakViewers: 7,
      followers: 20,
      followerGain: -1,
      minutesOnline: 15,
      tags: ["cute"],
    });
    await insertPerformerDay(t.db, {
      performerId: dee,
      day: DAY,
      peakViewers: 3,
      followers: 4,
      tags: ["cute"],
    });
    await insertPerformerDay(t.db, {
      performerId: gone,
      day: DAY,
      peakViewers: 999,
      followers: 9,
      tags: ["cute"],
    });
    // Another day must be left alone.
    await insertPerformerDay(t.db, { performerId: ann, day: "2026-11-17", peakViewers: 1, tags: ["cute"] });
    await confirmOptout(t.db, "gone");
    await rollupTagDays(t.db, "2026-11-17");
    await rollupLocationDays(t.db, "2026-11-17");
  });
  afterAll(() => t.drop());

  const tagRows = async () =>
    (
      await sql`SELECT tag, gender, performers, viewers_sum, followers_sum, follower_gain_sum, minutes_online
        FROM tag_days WHERE day = ${DAY}::date ORDER BY tag, gender`.execute(t.db)
    ).rows;
  const locationRows = async () =>
    (
      await sql`SELECT country, gender, performers, viewers_sum, followers_sum, minutes_online
        FROM location_days WHERE day = ${DAY}::date ORDER BY country, gender`.execute(t.db)
    ).rows;

  it("sums each tag per gender, unknown gender as 'u', opted-out performers left out", async () => {
    expect(await rollupTagDays(t.db, DAY)).toBe(4);
    expect(await tagRows()).toEqual([
      {
        tag: "asian",
        gender: "f",
        performers: 1,
        viewers_sum: 100,
        followers_sum: 1000,
        follower_gain_sum: 10,
        minutes_online: 90,
      },
      {
        tag: "cute",
        gender: "f",
        performers: 2,
        viewers_sum: 100,
        followers_sum: 1500,
        follower_gain_sum: 10,
        minutes_online: 120,
      },
      {
        tag: "cute",
        gender: "m",
        performers: 1,
        viewers_sum: 7,
        followers_sum: 20,
        follower_gain_sum: -1,
        minutes_online: 15,
      },
      {
        tag: "cute",
        gender: "u",
        performers: 1,
        viewers_sum: 3,
        followers_sum: 4,
        follower_gain_sum: 0,
        minutes_online: 60,
      },
    ]);
  });

  it("sums each country per gender; performers without a country are not placed", async () => {
    expect(await rollupLocationDays(t.db, DAY)).toBe(2);
    expect(await locationRows()).toEqual([
      {
        country: "CO",
        gender: "f",
        performers: 2,
        viewers_sum: 100,
        followers_sum: 1500,
        minutes_online: 120,
      },
      { country: "US", gender: "m", performers: 1, viewers_sum: 7, followers_sum: 20, minutes_online: 15 },
    ]);
  });

  it("replaces the day whole when rolled up again, leaving other days alone", async () => {
    const tags = await tagRows();
    const locations = await locationRows();
    await rollupTagDays(t.db, DAY);
    await rollupLocationDays(t.db, DAY);
    expect(await tagRows()).toEqual(tags);
    expect(await locationRows()).toEqual(locations);
    const { rows } = await sql`SELECT COUNT(*)::int AS n FROM tag_days WHERE day = '2026-11-17'`.execute(
      t.db,
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
