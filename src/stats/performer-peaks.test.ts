import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { insertPerformer, insertPerformerDay } from "../../tests/helpers/fixtures.ts";
import { rollupPerformerPeaks } from "./performer-peaks.ts";

describe("rollupPerformerPeaks", () => {
  let t: TestDatabase;
  let ann: number;
  let bob: number;
  beforeAll(async () => {
    t = await createTestDatabase();
    ann = await insertPerformer(t.db, { username: "ann" });
    bob = await insertPerformer(t.db, { username: "bob" });
    // The window of 2026-11-30 is 11-01..11-30: 10-31 and 12-01 lie outside it.
    await insertPerformerDay(t.db, { performerId: ann, day: "2026-10-31", peakViewers: 900 });
    await insertPerformerDay(t.db, { performerId: ann, day: "2026-11-01", peakViewers: 120 });
    await insertPerformerDay(t.db, { performerId: ann, day: "2026-11-30", peakViewers: 80 });
    await insertPerformerDay(t.db, { performerId: ann, day: "2026-12-01", peakViewers: 700 });
    await insertPerformerDay(t.db, { performerId: bob, day: "2026-11-15", peakViewers: null });
  });
  afterAll(() => t.drop());

  const peaks = async () =>
    (
      await sql<{ performer_id: number; peak_viewers: number; through_day: string }>`
        SELECT performer_id, peak_viewers, through_day FROM performer_peaks ORDER BY performer_id`.execute(
        t.db,
      )
    ).rows;

  it("keeps each performer's highest daily peak over the 30 days ending the day, and only that edition", async () => {
    expect(await rollupPerformerPeaks(t.db, "2026-11-30")).toBe(1);
    expect(await peaks()).toEqual([{ performer_id: ann, peak_viewers: 120, through_day: "2026-11-30" }]);
    await rollupPerformerPeaks(t.db, "2026-12-01");
    expect(await peaks()).toEqual([{ performer_id: ann, peak_viewers: 700, through_day: "2026-12-01" }]);
  });
});
