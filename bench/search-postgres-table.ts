import { sql } from "kysely";
import type { Db } from "../src/db/connect.ts";
import { LIVE_WITHIN_MS, ONLINE_LIST_VALID_MS } from "../src/rules/formulas/live-state.ts";

/**
 * The tables the PostgreSQL baseline of `npm run bench:search` searches (issue 16, point 7;
 * docs/decisions/0014): what the in-memory index loads (src/search/search-rows.ts) with the live
 * figures of LiveState joined in, built once before the run as the index is loaded once. Derived
 * tables: a real deployment would rebuild them as often as the index reloads (every 5 minutes,
 * the live figures every minute); `buildSearchBaseline` returns what one build costs.
 *
 * - search_baseline: one narrow row per performer, only what the filters and orders read, so a
 *   count visits as few pages as it can. Unknown counts are -1, as in the index: "most first,
 *   unknown last" is then plain DESC, and one B-tree serves both directions.
 * - search_baseline_json: each performer's result (SPEC §3) as JSON text, read only for the 50
 *   rows of a page (the index, too, keeps each row's JSON for the minute).
 */

/** The indexes, each for the filters or orders of the mix it serves (EXPLAIN ANALYZE in 0014). */
const INDEXES = [
  // Name order, and the tie-breaker of every other order.
  "CREATE INDEX search_baseline_name ON search_baseline (username)",
  // The count orders, most first then name: read forwards for desc, backwards for asc. Also ranges.
  "CREATE INDEX search_baseline_followers ON search_baseline (followers DESC, username)",
  "CREATE INDEX search_baseline_viewers ON search_baseline (max_viewers DESC, username)",
  "CREATE INDEX search_baseline_age ON search_baseline (age)",
  // Each order again behind gender: a gender's page comes off in order, its count index-only.
  "CREATE INDEX search_baseline_gender_name ON search_baseline (gender, username)",
  "CREATE INDEX search_baseline_gender_followers ON search_baseline (gender, followers DESC, username)",
  "CREATE INDEX search_baseline_gender_viewers ON search_baseline (gender, max_viewers DESC, username)",
  // Live: the online list is a fixed set (partial); "seen under 5 minutes ago" moves with the clock.
  "CREATE INDEX search_baseline_online ON search_baseline (max_viewers DESC, username) WHERE online",
  "CREATE INDEX search_baseline_last_seen ON search_baseline (last_seen_ms)",
  "CREATE INDEX search_baseline_tags ON search_baseline USING gin (tags)",
  // Name parts of 3 characters or more: trigrams. A 2-character part has no trigram, so its own GIN.
  "CREATE INDEX search_baseline_trigrams ON search_baseline USING gin (username gin_trgm_ops)",
  "CREATE INDEX search_baseline_bigrams ON search_baseline USING gin (name_bigrams(username))",
];

export interface BaselineBuild {
  /** Rows in search_baseline: the answer's resultCount when no filter is set. */
  total: number;
  /** Creating and filling the two tables, then their indexes, then VACUUM ANALYZE and a checkpoint. */
  fillMs: number;
  indexMs: number;
  vacuumMs: number;
}

/**
 * (Re)builds both tables and their indexes from the collected data, the live state judged at
 * `now` (ms), as LiveState judges it: max viewers is performer_peaks' 30-day peak raised by the
 * peaks of sessions since the day it covers; the last sighting is the latest of performers.last_seen,
 * the end of a recent session and the online list's instant; "online" only while that list is
 * current. Opted-out performers are left out.
 */
