import { sql } from "kysely";
import type { Db } from "../db/connect.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Rolls one UTC day up into traffic_hours and tag_traffic_hours (derived; see migration 0004),
 * replacing the day's rows whole, so running it again gives the same rows. Unlike performer_days,
 * days need no order: no figure depends on another day's rows. Returns the rows written.
 *
 * - traffic_hours: per hour and gender key, the complete polls of the hour ('all' is every room,
 *   the others the rooms of that gender; a room without a gender counts in 'all' only).
 * - tag_traffic_hours: per hour and tag, an approximation from stream sessions (see the migration):
 *   rooms = Σ (a session's seconds inside the hour / 3600), viewers = Σ (that share × the session's
 *   average viewers), over the sessions holding the tag. A session with no viewer samples adds
 *   rooms but no viewers.
 */
export async function rollupTraffic(db: Db, day: string): Promise<number> {
  const start = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== day) {
    throw new Error(`not a day: ${day}`);
  }
  // Bounds as parameters (not computed in SQL), as in performer-days.ts.
  const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  const d0 = at(start);
  const d1 = at(start + DAY_MS);
  const lastHour = at(start + DAY_MS - HOUR_MS);
  // No session in our data is a week long (a gap over 48 h always splits one): bounds the index scan.
  const weekBefore = at(start - 7 * DAY_MS);
  return db.transaction().execute(async (trx) => {
    await sql`DELETE FROM traffic_hours WHERE hour >= ${d0} AND hour < ${d1}`.execute(trx);
    await sql`DELETE FROM tag_traffic_hours WHERE hour >= ${d0} AND hour < ${d1}`.execute(trx);
    const hours = await sql`
      INSERT INTO traffic_hours (hour, gender, polls, rooms_sum, rooms_max, viewers_sum, viewers_max)
      SELECT date_trunc('hour', p.observed_at, 'UTC'), g.gender, COUNT(*),
        SUM(g.rooms), MAX(g.rooms), SUM(g.viewers), MAX(g.viewers)
      FROM polls p
      CROSS JOIN LATERAL (VALUES
        ('all', p.rooms, p.viewers),
        ('f', p.rooms_f, p.viewers_f),
        ('m', p.rooms_m, p.viewers_m),
        ('c', p.rooms_c, p.viewers_c),
        ('t', p.rooms_t, p.viewers_t)
      ) AS g (gender, rooms, viewers)
      WHERE p.status = 'complete' AND p.observed_at >= ${d0} AND p.observed_at < ${d1}
      GROUP BY 1, 2`.execute(trx);
    const tags = await sql`
      WITH
      hours AS (
        SELECT generate_series(${d0}, ${lastHour}, interval '1 hour') AS hour
      ),
      day_sessions AS (
        SELECT ss.start_time, ss.end_time, ss.tags,
          CASE WHEN ss.viewers_samples > 0 THEN ss.viewers_sum::float8 / ss.viewers_samples ELSE 0 END AS avg_viewers
        FROM stream_sessions ss
        WHERE ss.start_time < ${d1} AND ss.start_time > ${weekBefore} AND ss.end_time > ${d0}
          AND cardinality(ss.tags) > 0
      ),
      -- Whole milliseconds and viewer-milliseconds per session and hour (the latter rounded once
      -- here, off by under 0.5 of 3.6 million): integers sum exactly in any order, so the rows are
      -- the same however PostgreSQL splits the work, and far faster than numeric sums.
      shares AS (
        SELECT hour, tags, ms, round(ms * avg_viewers)::bigint AS viewer_ms
        FROM (
          SELECT h.hour, s.tags, s.avg_viewers,
            (EXTRACT(EPOCH FROM LEAST(s.end_time, h.hour + interval '1 hour') - GREATEST(s.start_time, h.hour))
              * 1000)::bigint AS ms
          FROM hours h
          JOIN day_sessions s ON s.start_time < h.hour + interval '1 hour' AND s.end_time > h.hour
        ) x
      )
      INSERT INTO tag_traffic_hours (hour, tag, sessions, rooms, viewers)
      SELECT hour, tag, COUNT(*), ROUND(SUM(ms) / 3600000.0, 3), ROUND(SUM(viewer_ms) / 3600000.0, 3)
      FROM shares, unnest(tags) AS tag
      GROUP BY hour, tag`.execute(trx);
    return Number(hours.numAffectedRows ?? 0) + Number(tags.numAffectedRows ?? 0);
  });
}
