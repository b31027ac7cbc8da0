import { sql } from "kysely";
import type { Db } from "../db/connect.ts";
import { dayStart } from "../rules/calendar.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Rolls one UTC day up into performer_hours (derived; see migration 0005), replacing the day's rows
 * whole, so running it again gives the same rows. Days may be rolled up in any order.
 *
 * Hours are clock buckets: each session gives every hour it overlaps the seconds it was actually
 * online in it, with no midnight rule (that rule decides which day a stream counts for, not when it
 * ran). An hour a session only touches at an instant gets nothing from it.
 *
 * - seconds_online: the overlap of the performer's sessions with the hour (sessions never overlap).
 * - avg_viewers: the sessions' average viewers (viewers_sum / viewers_samples), weighted by their
 *   overlap with the hour; null when no overlapping session has a viewer sample.
 * - viewer_seconds: the overlap of the sessions that have an average, the weight for combining hours.
 */
export async function rollupPerformerHours(db: Db, day: string): Promise<number> {
  // Bounds go in as parameters: constants to the planner, which can then estimate the session range.
  const start = dayStart(day);
  const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  const d0 = at(start);
  const d1 = at(start + DAY_MS);
  // A week back bounds the search on the start_time index: no session in our data is that long
  // (a gap over 48 h always splits one), as in rollupPerformerDays.
  const weekBefore = at(start - 7 * DAY_MS);
  return db.transaction().execute(async (trx) => {
    await sql`DELETE FROM performer_hours WHERE day = ${day}::date`.execute(trx);
    const result = await sql`
      WITH
      day_sessions AS (
        SELECT ss.performer_id, ss.viewers_sum, ss.viewers_samples,
          GREATEST(ss.start_time, ${d0}) AS from_time,
          LEAST(ss.end_time, ${d1}) AS to_time
        FROM stream_sessions ss
        WHERE ss.start_time < ${d1} AND ss.start_time > ${weekBefore} AND ss.end_time > ${d0}
          -- A single sighting is no time online.
          AND ss.end_time > ss.start_time
      ),
      -- One piece per session and hour it overlaps (strictly: touching at an instant is not
      -- overlapping), with the seconds it spent in that hour. A join on the day's 24 hours rather than
      -- a per-session series: the planner then knows the row count (it guessed 1,000 per session).
      pieces AS (
        SELECT ds.performer_id, h.hour, ds.viewers_sum, ds.viewers_samples,
          EXTRACT(EPOCH FROM
            LEAST(ds.to_time, ${d0} + (h.hour + 1) * interval '1 hour')
            - GREATEST(ds.from_time, ${d0} + h.hour * interval '1 hour')) AS seconds
        FROM day_sessions ds
        JOIN generate_series(0, 23) AS h(hour)
          ON ds.from_time < ${d0} + (h.hour + 1) * interval '1 hour' AND ds.to_time > ${d0} + h.hour * interval '1 hour'
      )
      INSERT INTO performer_hours (performer_id, day, hour, seconds_online, avg_viewers, viewer_seconds)
      SELECT performer_id, ${day}::date, hour,
        ROUND(SUM(seconds))::integer,
        ROUND(SUM(seconds * viewers_sum / viewers_samples) FILTER (WHERE viewers_samples > 0)
          / NULLIF(SUM(seconds) FILTER (WHERE viewers_samples > 0), 0), 2),
        COALESCE(ROUND(SUM(seconds) FILTER (WHERE viewers_samples > 0)), 0)::integer
      FROM pieces
      GROUP BY performer_id, hour`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}
