import { sql } from "kysely";
import type { SessionState } from "../../collect/sessions.ts";
import { arrayLiteral } from "../array-literal.ts";
import type { Db } from "../connect.ts";
import { TAG_SEPARATOR } from "./performers-upsert.ts";

interface SessionRow {
  performer_id: number;
  start_time: Date;
  end_time: Date;
  followers_start: number | null;
  followers_end: number | null;
  max_viewers: number | null;
  viewers_sum: number;
  viewers_samples: number;
  best_rank: number | null;
  best_gender_rank: number | null;
  rank_sum: number;
  rank_samples: number;
  gender_rank_sum: number;
  gender_rank_samples: number;
  snapshots: number;
  tags: string[];
  room_subject: string | null;
}

function toState(row: SessionRow): SessionState {
  return {
    start: row.start_time.getTime(),
    end: row.end_time.getTime(),
    followersStart: row.followers_start,
    followersEnd: row.followers_end,
    maxViewers: row.max_viewers,
    viewersSum: row.viewers_sum,
    viewersSamples: row.viewers_samples,
    bestRank: row.best_rank,
    bestGenderRank: row.best_gender_rank,
    rankSum: row.rank_sum,
    rankSamples: row.rank_samples,
    genderRankSum: row.gender_rank_sum,
    genderRankSamples: row.gender_rank_samples,
    snapshots: row.snapshots,
    tags: row.tags,
    subject: row.room_subject,
  };
}

/** The latest session of each performer given (by start), in one statement. */
export async function latestSessions(db: Db, performerIds: number[]): Promise<Map<number, SessionState>> {
  if (performerIds.length === 0) return new Map();
  const { rows } = await sql<SessionRow>`
    SELECT s.* FROM unnest(${arrayLiteral(performerIds)}::bigint[]) AS p(performer_id)
    CROSS JOIN LATERAL (
      SELECT * FROM stream_sessions AS ss
      WHERE ss.performer_id = p.performer_id
      ORDER BY ss.start_time DESC LIMIT 1
    ) AS s`.execute(db);
  return new Map(rows.map((row) => [row.performer_id, toState(row)]));
}

const SESSION_COLUMNS = `followers_start, followers_end, max_viewers, viewers_sum, viewers_samples, best_rank,
  best_gender_rank, rank_sum, rank_samples, gender_rank_sum, gender_rank_samples, snapshots, tags, room_subject`;

/**
 * Writes sessions as computed by advanceSession, in one statement: a session whose start is already
 * stored (`continued`) is updated, a new one inserted. Every value comes from the computed state, so
 * sessions.ts stays the only place that knows how a session grows.
 */
export async function writeSessions(
  db: Db,
  sessions: { performerId: number; state: SessionState; continued: boolean }[],
): Promise<void> {
  if (sessions.length === 0) return;
  const col = <T extends string | number | boolean | null>(pick: (s: SessionState) => T) =>
    arrayLiteral(sessions.map(({ state }) => pick(state)));
  const iso = (ms: number) => new Date(ms).toISOString();
  await sql`
    WITH u AS (
      SELECT * FROM unnest(
        ${arrayLiteral(sessions.map((s) => s.performerId))}::bigint[],
        ${arrayLiteral(sessions.map((s) => s.continued))}::boolean[],
        ${col((s) => iso(s.start))}::timestamptz[],
        ${col((s) => iso(s.end))}::timestamptz[],
        ${col((s) => s.followersStart)}::integer[],
        ${col((s) => s.followersEnd)}::integer[],
        ${col((s) => s.maxViewers)}::integer[],
        ${col((s) => s.viewersSum)}::bigint[],
        ${col((s) => s.viewersSamples)}::integer[],
        ${col((s) => s.bestRank)}::integer[],
        ${col((s) => s.bestGenderRank)}::integer[],
        ${col((s) => s.rankSum)}::bigint[],
        ${col((s) => s.rankSamples)}::integer[],
        ${col((s) => s.genderRankSum)}::bigint[],
        ${col((s) => s.genderRankSamples)}::integer[],
        ${col((s) => s.snapshots)}::integer[],
        ${col((s) => s.tags.join(TAG_SEPARATOR))}::text[],
        ${col((s) => s.subject)}::text[]
      ) AS u(performer_id, continued, start_time, end_time, ${sql.raw(SESSION_COLUMNS)})
    ),
    updated AS (
      UPDATE stream_sessions AS s SET
        end_time = u.end_time, followers_start = u.followers_start, followers_end = u.followers_end,
        max_viewers = u.max_viewers, viewers_sum = u.viewers_sum, viewers_samples = u.viewers_samples,
        best_rank = u.best_rank, best_gender_rank = u.best_gender_rank, rank_sum = u.rank_sum,
        rank_samples = u.rank_samples, gender_rank_sum = u.gender_rank_sum,
        gender_rank_samples = u.gender_rank_samples, snapshots = u.snapshots,
        tags = string_to_array(u.tags, E'\\x1f'), room_subject = u.room_subject
      FROM u
      WHERE u.continued AND s.performer_id = u.performer_id AND s.start_time = u.start_time
      RETURNING 1
    )
    INSERT INTO stream_sessions (performer_id, start_time, end_time, ${sql.raw(SESSION_COLUMNS)})
    SELECT performer_id, start_time, end_time, followers_start, followers_end, max_viewers, viewers_sum,
      viewers_samples, best_rank, best_gender_rank, rank_sum, rank_samples, gender_rank_sum,
      gender_rank_samples, snapshots, string_to_array(tags, E'\\x1f'), room_subject
    FROM u WHERE NOT u.continued`.execute(db);
}
