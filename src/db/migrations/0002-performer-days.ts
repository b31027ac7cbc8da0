import { type Kysely, sql } from "kysely";

/**
 * performer_days: DERIVED from snapshots and stream_sessions, one row per performer and UTC day
 * (DESIGN.md §4). Rebuildable at any time by rollupPerformerDays (src/stats/performer-days.ts),
 * which replaces a day's rows whole; nothing else writes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE performer_days (
      performer_id      bigint NOT NULL,
      day               date NOT NULL,
      peak_viewers      integer,
      followers         integer,
      follower_gain     integer,
      minutes_online    integer NOT NULL,
      stream_count      integer NOT NULL,
      tags              text[] NOT NULL DEFAULT '{}',
      best_rank         integer,
      best_gender_rank  integer,
      seen_in_public    boolean NOT NULL,
      PRIMARY KEY (performer_id, day)
    )`.execute(db);
  await sql`CREATE INDEX performer_days_day ON performer_days (day)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS performer_days`.execute(db);
}
