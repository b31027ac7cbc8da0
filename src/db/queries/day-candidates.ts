import { sql } from "kysely";
import type { Db } from "../connect.ts";
import type { GenderKey } from "../schema.ts";

/** A performer who may enter a day's viewer rankings. */
export interface DayCandidate {
  username: string;
  gender: GenderKey | null;
  /** Peak viewers in a public show that day. */
  peakViewers: number;
  /** Followers at the day's last sighting (0 when the feed never said). */
  followers: number;
  /** Follower change over the 7 days ending with the day. */
  weekGain: number;
  /** Tags of the day's streams, sorted. */
  tags: string[];
  /** Whether a profile thumbnail of theirs is kept now (decision 0023). */
  hasThumb: boolean;
}

/**
 * Everyone seen in a public show on the UTC day (DESIGN.md §4), opted-out performers left out.
 * The week's gain is the sum of the daily gains of days D-6..D: each is measured against the
 * previous rolled-up day, so the sum telescopes to followers(D) - followers(last day before D-6).
 */
export async function dayCandidates(db: Db, day: string): Promise<DayCandidate[]> {
  const { rows } = await sql<DayCandidate>`
    SELECT p.username, p.gender, d.peak_viewers AS "peakViewers", COALESCE(d.followers, 0) AS followers,
      COALESCE((
        SELECT SUM(w.follower_gain) FROM performer_days w
        WHERE w.performer_id = d.performer_id AND w.day BETWEEN ${day}::date - 6 AND ${day}::date
      ), 0)::integer AS "weekGain",
      d.tags,
      EXISTS (
        SELECT 1 FROM performer_thumbs t WHERE t.performer_id = d.performer_id AND t.stored_at IS NOT NULL
      ) AS "hasThumb"
    FROM performer_days d
    JOIN performers p USING (performer_id)
    WHERE d.day = ${day}::date AND d.seen_in_public AND d.peak_viewers IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ORDER BY p.username`.execute(db);
  return rows;
}
