import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** A stream session as SPEC §3 names its fields, with the id the API addresses it by. */
export interface StreamSession {
  /** The start instant in whole seconds since 1970: a performer's streams never share a start. */
  streamId: string;
  startTime: string;
  endTime: string;
  followersStart: number | null;
  followersEnd: number | null;
  maxViewers: number | null;
  avgViewers: number | null;
  bestRank: number | null;
  bestGenderRank: number | null;
  avgRank: number | null;
  avgGenderRank: number | null;
  tags: string[];
}

/**
 * The fields of a session that a table of sessions shows (the performer page's): not its tags
 * (an array to read and decode for each row), its gender ranks or its average rank.
 */
export const SESSION_ROW_FIELDS = [
  "streamId",
  "startTime",
  "endTime",
  "followersStart",
  "followersEnd",
  "maxViewers",
  "avgViewers",
  "bestRank",
] as const satisfies readonly (keyof StreamSession)[];
export type StreamSessionRow = Pick<StreamSession, (typeof SESSION_ROW_FIELDS)[number]>;

/** Averages come from the sums the collector keeps, to one decimal (null without samples). */
const ROW_COLUMNS = sql`
  date_part('epoch', start_time)::bigint::text AS "streamId",
  to_char(start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "startTime",
  to_char(end_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "endTime",
  followers_start AS "followersStart", followers_end AS "followersEnd", max_viewers AS "maxViewers",
  CASE WHEN viewers_samples > 0 THEN ROUND(viewers_sum::numeric / viewers_samples, 1)::float8 END AS "avgViewers",
  best_rank AS "bestRank"`;
const SESSION_COLUMNS = sql`${ROW_COLUMNS},
  best_gender_rank AS "bestGenderRank",
  CASE WHEN rank_samples > 0 THEN ROUND(rank_sum::numeric / rank_samples, 1)::float8 END AS "avgRank",
  CASE WHEN gender_rank_samples > 0 THEN ROUND(gender_rank_sum::numeric / gender_rank_samples, 1)::float8 END AS "avgGenderRank",
  tags`;

/** A performer's streams, newest first (the primary key's order, read backwards). */
export async function performerStreams(db: Db, performerId: number, limit: number): Promise<StreamSession[]> {
  const { rows } = await sql<StreamSession>`
    SELECT ${SESSION_COLUMNS} FROM stream_sessions
    WHERE performer_id = ${performerId} ORDER BY start_time DESC LIMIT ${limit}`.execute(db);
  return rows;
}

/** A performer's latest streams as a table shows them (SESSION_ROW_FIELDS), newest first. */
export async function performerStreamRows(
  db: Db,
  performerId: number,
  limit: number,
): Promise<StreamSessionRow[]> {
  const { rows } = await sql<StreamSessionRow>`
    SELECT ${ROW_COLUMNS} FROM stream_sessions
    WHERE performer_id = ${performerId} ORDER BY start_time DESC LIMIT ${limit}`.execute(db);
  return rows;
}

/** One stream by its id, or the latest when no id is given; null when there is none. */
export async function performerStream(
  db: Db,
  performerId: number,
  streamId: string | undefined,
): Promise<StreamSession | null> {
  const { rows } =
    streamId === undefined
      ? await sql<StreamSession>`
          SELECT ${SESSION_COLUMNS} FROM stream_sessions
          WHERE performer_id = ${performerId} ORDER BY start_time DESC LIMIT 1`.execute(db)
      : await sql<StreamSession>`
          SELECT ${SESSION_COLUMNS} FROM stream_sessions
          WHERE performer_id = ${performerId} AND start_time = to_timestamp(${Number(streamId)})`.execute(db);
  return rows[0] ?? null;
}
