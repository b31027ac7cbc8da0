import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** A performer who won new followers (supporters) on a day: the material of a supporter row. */
export interface DaySupporter {
  username: string;
  /** follower_gain of the day: against the performer's previous rolled-up day, always > 0 here. */
  gained: number;
  /** Minutes online counted for the day (the midnight rule included). */
  minutes: number;
  /** At the day's last sighting. */
  followers: number;
  /** Follower change over the 7 days ending with the day (as dayCandidates and windowPerformers). */
  weekGain: number;
  /** Tags of the day's streams, sorted. */
  tags: string[];
}

/**
 * Everyone whose followers grew on the UTC day, from performer_days; opted-out performers left out.
 * Sorted by username, so callers never depend on the planner's order.
 */
export async function daySupporters(db: Db, day: string): Promise<DaySupporter[]> {
  const { rows } = await sql<DaySupporter>`
    SELECT p.username, d.follower_gain AS gained, d.minutes_online AS minutes,
      COALESCE(d.followers, 0) AS followers,
      COALESCE((
        SELECT SUM(w.follower_gain) FROM performer_days w
        WHERE w.performer_id = d.performer_id AND w.day BETWEEN ${day}::date - 6 AND ${day}::date
      ), 0)::integer AS "weekGain",
      d.tags
    FROM performer_days d
    JOIN performers p USING (performer_id)
    WHERE d.day = ${day}::date AND d.follower_gain > 0
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ORDER BY p.username`.execute(db);
  return rows;
}
