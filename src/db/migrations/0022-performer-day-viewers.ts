import { type Kysely, sql } from "kysely";

/**
 * performer_days.avg_viewers and viewer_seconds (issue 20, decision 0026): a day's viewers on
 * average while online, and the seconds that average is over (the weight for averaging days).
 * Filled by rollupPerformerDays from the sessions that count for the day (the midnight rule, as
 * minutes_online): each session's average (viewers_sum / viewers_samples) weighted by the seconds
 * it gives the day; null, and 0 seconds, when no such session has a viewer sample. Compare
 * performers reads a year of them per performer from one row a day, where performer_hours has up
 * to 24 scattered rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE performer_days
      ADD COLUMN avg_viewers numeric(12, 2),
      ADD COLUMN viewer_seconds integer NOT NULL DEFAULT 0`.execute(db);
  await backfillDayViewers(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE performer_days DROP COLUMN IF EXISTS avg_viewers, DROP COLUMN IF EXISTS viewer_seconds`.execute(
    db,
  );
}

/**
 * The days already rolled up, in one pass over stream_sessions: every session split into the UTC
 * days it counts for by the same rule and seconds as rollupPerformerDays (a session crossing
 * midnight by under 15 minutes gives all its time to the day it started).
 */
export async function backfillDayViewers(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE performer_days pd
    SET avg_viewers = v.avg_viewers, viewer_seconds = v.viewer_seconds
    FROM (
      SELECT performer_id, day,
        ROUND(SUM(seconds * viewers_sum / viewers_samples) / NULLIF(SUM(seconds), 0), 2) AS avg_viewers,
        ROUND(SUM(seconds))::integer AS viewer_seconds
      FROM (
        SELECT ss.performer_id, d.day, ss.viewers_sum, ss.viewers_samples,
          EXTRACT(EPOCH FROM
            CASE WHEN ss.start_time >= d.d0
              THEN (CASE WHEN ss.end_time < d.d0 + interval '1 day 15 minutes' THEN ss.end_time
                         ELSE d.d0 + interval '1 day' END) - ss.start_time
              ELSE LEAST(ss.end_time, d.d0 + interval '1 day') - d.d0
            END) AS seconds
        FROM stream_sessions ss
        CROSS JOIN LATERAL (
          SELECT g::date AS day, g AT TIME ZONE 'UTC' AS d0
          FROM generate_series((ss.start_time AT TIME ZONE 'UTC')::date::timestamp,
                               (ss.end_time AT TIME ZONE 'UTC')::date::timestamp, interval '1 day') AS g
        ) d
        WHERE ss.viewers_samples > 0
          AND (ss.start_time >= d.d0 OR ss.end_time >= d.d0 + interval '15 minutes')
      ) pieces
      GROUP BY performer_id, day
    ) v
    WHERE pd.performer_id = v.performer_id AND pd.day = v.day`.execute(db);
}
