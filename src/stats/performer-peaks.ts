import { sql } from "kysely";
import type { Db } from "../db/connect.ts";

/** The window of a performer's maxViewers in search (SPEC §3 search result): the last 30 ranking days. */
export const PEAK_WINDOW_DAYS = 30;

/**
 * Rebuilds performer_peaks (derived, migration 0010) for the window of 30 days ending `day`: each
 * performer's highest daily peak of viewers in it. The table holds one edition, the newest day's,
 * so the daily job runs this for the newest day only; the search adds the sessions started since
 * on top. Replaced whole in one transaction, so the search never reads a half-built table.
 */
export async function rollupPerformerPeaks(db: Db, day: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await sql`DELETE FROM performer_peaks`.execute(tx);
    const result = await sql`
      INSERT INTO performer_peaks (performer_id, peak_viewers, through_day)
      SELECT performer_id, MAX(peak_viewers), ${day}::date
      FROM performer_days
      WHERE day > ${day}::date - ${PEAK_WINDOW_DAYS}::integer AND day <= ${day}::date AND peak_viewers IS NOT NULL
      GROUP BY performer_id`.execute(tx);
    return Number(result.numAffectedRows ?? 0);
  });
}
