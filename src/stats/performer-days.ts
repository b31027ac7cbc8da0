import { sql } from "kysely";
import type { Db } from "../db/connect.ts";

const DAY_MS = 86_400_000;
/** SPEC §9: a stream crossing midnight for under 15 minutes is not counted twice. */
const GRACE_MS = 15 * 60_000;

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
 * - avg_viewers, viewer_seconds (migration 0022): those sessions' averages (viewers_sum /
 *   viewers_samples) weighted by the seconds each gives the day, and the seconds that had one.
 * - best_rank, best_gender_rank: over the day's snapshots (only complete polls rank).
 */
export async function rollupPerformerDays(db: Db, day: string): Promise<number> {
  // The bounds go in as parameters, not computed in the query: only then can PostgreSQL prune the
  // snapshot partitions to this day and the next at plan time (from a CTE it scanned every day).
  const start = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(start)) throw new Error(`not a day: ${day}`);
  const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  const d0 = at(start);
  const d0Grace = at(start + GRACE_MS);
  const d1 = at(start + DAY_MS);
  const d1Grace = at(start + DAY_MS + GRACE_MS);
  const weekBefore = at(start - 7 * DAY_MS);
  return db.transaction().execute(async (trx) => {
    // The day's aggregate hashes one entry per performer of the day (~50,000 at the top sandbox
    // size); at the default 4 MB it spilled 200 MB to disk and took 16 s instead of 6 (EXPLAIN ANALYZE).
    await sql`SET LOCAL work_mem = '128MB'`.execute(trx);
    await sql`DELETE FROM performer_days WHERE day = ${day}::date`.execute(trx);
    const result = await sql`
      WITH
      -- Sessions that count for the day, with the seconds they give it. A week back bounds the
      -- search: no session in our data is that long (a gap over 48 h always splits one).
      day_sessions AS (
        SELECT ss.performer_id, ss.tags, ss.viewers_sum, ss.viewers_samples,
          EXTRACT(EPOCH FROM
            CASE WHEN ss.start_time >= ${d0}
              THEN (CASE WHEN ss.end_time < ${d1Grace} THEN ss.end_time ELSE ${d1} END) - ss.start_time
              ELSE LEAST(ss.end_time, ${d1}) - ${d0}
            END) AS seconds
        FROM stream_sessions ss
        WHERE ss.start_time < ${d1} AND ss.start_time > ${weekBefore}
          AND (ss.start_time >= ${d0} OR ss.end_time >= ${d0Grace})
      ),
      -- The day's snapshots: those of the day, less the first 15 minutes' ones whose session began
      -- the day before and ended within them, plus the next day's first 15 minutes' ones whose
      -- session began this day and ended within them.
      day_snapshots AS (
        SELECT s.performer_id, s.observed_at, s.viewers, s.followers, s.show, s.rank, s.gender_rank
        FROM snapshots s
        WHERE s.observed_at >= ${d0Grace} AND s.observed_at < ${d1}
        UNION ALL
        SELECT s.performer_id, s.observed_at, s.viewers, s.followers, s.show, s.rank, s.gender_rank
        FROM snapshots s
        CROSS JOIN LATERAL (
          SELECT ss.start_time, ss.end_time FROM stream_sessions ss
          WHERE ss.performer_id = s.performer_id AND ss.start_time <= s.observed_at
          ORDER BY ss.start_time DESC LIMIT 1
        ) own
        WHERE ((s.observed_at >= ${d0} AND s.observed_at < ${d0Grace}) OR (s.observed_at >= ${d1} AND s.observed_at < ${d1Grace}))
          AND ((s.observed_at < ${d0Grace} AND NOT (own.start_time < ${d0} AND own.end_time < ${d0Grace}))
            OR (s.observed_at >= ${d1} AND own.start_time >= ${d0} AND own.end_time < ${d1Grace}))
      ),
      from_snapshots AS (
        SELECT performer_id,
          MAX(viewers) FILTER (WHERE show = 1) AS peak_viewers,
          -- The followers of the latest sighting that had them, as one number: the instant in the
          -- high bits and followers (0 to 2^31-1, parse-room.ts) in the low 31, so the greatest is
          -- the latest. A plain MAX: ARRAY_AGG(... ORDER BY) sorted the day's snapshots first, and
          -- MAX(ARRAY[...]) built an array per snapshot (16.6 s against 11.1 s on a top-size day).
          (MAX(date_part('epoch', observed_at)::bigint * 2147483648 + followers) FILTER (WHERE followers IS NOT NULL) % 2147483648)::integer AS followers,
          MIN(rank) AS best_rank,
          MIN(gender_rank) AS best_gender_rank,
          BOOL_OR(show = 1) AS seen_in_public
        FROM day_snapshots GROUP BY performer_id
      ),
      from_sessions AS (
        SELECT performer_id, COUNT(*) AS stream_count, ROUND(SUM(seconds) / 60)::integer AS minutes_online,
          ROUND(SUM(seconds * viewers_sum / viewers_samples) FILTER (WHERE viewers_samples > 0)
            / NULLIF(SUM(seconds) FILTER (WHERE viewers_samples > 0), 0), 2) AS avg_viewers,
          COALESCE(ROUND(SUM(seconds) FILTER (WHERE viewers_samples > 0)), 0)::integer AS viewer_seconds
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
          COALESCE(ss.minutes_online, 0) AS minutes_online,
          ss.avg_viewers, COALESCE(ss.viewer_seconds, 0) AS viewer_seconds
        FROM from_snapshots s FULL JOIN from_sessions ss ON ss.performer_id = s.performer_id
      )
      INSERT INTO performer_days (performer_id, day, peak_viewers, followers, follower_gain, minutes_online,
        stream_count, tags, best_rank, best_gender_rank, seen_in_public, avg_viewers, viewer_seconds)
      SELECT d.performer_id, ${day}::date, d.peak_viewers, d.followers,
        d.followers - prev.followers, d.minutes_online, d.stream_count, COALESCE(t.tags, '{}'),
        d.best_rank, d.best_gender_rank, d.seen_in_public, d.avg_viewers, d.viewer_seconds
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
