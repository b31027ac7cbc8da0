import { sql } from "kysely";
import type { Db } from "../db/connect.ts";

/**
 * Rolls one UTC day of performer_days up into location_days (derived; see migration 0003),
 * replacing the day's rows whole. Run it after that day's performer_days. A location is the
 * country the feed gives (ISO alpha-2); performers without one are not placed anywhere.
 */
export async function rollupLocationDays(db: Db, day: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`DELETE FROM location_days WHERE day = ${day}::date`.execute(trx);
    const result = await sql`
      INSERT INTO location_days (day, country, gender, performers, viewers_sum, followers_sum, minutes_online)
      SELECT d.day, p.country, COALESCE(p.gender, 'u'),
        COUNT(*), COALESCE(SUM(d.peak_viewers), 0), COALESCE(SUM(d.followers), 0), SUM(d.minutes_online)
      FROM performer_days d
      JOIN performers p USING (performer_id)
      WHERE d.day = ${day}::date AND p.country ~ '^[A-Z]{2}$'
        AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
      GROUP BY d.day, p.country, COALESCE(p.gender, 'u')`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}
