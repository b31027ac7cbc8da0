import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { insertPerformer } from "../../tests/helpers/fixtures.ts";
import { backfillDayViewers } from "../db/migrations/0022-performer-day-viewers.ts";
import { rollupPerformerDays } from "./performer-days.ts";

/**
 * performer_days.avg_viewers and viewer_seconds (migration 0022): the day's sessions' averages
 * weighted by the seconds each gives the day, by the midnight rule; the migration's backfill gives
 * the same figures as the rollup.
 */
describe("a day's average viewers", () => {
  let t: TestDatabase;
  const session = (performerId: number, start: string, end: string, viewersSum: number, samples: number) =>
    sql`INSERT INTO stream_sessions (performer_id, start_time, end_time, viewers_sum, viewers_samples)
      VALUES (${performerId}, ${start}, ${end}, ${viewersSum}, ${samples})`.execute(t.db);
  const stored = async () => {
    const { rows } = await sql<{
      username: string;
      day: string;
      avg: string | null;
      seconds: number;
      minutes: number;
    }>`
      SELECT p.username, d.day::text AS day, d.avg_viewers::text AS avg, d.viewer_seconds AS seconds,
        d.minutes_online AS minutes
      FROM performer_days d JOIN performers p USING (performer_id) ORDER BY p.username, d.day`.execute(t.db);
    return rows;
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    const ann = await insertPerformer(t.db, { username: "ann" });
    const bea = await insertPerformer(t.db, { username: "bea" });
    const cat = await insertPerformer(t.db, { username: "cat" });
    await session(ann, "2026-11-18T02:00:00Z", "2026-11-18T04:00:00Z", 60, 2);
    await session(ann, "2026-11-18T10:00:00Z", "2026-11-18T11:00:00Z", 270, 3);
    // No viewer sample: time online, but no part of the average.
    await session(ann, "2026-11-18T12:00:00Z", "2026-11-18T12:30:00Z", 0, 0);
    // Over midnight by under 15 minutes: all of it is the day it started.
    await session(ann, "2026-11-18T23:00:00Z", "2026-11-19T00:10:00Z", 100, 5);
    // Over midnight by two hours: two hours each day.
    await session(bea, "2026-11-18T22:00:00Z", "2026-11-19T02:00:00Z", 200, 4);
    await session(cat, "2026-11-19T05:00:00Z", "2026-11-19T05:20:00Z", 0, 0);
    await rollupPerformerDays(t.db, "2026-11-18");
    await rollupPerformerDays(t.db, "2026-11-19");
  });
  afterAll(async () => {
    await t?.drop();
  });

  const expected = [
    // (7200 × 30 + 3600 × 90 + 4200 × 20) / 15000
    { username: "ann", day: "2026-11-18", avg: "41.60", seconds: 15000, minutes: 280 },
    { username: "bea", day: "2026-11-18", avg: "50.00", seconds: 7200, minutes: 120 },
    { username: "bea", day: "2026-11-19", avg: "50.00", seconds: 7200, minutes: 120 },
    { username: "cat", day: "2026-11-19", avg: null, seconds: 0, minutes: 20 },
  ];

  it("weights each session's average by the seconds it gives the day", async () => {
    expect(await stored()).toEqual(expected);
  });

  it("is backfilled by the migration to the same figures", async () => {
    await sql`UPDATE performer_days SET avg_viewers = NULL, viewer_seconds = 0`.execute(t.db);
    await backfillDayViewers(t.db as unknown as Kysely<unknown>);
    expect(await stored()).toEqual(expected);
  });
});
