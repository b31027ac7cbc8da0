import { sql } from "kysely";
import type { Db } from "../db/connect.ts";

/**
 * Rolls one UTC day up into performer_days (derived; see migration 0002), replacing the day's rows
 * whole, so running it again gives the same rows. Days must be rolled up in order: a day's
 * follower_gain is measured against the performer's previous rolled-up day.
 *
 * The midnight rule (SPEC §9, DESIGN.md §4): a session that crosses midnight by less than 15 minutes
 * counts for the day it started only, with all its minutes and all its snapshots. A session that
 * crosses by more counts for each day it covers, with the minutes and snapshots of that day.
 *
 * - peak_viewers: the most viewers in a public show among the day's snapshots (seen_in_public
 *   says whether there was one; the daily viewer ranking takes only those).
 * - followers: at the day's last sighting; follower_gain: against the previous rolled-up day.
 * - minutes_online, stream_count, tags: over the sessions that count for the day.
 * - best_rank, best_gender_rank: over the day's snapshots (only complete polls rank).
 */
export async function rollupPerformerDays(db: Db, day: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`DELETE FROM performer_days WHERE day = ${day}::date`.execute(trx);
    const result = await sql`
      WITH b AS (
        SELECT ${day}::date::timestamptz AS d0,
               (${day}::date + 1)::timestamptz AS d1,
               interval '15 minutes' AS grace
      ),
      -- Sessions that count for the day, with the seconds they give it. A week back bounds the
      -- search: no session in our data is that long (a gap over 48 h always splits one).
      day_sessions AS (
        SELECT ss.performer_id, ss.tags,
          EXTRACT(EPOCH FROM
            CASE WHEN ss.start_time >= b.d0
              THEN (CASE WHEN ss.end_time < b.d1 + b.grace THEN ss.end_time ELSE b.d1 END) - ss.start_time
              ELSE LEAST(ss.end_time, b.d1) - b.d0
            END) AS seconds
        FROM stream_sessions ss, b
        WHERE ss.start_time < b.d1 AND ss.start_time > b.d0 - interval '7 days'
          AND (ss.start_time >= b.d0 OR ss.end_time >= b.d0 + b.grace)
      ),
      -- The day's snapshots: those of the day, less the first 15 minutes' ones whose session began
      -- the day before and ended within them, plus the next day's first 15 minutes' ones whose
      -- session began this day and ended within them.
      day_snapshots AS (
        SELECT s.performer_id, s.observed_at, s.viewers, s.followers, s.show, s.rank, s.gender_rank
        FROM snapshots s, b
        WHERE s.observed_at >= b.d0 + b.grace AND s.observed_at < b.d1
        UNION ALL
        SELECT s.performer_id, s.observed_at, s.viewers, s.followers, s.show, s.rank, s.gender_rank
        FROM snapshots s CROSS JOIN b
        CROSS JOIN LATERAL (
          SELECT ss.start_time, ss.end_time FROM stream_sessions ss
          WHERE ss.performer_id = s.performer_id AND ss.start_time <= s.observed_at
          ORDER BY ss.start_time DESC LIMIT 1
        ) own
        WHERE (s.observed_at >= b.d0 AND s.observed_at < b.d0 + b.grace
               AND NOT (own.start_time < b.d0 AND own.end_time < b.d0 + b.grace))
           OR (s.observed_at >= b.d1 AND s.observed_at < b.d1 + b.grace
               AND own.start_time >= b.d0 AND own.end_time < b.d1 + b.grace)
      ),
      from_snapshots AS (
        SELECT performer_id,
          MAX(viewers) FILTER (WHERE show = 1) AS peak_viewers,
          (ARRAY_AGG(followers ORDER BY observed_at DESC) FILTER (WHERE followers IS NOT NULL))[1] AS followers,
          MIN(rank) AS best_rank,
          MIN(gender_rank) AS best_gender_rank,
          BOOL_OR(show = 1) AS seen_in_public
        FROM day_snapshots GROUP BY performer_id
      ),
      from_sessions AS (
        SELECT performer_id, COUNT(*) AS stream_count, ROUND(SUM(seconds) / 60)::integer AS minutes_online
        FROM day_sessions GROUP BY performer_id
      ),
      day_tags AS (
        SELECT performer_id, ARRAY_AGG(DISTINCT tag ORDER BY tag) AS tags
        FROM day_sessions, unnest(tags) AS tag GROUP BY performer_id
      ),
      days AS (
        SELECT COALESCE(s.performer_id, ss.performer_id) AS performer_id,
          s.peak_viewers, s.followers, s.best_rank, s.best_gender_rank,
          COALESCE(s.seen_in_public, false) AS seen_in_public,
          COALESCE(ss.stream_count, 0) AS stream_count,
          COALESCE(ss.minutes_online, 0) AS minutes_online
        FROM from_snapshots s FULL JOIN from_sessions ss ON ss.performer_id = s.performer_id
      )
      INSERT INTO performer_days (performer_id, day, peak_viewers, followers, follower_gain, minutes_online,
        stream_count, tags, best_rank, best_gender_rank, seen_in_public)
      SELECT d.performer_id, ${day}::date, d.peak_viewers, d.followers,
        d.followers - prev.followers, d.minutes_online, d.stream_count, COALESCE(t.tags, '{}'),
        d.best_rank, d.best_gender_rank, d.seen_in_public
      FROM days d
      LEFT JOIN day_tags t ON t.performer_id = d.performer_id
      LEFT JOIN LATERAL (
        SELECT pd.followers FROM performer_days pd
        WHERE pd.performer_id = d.performer_id AND pd.day < ${day}::date AND pd.followers IS NOT NULL
        ORDER BY pd.day DESC LIMIT 1
      ) prev ON true`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}
