import { sql } from "kysely";
import type { SocialNetwork } from "../../types/performer-profile.ts";
import type { Db } from "../connect.ts";

/** What the social media editor knows of a performer: their records and their public socials. */
export interface PerformerTrophyRecords {
  username: string;
  /** The best daily rank among all rooms over every day we hold, and the first day it was reached. */
  bestRank: number | null;
  bestRankDay: string | null;
  /** The highest public peak of viewers over every day we hold, and the first day it was reached. */
  peakViewers: number | null;
  peakViewersDay: string | null;
  /** The verified profile's links (decision 0022); null without a verified account. */
  socials: Partial<Record<SocialNetwork, string>> | null;
}

/**
 * One performer's records for the trophies, in one query: the best rank and the highest peak of
 * viewers over all their performer_days (performer_peaks holds only the last 30 days, and a
 * trophy, once earned, stays earned), each with the first day reached; and the verified profile's
 * socials. Null for a name we never saw and for a confirmed opt-out.
 */
export async function performerTrophyRecords(
  db: Db,
  username: string,
): Promise<PerformerTrophyRecords | null> {
  const { rows } = await sql<PerformerTrophyRecords>`
    SELECT p.username,
      r.best_rank AS "bestRank", to_char(r.best_rank_day, 'YYYY-MM-DD') AS "bestRankDay",
      r.peak_viewers AS "peakViewers", to_char(r.peak_viewers_day, 'YYYY-MM-DD') AS "peakViewersDay",
      CASE WHEN w.performer_id IS NULL THEN NULL ELSE coalesce(pp.socials, '{}'::jsonb) END AS socials
    FROM performers p
    CROSS JOIN LATERAL (
      SELECT min(d.best_rank) AS best_rank,
        (array_agg(d.day ORDER BY d.best_rank, d.day) FILTER (WHERE d.best_rank IS NOT NULL))[1] AS best_rank_day,
        max(d.peak_viewers) AS peak_viewers,
        (array_agg(d.day ORDER BY d.peak_viewers DESC, d.day) FILTER (WHERE d.peak_viewers IS NOT NULL))[1]
          AS peak_viewers_day
      FROM performer_days d WHERE d.performer_id = p.performer_id
    ) r
    LEFT JOIN performer_owners w ON w.performer_id = p.performer_id
    LEFT JOIN performer_profiles pp ON pp.performer_id = p.performer_id
    WHERE p.username = ${username}
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)`.execute(
    db,
  );
  return rows[0] ?? null;
}
