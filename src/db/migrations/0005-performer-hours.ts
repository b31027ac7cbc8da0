import { type Kysely, sql } from "kysely";

/**
 * performer_hours: DERIVED from stream_sessions, one row per performer, UTC day and clock hour the
 * performer was online in (DESIGN.md §4). Rebuildable at any time by rollupPerformerHours
 * (src/stats/performer-hours.ts), which replaces a day's rows whole; nothing else writes it.
 *
 * Time is kept in seconds, not minutes: the hourly statistics sum up to 54 weeks of one bucket,
 * and summing rounded minutes would carry a rounding error per row into the total.
 * avg_viewers is numeric so that a rebuild gives the same bytes whatever order PostgreSQL adds in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE performer_hours (
      performer_id    bigint NOT NULL,
      day             date NOT NULL,
      hour            smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
      seconds_online  integer NOT NULL CHECK (seconds_online BETWEEN 0 AND 3600),
      avg_viewers     numeric(12, 2),
      viewer_seconds  integer NOT NULL CHECK (viewer_seconds BETWEEN 0 AND 3600),
      PRIMARY KEY (performer_id, day, hour)
    )`.execute(db);
  // The rollup deletes a whole day; every reader asks for one performer (the primary key).
  await sql`CREATE INDEX performer_hours_day ON performer_hours (day)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS performer_hours`.execute(db);
}
