import { sql } from "kysely";
import { arrayLiteral } from "../array-literal.ts";
import type { Db } from "../connect.ts";
import { TAG_SEPARATOR } from "./performers-upsert.ts";

/** One room of one poll, with the session the collector assigned it to (collect/sessions.ts). */
export interface SightingRow {
  performerId: number;
  viewers: number | null;
  followers: number | null;
  show: number;
  secondsOnline: number | null;
  rank: number | null;
  genderRank: number | null;
  tags: string[] | null;
  subject: string | null;
  /** Start of the assigned session (epoch ms), or null when the sighting moves no session. */
  sessionStart: number | null;
  /** true: extend the session at sessionStart; false: open it. */
  continued: boolean;
}

/**
 * All of a poll's snapshots, and their effect on the stream sessions, in one statement: the rows
 * are sent once as arrays; the snapshots are inserted, continued sessions updated and new ones
 * inserted from them. The session figures fold exactly as SPEC §3 names them: max, sum and count
 * for averages, best (lowest) ranks, followers at both ends, the latest tags and subject.
 * GREATEST and LEAST skip nulls, so a sighting without a figure leaves that figure as it was.
 *
 * Runs once per poll inside the poll's transaction; a replayed poll never gets here (its polls row
 * exists), so the increments are never applied twice and the snapshots need no ON CONFLICT, whose
 * speculative insertion would cost a third of this statement. A poll's rooms are deduplicated
 * before, so a conflict here would be a bug, and it fails the poll's transaction loudly.
 */
export async function writeSightings(
  db: Db,
  pollId: number,
  observedAt: Date,
  rows: SightingRow[],
): Promise<{ snapshots: number; sessions: number }> {
  if (rows.length === 0) return { snapshots: 0, sessions: 0 };
  const col = <T extends string | number | boolean | null>(pick: (r: SightingRow) => T) =>
    arrayLiteral(rows.map(pick));
  const at = sql`${observedAt.toISOString()}::timestamptz`;
  // Epoch milliseconds to timestamptz in integer arithmetic: exact, so it matches the stored start.
  const start = sql.raw("(timestamptz 'epoch' + u.session_start * interval '1 millisecond')");
  const { rows: counts } = await sql<{ snapshots: number; sessions: number }>`
    WITH u AS MATERIALIZED (
      SELECT * FROM unnest(
        ${col((r) => r.performerId)}::bigint[],
        ${col((r) => r.viewers)}::integer[],
        ${col((r) => r.followers)}::integer[],
        ${col((r) => r.show)}::smallint[],
        ${col((r) => r.secondsOnline)}::integer[],
        ${col((r) => r.rank)}::integer[],
        ${col((r) => r.genderRank)}::integer[],
        ${col((r) => (r.tags ? r.tags.join(TAG_SEPARATOR) : null))}::text[],
        ${col((r) => r.subject)}::text[],
        ${col((r) => r.sessionStart)}::bigint[],
        ${col((r) => r.continued)}::boolean[]
      ) AS u(performer_id, viewers, followers, show, seconds_online, rank, gender_rank, tags, subject,
             session_start, continued)
    ),
    snapshots AS (
      INSERT INTO snapshots
        (performer_id, observed_at, poll_id, viewers, followers, show, seconds_online, rank, gender_rank)
      SELECT performer_id, ${at}, ${pollId}::bigint, viewers, followers, show, seconds_online, rank, gender_rank
      FROM u
      RETURNING 1
    ),
    continued AS (
      UPDATE stream_sessions AS s SET
        end_time = GREATEST(s.end_time, ${at}),
        followers_start = COALESCE(s.followers_start, u.followers),
        followers_end = COALESCE(u.followers, s.followers_end),
        max_viewers = GREATEST(s.max_viewers, u.viewers),
        viewers_sum = s.viewers_sum + COALESCE(u.viewers, 0),
        viewers_samples = s.viewers_samples + (u.viewers IS NOT NULL)::integer,
        best_rank = LEAST(s.best_rank, u.rank),
        best_gender_rank = LEAST(s.best_gender_rank, u.gender_rank),
        rank_sum = s.rank_sum + COALESCE(u.rank, 0),
        rank_samples = s.rank_samples + (u.rank IS NOT NULL)::integer,
        gender_rank_sum = s.gender_rank_sum + COALESCE(u.gender_rank, 0),
        gender_rank_samples = s.gender_rank_samples + (u.gender_rank IS NOT NULL)::integer,
        snapshots = s.snapshots + 1,
        tags = COALESCE(string_to_array(u.tags, E'\\x1f'), s.tags),
        room_subject = COALESCE(u.subject, s.room_subject)
      FROM u
      WHERE u.continued AND s.performer_id = u.performer_id AND s.start_time = ${start}
      RETURNING 1
    ),
    opened AS (
      INSERT INTO stream_sessions (performer_id, start_time, end_time, followers_start, followers_end,
        max_viewers, viewers_sum, viewers_samples, best_rank, best_gender_rank, rank_sum, rank_samples,
        gender_rank_sum, gender_rank_samples, snapshots, tags, room_subject)
      SELECT performer_id, ${start}, ${at}, followers, followers, viewers, COALESCE(viewers, 0),
        (viewers IS NOT NULL)::integer, rank, gender_rank, COALESCE(rank, 0), (rank IS NOT NULL)::integer,
        COALESCE(gender_rank, 0), (gender_rank IS NOT NULL)::integer, 1,
        COALESCE(string_to_array(tags, E'\\x1f'), '{}'), subject
      FROM u
      WHERE NOT u.continued AND u.session_start IS NOT NULL
      RETURNING 1
    )
    SELECT (SELECT COUNT(*) FROM snapshots) AS snapshots,
           (SELECT COUNT(*) FROM continued) + (SELECT COUNT(*) FROM opened) AS sessions`.execute(db);
  return counts[0] ?? { snapshots: 0, sessions: 0 };
}
