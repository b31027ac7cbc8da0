import { sql } from "kysely";
import { arrayLiteral } from "../src/db/array-literal.ts";
import type { Db } from "../src/db/connect.ts";
import { ensureSnapshotPartitions } from "../src/db/queries/partitions.ts";
import { generatePerformers, type PerformerColumns } from "./search-data-rows.ts";

/**
 * The database the search benchmark searches: N performers (bench/search-data-rows.ts) with what
 * the search index loads: their profiles, 30-day peaks, about-me texts, the latest complete poll
 * with the snapshots of the rooms online in it, and the sessions of the last two days. Rows go in
 * as columns, one multi-row INSERT ... SELECT FROM unnest(...) per batch: a statement per row would
 * take minutes at 500,000. Expects a migrated, empty database.
 */

export interface SearchDataOptions {
  performers: number;
  seed: number;
  /** The poll's instant (a whole minute): live and last-seen times are relative to it. */
  now: number;
  log?: (line: string) => void;
}

export interface SearchDataSummary {
  performers: number;
  peaks: number;
  bios: number;
  live: number;
  sessions: number;
  ms: number;
}

const BATCH = 20_000;
const seconds = (ms: number) => ms / 1000;

/** Indexes i in [from, to) for which keep(i) holds. */
function where(from: number, to: number, keep: (i: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) if (keep(i)) out.push(i);
  return out;
}

async function insertPerformers(db: Db, c: PerformerColumns, from: number, to: number): Promise<void> {
  const ids = where(from, to, () => true);
  const col = <T extends string | number | null>(values: T[]) => arrayLiteral(ids.map((i) => values[i] as T));
  // Tags are [a-z0-9] words: each performer's array literal needs no quoting.
  const tags = ids.map((i) => `{${(c.tags[i] as string[]).join(",")}}`);
  await sql`
    INSERT INTO performers (performer_id, username, display_name, gender, age, country, tags, followers,
      first_seen, last_seen)
    OVERRIDING SYSTEM VALUE
    SELECT id, username, display_name, gender, age, country, tags::text[], followers,
      to_timestamp(first_seen), to_timestamp(last_seen)
    FROM unnest(${arrayLiteral(ids.map((i) => i + 1))}::bigint[], ${col(c.username)}::text[],
      ${col(c.displayName)}::text[], ${col(c.gender)}::text[], ${col(c.age)}::smallint[],
      ${col(c.country)}::text[], ${arrayLiteral(tags)}::text[], ${col(c.followers)}::integer[],
      ${arrayLiteral(ids.map((i) => seconds(c.firstSeen[i] as number)))}::float8[],
      ${arrayLiteral(ids.map((i) => seconds(c.lastSeen[i] as number)))}::float8[])
      AS r(id, username, display_name, gender, age, country, tags, followers, first_seen, last_seen)`.execute(
    db,
  );
}

async function insertPeaksAndBios(db: Db, c: PerformerColumns, from: number, to: number, now: number) {
  const seen = where(from, to, (i) => (c.peak[i] as number) > 0);
  const throughDay = new Date(now - 86_400_000).toISOString().slice(0, 10);
  await sql`
    INSERT INTO performer_peaks (performer_id, peak_viewers, through_day)
    SELECT id, peak, ${throughDay}::date
    FROM unnest(${arrayLiteral(seen.map((i) => i + 1))}::bigint[],
      ${arrayLiteral(seen.map((i) => c.peak[i] as number))}::integer[]) AS r(id, peak)`.execute(db);
  // Every performer has a bio row, empty or not: the fetcher keeps empty texts too (migration 0010).
  // Fetched at some point of the last 30 days, spread by id.
  const ids = where(from, to, () => true);
  await sql`
    INSERT INTO performer_bios (performer_id, about_me, fetched_at, changed_at)
    SELECT id, about_me, at, at
    FROM (SELECT id, about_me, to_timestamp(${seconds(now)}) - (id % 720) * interval '1 hour' AS at
    FROM unnest(${arrayLiteral(ids.map((i) => i + 1))}::bigint[],
      ${arrayLiteral(ids.map((i) => c.bio[i] as string))}::text[]) AS r(id, about_me)) b`.execute(db);
  return { peaks: seen.length, bios: ids.length };
}

/**
 * The latest poll, complete, with one public snapshot per live room (ranked by viewers overall and
 * within gender, as the collector ranks them), and the sessions of the last two days: the live
 * rooms' running ones (ending now) and the recently ended ones.
 */
