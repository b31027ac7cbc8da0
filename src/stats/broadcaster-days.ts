import { sql } from "kysely";
import type { Db } from "../db/connect.ts";
import { broadcasterFigures } from "../db/queries/broadcaster-figures.ts";

/**
 * Rolls one UTC day of performer_days up into broadcaster_days (derived; see migration 0004),
 * replacing the day's rows whole. Run it after rollupPerformerDays for the same day, and days in
 * order: whether a broadcaster is new depends on the performer_days of the days before.
 * Opted-out performers are counted here and taken out when publishing (dailyBroadcasters), so an
 * opt-out needs no rebuild. Returns the rows written.
 */
export async function rollupBroadcasterDays(db: Db, day: string): Promise<number> {
  const start = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== day) {
    throw new Error(`not a day: ${day}`);
  }
  return db.transaction().execute(async (trx) => {
    await sql`DELETE FROM broadcaster_days WHERE day = ${day}::date`.execute(trx);
    const result = await sql`
      INSERT INTO broadcaster_days (day, gender, broadcasters, new_broadcasters, minutes_online,
        public_broadcasters, peak_viewers_sum)
      ${broadcasterFigures(sql`pd.day = ${day}::date`)}`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}
