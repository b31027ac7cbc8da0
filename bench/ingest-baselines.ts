import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { RankedRoom } from "../src/collect/rank.ts";
import { assignSession } from "../src/collect/sessions.ts";

/**
 * The two baselines the ingest benchmark compares our poll write against, on the same rows:
 * the naive way (one statement per row per table) and the floor (a bare COPY into unindexed tables).
 */

/** Row by row: every performer, session lookup, snapshot and session its own statement, in one transaction. */
export async function writeRowByRow(
  client: pg.PoolClient,
  rooms: RankedRoom[],
  observedAt: Date,
): Promise<void> {
  await client.query("BEGIN");
  try {
    const poll = await client.query<{ poll_id: number }>(
      `INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, pages, requests, duration_ms)
       VALUES ($1, $1, $1, 'complete', 'live', $2, 0, 20, 20, 0) RETURNING poll_id`,
      [observedAt, rooms.length],
    );
    const pollId = poll.rows[0]?.poll_id;
    for (const room of rooms) {
      const p = room.profile;
      const performer = await client.query<{ performer_id: number }>(
        `INSERT INTO performers (username, display_name, gender, age, birthday, country, location, languages, tags,
           room_subject, followers, is_hd, is_new, first_seen, last_seen)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9::text[], '{}'), $10, $11, $12, $13, $14, $14)
         ON CONFLICT (username) DO UPDATE SET display_name = excluded.display_name, gender = excluded.gender,
           age = excluded.age, birthday = excluded.birthday, country = excluded.country, location = excluded.location,
           languages = excluded.languages, tags = excluded.tags, room_subject = excluded.room_subject,
           followers = excluded.followers, is_hd = excluded.is_hd, is_new = excluded.is_new,
           last_seen = excluded.last_seen
         RETURNING performer_id`,
        [
          room.username,
          p.display_name ?? null,
          p.gender ?? null,
          p.age ?? null,
          p.birthday ?? null,
          p.country ?? null,
          p.location ?? null,
          p.languages ?? null,
          p.tags ?? null,
          p.room_subject ?? null,
          p.followers ?? null,
          p.is_hd ?? null,
          p.is_new ?? null,
          observedAt,
        ],
      );
      const performerId = performer.rows[0]?.performer_id;
      const latest = await client.query<{ start_time: Date; end_time: Date }>(
        "SELECT start_time, end_time FROM stream_sessions WHERE performer_id = $1 ORDER BY start_time DESC LIMIT 1",
        [performerId],
      );
      await client.query(
        `INSERT INTO snapshots (performer_id, observed_at, poll_id, viewers, followers, show, seconds_online, rank, gender_rank)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
        [
          performerId,
          observedAt,
          pollId,
          room.viewers,
          room.followers,
          room.show,
          room.secondsOnline,
          room.rank,
          room.genderRank,
        ],
      );
      const prev = latest.rows[0];
      const sighting = { observedAt: observedAt.getTime(), secondsOnline: room.secondsOnline };
      const assigned = assignSession(
        prev ? { start: prev.start_time.getTime(), end: prev.end_time.getTime() } : null,
        sighting,
        { graceCutoff: null },
      );
      if (!assigned) continue;
      if (assigned.continued) {
        await client.query(
          `UPDATE stream_sessions SET end_time = GREATEST(end_time, $3), followers_end = COALESCE($4, followers_end),
             max_viewers = GREATEST(max_viewers, $5), viewers_sum = viewers_sum + COALESCE($5, 0),
             viewers_samples = viewers_samples + ($5::integer IS NOT NULL)::integer, best_rank = LEAST(best_rank, $6),
             best_gender_rank = LEAST(best_gender_rank, $7), rank_sum = rank_sum + COALESCE($6, 0),
             rank_samples = rank_samples + ($6::integer IS NOT NULL)::integer, snapshots = snapshots + 1
           WHERE performer_id = $1 AND start_time = $2`,
          [
            performerId,
            new Date(assigned.start),
            observedAt,
            room.followers,
            room.viewers,
            room.rank,
            room.genderRank,
          ],
        );
      } else {
        await client.query(
          `INSERT INTO stream_sessions (performer_id, start_time, end_time, followers_start, followers_end, max_viewers,
             viewers_sum, viewers_samples, best_rank, best_gender_rank, rank_sum, rank_samples, snapshots, tags,
             room_subject)
           VALUES ($1, $2, $3, $4, $4, $5, COALESCE($5, 0), ($5::integer IS NOT NULL)::integer, $6, $7,
             COALESCE($6, 0), ($6::integer IS NOT NULL)::integer, 1, COALESCE($8::text[], '{}'), $9)`,
          [
            performerId,
            new Date(assigned.start),
            observedAt,
            room.followers,
            room.viewers,
            room.rank,
            room.genderRank,
            room.tags,
            room.subject,
          ],
        );
      }
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

function sightingOf(room: RankedRoom, observedAt: Date) {
  return { observedAt: observedAt.getTime(), secondsOnline: room.secondsOnline };
}

export const BARE_TABLES = `
  CREATE TABLE IF NOT EXISTS bare_performers (username text, display_name text, gender text, age smallint,
    birthday date, country text, location text, languages text, tags text[], room_subject text, followers integer,
    is_hd boolean, is_new boolean, seen timestamptz);
  CREATE TABLE IF NOT EXISTS bare_snapshots (performer_id bigint, observed_at timestamptz, poll_id bigint,
    viewers integer, followers integer, show smallint, seconds_online integer, rank integer, gender_rank integer);
  CREATE TABLE IF NOT EXISTS bare_sessions (performer_id bigint, start_time timestamptz, end_time timestamptz,
    followers_start integer, followers_end integer, max_viewers integer, snapshots integer, tags text[],
    room_subject text);`;

function copyText(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (Array.isArray(value)) {
    return copyText(
      `{${value.map((v) => `"${String(v).replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`,
    );
  }
  if (value instanceof Date) return value.toISOString();
  return String(value)
    .replaceAll("\\", "\\\\")
    .replaceAll("\t", "\\t")
    .replaceAll("\n", "\\n")
    .replaceAll("\r", "\\r");
}

function lines(rows: unknown[][]): string {
  return rows.map((row) => row.map(copyText).join("\t")).join("\n") + (rows.length ? "\n" : "");
}

async function copyInto(client: pg.PoolClient, statement: string, body: string): Promise<void> {
  const stream = client.query(copyFrom(statement));
  await pipeline(async function* () {
    yield Buffer.from(body);
  }, stream);
}

/** The floor: the same performer, snapshot and session rows, COPY'd into tables with no index or key. */
export async function writeBareCopy(
  client: pg.PoolClient,
  rooms: RankedRoom[],
  observedAt: Date,
): Promise<void> {
  const performerRows = rooms.map((r) => {
    const p = r.profile;
    return [
      r.username,
      p.display_name,
      p.gender,
      p.age,
      p.birthday,
      p.country,
      p.location,
      p.languages,
      p.tags ?? [],
      p.room_subject,
      p.followers,
      p.is_hd,
      p.is_new,
      observedAt,
    ];
  });
  const snapshotRows = rooms.map((r, i) => [
    i + 1,
    observedAt,
    1,
    r.viewers,
    r.followers,
    r.show,
    r.secondsOnline,
    r.rank,
    r.genderRank,
  ]);
  const sessionRows = rooms.map((r, i) => {
    const s = assignSession(null, sightingOf(r, observedAt), { graceCutoff: null });
    return [
      i + 1,
      new Date(s?.start ?? 0),
      observedAt,
      r.followers,
      r.followers,
      r.viewers,
      1,
      r.tags ?? [],
      r.subject,
    ];
  });
  await client.query("BEGIN");
  await copyInto(client, "COPY bare_performers FROM STDIN", lines(performerRows));
  await copyInto(client, "COPY bare_snapshots FROM STDIN", lines(snapshotRows));
  await copyInto(client, "COPY bare_sessions FROM STDIN", lines(sessionRows));
  await client.query("COMMIT");
}