async function insertPollAndSessions(db: Db, c: PerformerColumns, now: number) {
  const live = where(0, c.username.length, (i) => (c.viewersNow[i] as number) >= 0);
  const at = new Date(now);
  await ensureSnapshotPartitions(db, now, now);
  const byGender = (g: string) => live.filter((i) => c.gender[i] === g);
  const viewers = (list: number[]) => list.reduce((sum, i) => sum + (c.viewersNow[i] as number), 0);
  const { rows } = await sql<{ poll_id: number }>`
    INSERT INTO polls (observed_at, started_at, finished_at, status, source, expected_rooms, rooms, viewers,
      rooms_f, rooms_m, rooms_c, rooms_t, viewers_f, viewers_m, viewers_c, viewers_t, pages, requests, duration_ms)
    VALUES (${at}, ${at}, ${new Date(now + 4_000)}, 'complete', 'live', ${live.length}, ${live.length},
      ${viewers(live)}, ${byGender("f").length}, ${byGender("m").length}, ${byGender("c").length},
      ${byGender("t").length}, ${viewers(byGender("f"))}, ${viewers(byGender("m"))}, ${viewers(byGender("c"))},
      ${viewers(byGender("t"))}, ${Math.ceil(live.length / 500)}, ${Math.ceil(live.length / 500)}, 4000)
    RETURNING poll_id`.execute(db);
  const pollId = (rows[0] as { poll_id: number }).poll_id;
  await sql`
    INSERT INTO snapshots (performer_id, observed_at, poll_id, viewers, followers, show, seconds_online, rank,
      gender_rank)
    SELECT id, ${at}, ${pollId}, viewers, followers, 1, seconds_online,
      rank() OVER (ORDER BY viewers DESC), rank() OVER (PARTITION BY gender ORDER BY viewers DESC)
    FROM unnest(${arrayLiteral(live.map((i) => i + 1))}::bigint[],
      ${arrayLiteral(live.map((i) => c.viewersNow[i] as number))}::integer[],
      ${arrayLiteral(live.map((i) => c.followers[i] as number))}::integer[],
      ${arrayLiteral(live.map((i) => Math.round(seconds(now - (c.sessionStart[i] as number)))))}::integer[],
      ${arrayLiteral(live.map((i) => c.gender[i] as string))}::text[])
      AS r(id, viewers, followers, seconds_online, gender)`.execute(db);

  let sessions = 0;
  for (let from = 0; from < c.username.length; from += BATCH) {
    const ids = where(
      from,
      Math.min(from + BATCH, c.username.length),
      (i) => (c.sessionStart[i] as number) >= 0,
    );
    sessions += ids.length;
    // One sample every 5 minutes of the session, at about two thirds of the peak.
    await sql`
      INSERT INTO stream_sessions (performer_id, start_time, end_time, followers_start, followers_end, max_viewers,
        viewers_sum, viewers_samples, snapshots, tags)
      SELECT r.id, to_timestamp(r.start_s), to_timestamp(r.end_s), r.followers, r.followers, r.peak,
        r.peak::bigint * 2 / 3 * GREATEST(1, ((r.end_s - r.start_s) / 300)::integer),
        GREATEST(1, ((r.end_s - r.start_s) / 300)::integer), GREATEST(1, ((r.end_s - r.start_s) / 300)::integer),
        p.tags
      FROM unnest(${arrayLiteral(ids.map((i) => i + 1))}::bigint[],
        ${arrayLiteral(ids.map((i) => seconds(c.sessionStart[i] as number)))}::float8[],
        ${arrayLiteral(ids.map((i) => seconds(c.sessionEnd[i] as number)))}::float8[],
        ${arrayLiteral(ids.map((i) => c.followers[i] as number))}::integer[],
        ${arrayLiteral(ids.map((i) => Math.max(c.peak[i] as number, c.viewersNow[i] as number)))}::integer[])
        AS r(id, start_s, end_s, followers, peak)
      JOIN performers p ON p.performer_id = r.id`.execute(db);
  }
  return { live: live.length, sessions };
}

export async function buildSearchData(db: Db, options: SearchDataOptions): Promise<SearchDataSummary> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const c = generatePerformers(options.seed, options.performers, options.now);
  log(`  generated ${options.performers} performers in ${seconds(performance.now() - started).toFixed(1)} s`);

  let t = performance.now();
  let peaks = 0;
  let bios = 0;
  for (let from = 0; from < options.performers; from += BATCH) {
    const to = Math.min(from + BATCH, options.performers);
    await insertPerformers(db, c, from, to);
    const counts = await insertPeaksAndBios(db, c, from, to, options.now);
    peaks += counts.peaks;
    bios += counts.bios;
    if ((to / BATCH) % 5 === 0 || to === options.performers)
      log(`  ${to} performers, peaks and bios written, ${seconds(performance.now() - t).toFixed(1)} s`);
  }
  // Ids were given explicitly: move the identity past them so a later insert cannot collide.
  await sql`SELECT setval(pg_get_serial_sequence('performers', 'performer_id'), ${options.performers})`.execute(
    db,
  );

  t = performance.now();
  const { live, sessions } = await insertPollAndSessions(db, c, options.now);
  log(
    `  poll with ${live} rooms online and ${sessions} sessions in ${seconds(performance.now() - t).toFixed(1)} s`,
  );
  t = performance.now();
  await sql`ANALYZE`.execute(db);
  log(`  analyzed in ${seconds(performance.now() - t).toFixed(1)} s`);
  return { performers: options.performers, peaks, bios, live, sessions, ms: performance.now() - started };
}
