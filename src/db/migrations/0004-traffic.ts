import { type Kysely, sql } from "kysely";

/**
 * traffic_hours and tag_traffic_hours: DERIVED, one row per UTC hour (and gender key or tag).
 * Rebuildable at any time by rollupTraffic (src/stats/traffic.ts), which replaces a UTC day's rows
 * whole from polls and stream_sessions; nothing else writes them.
 *
 * broadcaster_days: DERIVED, one row per UTC day and gender key, rebuildable by
 * rollupBroadcasterDays (src/stats/broadcaster-days.ts) from performer_days and performers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // From the complete polls of the hour. Sums are kept beside the averages so that a day's average
  // (over all its polls, not over its hours) comes out exact.
  await sql`
    CREATE TABLE traffic_hours (
      hour          timestamptz NOT NULL,
      gender        text NOT NULL CHECK (gender IN ('all', 'f', 'm', 'c', 't')),
      polls         integer NOT NULL CHECK (polls > 0),
      rooms_sum     bigint NOT NULL,
      rooms_max     integer NOT NULL,
      viewers_sum   bigint NOT NULL,
      viewers_max   bigint NOT NULL,
      rooms_avg     numeric GENERATED ALWAYS AS (round(rooms_sum::numeric / polls, 2)) STORED,
      viewers_avg   numeric GENERATED ALWAYS AS (round(viewers_sum::numeric / polls, 2)) STORED,
      PRIMARY KEY (hour, gender)
    )`.execute(db);

  // From the stream sessions overlapping the hour, not from snapshots (a day can hold ten million):
  // a session's minutes inside the hour / 60 is its share of a room, and its average viewers
  // (viewers_sum / viewers_samples) count with the same weight. Tags are the session's latest.
  await sql`
    CREATE TABLE tag_traffic_hours (
      hour      timestamptz NOT NULL,
      tag       text NOT NULL,
      sessions  integer NOT NULL,
      rooms     numeric(14, 3) NOT NULL,
      viewers   numeric(16, 3) NOT NULL,
      PRIMARY KEY (hour, tag)
    )`.execute(db);

  // Sums, not averages, so that the figures of opted-out performers can be taken out when a file
  // is published (dailyBroadcasters) without rolling the day up again.
  await sql`
    CREATE TABLE broadcaster_days (
      day                  date NOT NULL,
      gender               text NOT NULL CHECK (gender IN ('all', 'f', 'm', 'c', 't')),
      broadcasters         integer NOT NULL,
      new_broadcasters     integer NOT NULL,
      minutes_online       bigint NOT NULL,
      public_broadcasters  integer NOT NULL,
      peak_viewers_sum     bigint NOT NULL,
      PRIMARY KEY (day, gender)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS broadcaster_days`.execute(db);
  await sql`DROP TABLE IF EXISTS tag_traffic_hours`.execute(db);
  await sql`DROP TABLE IF EXISTS traffic_hours`.execute(db);
}
