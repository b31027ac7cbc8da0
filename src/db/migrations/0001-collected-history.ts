import { type Kysely, sql } from "kysely";

/**
 * What the collector keeps: the raw history. Nothing here is derived; every later table is
 * rebuilt from these (DESIGN.md §4). Performer-keyed tables have performer_id in their primary
 * key so they can be distributed by it later (DESIGN.md §5, scale path).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE performers (
      performer_id  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      username      text NOT NULL UNIQUE,
      display_name  text,
      gender        text CHECK (gender IN ('f', 'm', 't', 'c')),
      age           smallint,
      birthday      date,
      country       text,
      location      text,
      languages     text,
      tags          text[] NOT NULL DEFAULT '{}',
      room_subject  text,
      followers     integer,
      is_hd         boolean,
      is_new        boolean,
      first_seen    timestamptz NOT NULL,
      last_seen     timestamptz NOT NULL
    ) WITH (fillfactor = 70)`.execute(db);

  // Rows of performers and stream_sessions are rewritten by nearly every poll; free space on each
  // page (fillfactor) lets PostgreSQL update them in place (HOT) without touching the indexes.

  // One row per sweep of the feed, complete or not: the raw material of /traffic and the
  // record of what went wrong. observed_at is the poll's slot, unique so a replay is a no-op.
  await sql`
    CREATE TABLE polls (
      poll_id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      observed_at     timestamptz NOT NULL UNIQUE,
      started_at      timestamptz NOT NULL,
      finished_at     timestamptz NOT NULL,
      status          text NOT NULL CHECK (status IN ('complete', 'partial', 'failed')),
      source          text NOT NULL CHECK (source IN ('live', 'simulated')),
      expected_rooms  integer,
      rooms           integer NOT NULL,
      viewers         bigint NOT NULL,
      rooms_f         integer NOT NULL DEFAULT 0,
      rooms_m         integer NOT NULL DEFAULT 0,
      rooms_c         integer NOT NULL DEFAULT 0,
      rooms_t         integer NOT NULL DEFAULT 0,
      viewers_f       bigint NOT NULL DEFAULT 0,
      viewers_m       bigint NOT NULL DEFAULT 0,
      viewers_c       bigint NOT NULL DEFAULT 0,
      viewers_t       bigint NOT NULL DEFAULT 0,
      pages           integer NOT NULL,
      requests        integer NOT NULL,
      duration_ms     integer NOT NULL,
      duplicates      integer NOT NULL DEFAULT 0,
      malformed       integer NOT NULL DEFAULT 0,
      excluded        integer NOT NULL DEFAULT 0,
      errors          jsonb NOT NULL DEFAULT '[]'
    )`.execute(db);

  // One room in one poll. Partitioned by UTC day so an old day is dropped whole
  // (partitions are created by ensureSnapshotPartitions before a day's first write).
  // show: 1 public, 2 private, 3 hidden, 4 away, 5 password, 6 unknown (SPEC §3), 7 group.
  await sql`
    CREATE TABLE snapshots (
      performer_id    bigint NOT NULL,
      observed_at     timestamptz NOT NULL,
      poll_id         bigint NOT NULL,
      viewers         integer,
      followers       integer,
      show            smallint NOT NULL,
      seconds_online  integer,
      rank            integer,
      gender_rank     integer,
      PRIMARY KEY (observed_at, performer_id)
    ) PARTITION BY RANGE (observed_at)`.execute(db);
  // The key leads with observed_at: a poll's rows append at the right edge of the day's index
  // instead of landing all over it (measured on a partition holding 50 polls: 62-66 ms against
  // 76-83 ms per 10,000 rows, and the gap grows as the day fills). It still holds performer_id
  // (the Citus path). No other index: every insert pays for each one, per-poll figures live in
  // polls, rollups read whole days, and per-performer series come from sessions and derived tables.

  // One broadcast (SPEC §3 stream session). Averages are kept as sums and counts so that a
  // session extended by a later poll stays exact.
  await sql`
    CREATE TABLE stream_sessions (
      performer_id      bigint NOT NULL,
      start_time        timestamptz NOT NULL,
      end_time          timestamptz NOT NULL,
      followers_start   integer,
      followers_end     integer,
      max_viewers       integer,
      viewers_sum       bigint NOT NULL DEFAULT 0,
      viewers_samples   integer NOT NULL DEFAULT 0,
      best_rank         integer,
      best_gender_rank  integer,
      rank_sum          bigint NOT NULL DEFAULT 0,
      rank_samples      integer NOT NULL DEFAULT 0,
      gender_rank_sum   bigint NOT NULL DEFAULT 0,
      gender_rank_samples integer NOT NULL DEFAULT 0,
      snapshots         integer NOT NULL DEFAULT 0,
      tags              text[] NOT NULL DEFAULT '{}',
      room_subject      text,
      PRIMARY KEY (performer_id, start_time),
      CHECK (end_time >= start_time)
    ) WITH (fillfactor = 70)`.execute(db);
  // By start only: end_time changes every poll, and an index on it would make every update
  // non-HOT. Day rollups find sessions by start (a session is never longer than its 48 h bridge).
  await sql`CREATE INDEX stream_sessions_start ON stream_sessions (start_time)`.execute(db);

  // Performers who asked to be left out. Confirmed ones are never stored again.
  await sql`
    CREATE TABLE optouts (
      username      text PRIMARY KEY,
      requested_at  timestamptz NOT NULL DEFAULT now(),
      confirmed_at  timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["optouts", "stream_sessions", "snapshots", "polls", "performers"]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db);
  }
}
