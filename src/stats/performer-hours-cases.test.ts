import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertHours, insertPerformer, insertSessions } from "../../tests/helpers/aggregate-rows.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { rollupPerformerHours } from "./performer-hours.ts";

/** Hand-made sessions whose hours are worked out by hand: the edges the simulation rarely hits. */
describe("performer_hours, by hand", () => {
  let t: TestDatabase;
  let a: number;
  let b: number;
  let c: number;
  let gone: number;

  beforeAll(async () => {
    t = await createTestDatabase();
    a = await insertPerformer(t.db, "a", "2026-03-01T00:00:00Z");
    b = await insertPerformer(t.db, "b", "2026-03-01T00:00:00Z");
    c = await insertPerformer(t.db, "c", "2026-03-01T00:00:00Z");
    gone = await insertPerformer(t.db, "gone", "2026-03-01T00:00:00Z");
    await insertSessions(t.db, a, [
      // From the day before, into the day's second hour: clock time, no midnight rule.
      { start: "2026-03-09T23:30:00Z", end: "2026-03-10T01:15:30Z", viewersSum: 300, viewersSamples: 3 },
      // Two sessions share hour 10; the first has no viewer sample, so only the second's minutes
      // weigh its average.
      { start: "2026-03-10T10:20:00Z", end: "2026-03-10T10:40:00Z" },
      { start: "2026-03-10T10:50:00Z", end: "2026-03-10T11:10:00Z", viewersSum: 50, viewersSamples: 1 },
    ]);
    await insertSessions(t.db, b, [
      // Exactly one clock hour: it only touches hour 6 at an instant.
      { start: "2026-03-10T05:00:00Z", end: "2026-03-10T06:00:00Z", viewersSum: 7, viewersSamples: 3 },
      // A single sighting: no time online.
      { start: "2026-03-10T08:30:00Z", end: "2026-03-10T08:30:00Z", viewersSum: 4, viewersSamples: 1 },
    ]);
    await insertSessions(t.db, c, [
      // Ends at the day's first instant: all of it belongs to the day before.
      { start: "2026-03-09T23:00:00Z", end: "2026-03-10T00:00:00Z", viewersSum: 9, viewersSamples: 1 },
      // Into the next day: only its first ten minutes are this day's.
      { start: "2026-03-10T23:50:00Z", end: "2026-03-11T00:10:00Z", viewersSum: 41, viewersSamples: 2 },
    ]);
    // A row left from an earlier rollup of the day, whose session has since gone: replaced whole.
    await insertHours(t.db, gone, [{ day: "2026-03-10", hour: 3, seconds: 60 }]);
  });
  afterAll(() => t.drop());

  async function stored(day: string) {
    const { rows } = await sql`
      SELECT p.username, h.hour, h.seconds_online, h.avg_viewers, h.viewer_seconds
      FROM performer_hours h JOIN performers p USING (performer_id)
      WHERE h.day = ${day}::date ORDER BY p.username, h.hour`.execute(t.db);
    return rows;
  }

  it("gives each hour the seconds actually online in it, and the overlap-weighted average viewers", async () => {
    expect(await rollupPerformerHours(t.db, "2026-03-10")).toBe(6);
    expect(await stored("2026-03-10")).toEqual([
      { username: "a", hour: 0, seconds_online: 3600, avg_viewers: "100.00", viewer_seconds: 3600 },
      { username: "a", hour: 1, seconds_online: 930, avg_viewers: "100.00", viewer_seconds: 930 },
      { username: "a", hour: 10, seconds_online: 1800, avg_viewers: "50.00", viewer_seconds: 600 },
      { username: "a", hour: 11, seconds_online: 600, avg_viewers: "50.00", viewer_seconds: 600 },
      { username: "b", hour: 5, seconds_online: 3600, avg_viewers: "2.33", viewer_seconds: 3600 },
      { username: "c", hour: 23, seconds_online: 600, avg_viewers: "20.50", viewer_seconds: 600 },
    ]);
  });

  it("gives the day before the sessions' part in it", async () => {
    expect(await rollupPerformerHours(t.db, "2026-03-09")).toBe(2);
    expect(await stored("2026-03-09")).toEqual([
      { username: "a", hour: 23, seconds_online: 1800, avg_viewers: "100.00", viewer_seconds: 1800 },
      { username: "c", hour: 23, seconds_online: 3600, avg_viewers: "9.00", viewer_seconds: 3600 },
    ]);
  });

  it("writes nothing for a day without sessions", async () => {
    expect(await rollupPerformerHours(t.db, "2026-03-12")).toBe(0);
    expect(await stored("2026-03-12")).toEqual([]);
  });
});
