import { sql } from "kysely";
import type { Db } from "../db/connect.ts";

/**
 * Rolls one UTC day of performer_days up into tag_days (derived; see migration 0003), replacing the
 * day's rows whole. Run it after that day's performer_days. A performer counts for a tag when a
 * stream that counts for the day carried it (performer_days.tags); opted-out performers never count.
 */
export async function rollupTagDays(db: Db, day: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`DELETE FROM tag_days WHERE day = ${day}::date`.execute(trx);
    const result = await sql`
      INSERT INTO tag_days (day, tag, gender, performers, viewers_sum, followers_sum, follower_gain_sum, minutes_online)
      SELECT d.day, tag, COALESCE(p.gender, 'u'),
        COUNT(*), COALESCE(SUM(d.peak_viewers), 0), COALESCE(SUM(d.followers), 0),
        COALESCE(SUM(d.follower_gain), 0), SUM(d.minutes_online)
      FROM performer_days d
      JOIN performers p USING (performer_id)
      CROSS JOIN LATERAL unnest(d.tags) AS tag
      WHERE d.day = ${day}::date
        AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
      GROUP BY d.day, tag, COALESCE(p.gender, 'u')`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}