export async function buildSearchBaseline(db: Db, now: number): Promise<BaselineBuild> {
  let t = performance.now();
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  // Every two-character sequence of a name: what a 2-character part is looked up in (GIN keeps
  // each key once per row, so duplicates need no DISTINCT, which doubled the function's cost).
  await sql`
    CREATE OR REPLACE FUNCTION name_bigrams(name text) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000
    AS $$ SELECT ARRAY(SELECT substr(name, i, 2) FROM generate_series(1, length(name) - 1) AS i) $$`.execute(
    db,
  );
  await sql`DROP TABLE IF EXISTS search_baseline, search_baseline_json`.execute(db);
  const at = sql`to_timestamp(${now / 1000}::float8)`;
  await sql`
    CREATE TABLE search_baseline AS
    WITH poll AS (
      SELECT max(observed_at) AS observed_at FROM polls WHERE status = 'complete'
    ), windows AS (
      -- Sessions since the day after the newest peaks day raise max viewers; 50 hours of them
      -- hold every sighting newer than performers.last_seen (a session lasts 48 hours at most).
      SELECT peaks_from, LEAST(peaks_from, ${at} - interval '50 hours') AS since
      FROM (SELECT COALESCE((max(through_day) + 1)::timestamp AT TIME ZONE 'UTC', ${at} - interval '30 days')
              AS peaks_from
            FROM performer_peaks) d
    ), recent AS (
      SELECT s.performer_id, max(s.end_time) AS last_end,
        max(s.max_viewers) FILTER (WHERE s.start_time >= w.peaks_from) AS peak_since
      FROM stream_sessions s CROSS JOIN windows w
      WHERE s.start_time >= w.since
      GROUP BY s.performer_id
    ), online AS (
      SELECT s.performer_id, poll.observed_at
      FROM snapshots s JOIN poll USING (observed_at)
    )
    -- Byte order, as the index compares names (the benchmark's cluster is C already; this pins it).
    SELECT p.performer_id, p.username COLLATE "C" AS username,
      CASE p.gender WHEN 't' THEN 's' ELSE p.gender END AS gender,
      -- The display age; outside 18 to 120 it counts as unknown, as in the index.
      CASE WHEN d.age BETWEEN 18 AND 120 THEN d.age END AS age,
      ARRAY(SELECT t FROM unnest(p.tags) WITH ORDINALITY AS u(t, i) WHERE t <> ''
            GROUP BY t ORDER BY min(i)) AS tags,
      COALESCE(p.followers, -1) AS followers,
      GREATEST(COALESCE(pk.peak_viewers, -1), r.peak_since) AS max_viewers,
      GREATEST(extract(epoch FROM p.last_seen) * 1000, extract(epoch FROM r.last_end) * 1000,
        extract(epoch FROM o.observed_at) * 1000)::float8 AS last_seen_ms,
      (o.performer_id IS NOT NULL
        AND ${at} - o.observed_at <= ${ONLINE_LIST_VALID_MS} * interval '1 millisecond') AS online
    FROM performers p
    CROSS JOIN LATERAL (SELECT COALESCE(p.age, date_part('year', age(p.birthday))::int) AS age) d
    LEFT JOIN performer_peaks pk USING (performer_id)
    LEFT JOIN recent r USING (performer_id)
    LEFT JOIN online o USING (performer_id)
    WHERE NOT EXISTS (SELECT 1 FROM optouts x WHERE x.username = p.username AND x.confirmed_at IS NOT NULL)
  `.execute(db);
  await sql`
    CREATE TABLE search_baseline_json AS
    SELECT b.performer_id, row_to_json(r)::text AS result
    FROM search_baseline b
    JOIN performers p USING (performer_id)
    CROSS JOIN LATERAL (
      SELECT b.username AS name, p.display_name AS "displayName", b.gender, b.age,
        NULLIF(p.country, '') AS country, NULLIF(b.max_viewers, -1) AS "maxViewers",
        CASE WHEN b.followers >= 0 THEN b.followers END AS "followerCount", b.tags,
        to_char(to_timestamp(floor(b.last_seen_ms) / 1000) AT TIME ZONE 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastSeenTime"
    ) r`.execute(db);
  const fillMs = performance.now() - t;
  t = performance.now();
  await sql`ALTER TABLE search_baseline_json ADD PRIMARY KEY (performer_id)`.execute(db);
  for (const statement of INDEXES) await sql.raw(statement).execute(db);
  const indexMs = performance.now() - t;
  t = performance.now();
  // Sets the visibility map (index-only counts) and the statistics the planner chooses by; the
  // checkpoint writes the new tables out now, not during the queries that follow.
  await sql`VACUUM ANALYZE search_baseline`.execute(db);
  await sql`VACUUM ANALYZE search_baseline_json`.execute(db);
  await sql`CHECKPOINT`.execute(db);
  const vacuumMs = performance.now() - t;
  const { rows } = await sql<{ total: number }>`SELECT count(*) AS total FROM search_baseline`.execute(db);
  return { total: rows[0]?.total ?? 0, fillMs, indexMs, vacuumMs };
}

export const baselineBuildText = (build: BaselineBuild) =>
  `baseline tables: ${build.total} rows filled in ${(build.fillMs / 1000).toFixed(1)} s, indexed in ` +
  `${(build.indexMs / 1000).toFixed(1)} s, vacuumed, analyzed and checkpointed in ${(build.vacuumMs / 1000).toFixed(1)} s`;

/** "Live": in the current online list, or seen under 5 minutes before `now` (SPEC §4). */
export const liveSince = (now: number) => now - LIVE_WITHIN_MS;

export interface RelationSize {
  name: string;
  bytes: number;
}

/** The baseline's tables and each of their indexes, by size on disk. */
export async function baselineSizes(db: Db): Promise<RelationSize[]> {
  const { rows } = await sql<RelationSize>`
    SELECT c.relname AS name, pg_relation_size(c.oid) AS bytes
    FROM pg_class c
    WHERE c.relname LIKE 'search\\_baseline%'
    ORDER BY c.relkind DESC, pg_relation_size(c.oid) DESC`.execute(db);
  return rows;
}
