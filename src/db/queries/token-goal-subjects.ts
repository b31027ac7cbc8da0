import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** A room of the latest complete poll whose subject speaks of tokens. */
export interface LiveSubject {
  username: string;
  viewers: number | null;
  subject: string;
}

/**
 * The rooms of the poll observed at `pollAt` (the latest complete one: latestCompletePoll) whose
 * current subject mentions tokens, opted-out performers left out. The subject is the performer's
 * latest (performers.room_subject, written by that same poll); the filter only narrows what the
 * goal parser reads.
 */
export async function liveTokenSubjects(db: Db, pollAt: Date): Promise<LiveSubject[]> {
  const { rows } = await sql<LiveSubject>`
    SELECT p.username, s.viewers, p.room_subject AS subject
    FROM snapshots s JOIN performers p USING (performer_id)
    WHERE s.observed_at = ${pollAt.toISOString()}::timestamptz
      AND p.room_subject ~* '(token|tk)'
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)`.execute(
    db,
  );
  return rows;
}

/** The stream sessions started since a moment: how many, and their subjects that mention tokens. */
export interface RecentSubjects {
  streams: number;
  /** Each distinct subject once, with how many sessions had it. */
  subjects: { subject: string; sessions: number }[];
}

/**
 * Sessions started at or after `since` (read by the start_time index), opted-out performers left
 * out: their count, and the room subjects that mention tokens, for the goal parser. A subject
 * shared by many sessions (a performer's standing goal) comes once, with its count.
 */
export async function recentTokenSubjects(db: Db, since: Date): Promise<RecentSubjects> {
  const { rows } = await sql<{ subject: string | null; sessions: number }>`
    SELECT CASE WHEN s.room_subject ~* '(token|tk)' THEN s.room_subject END AS subject,
      COUNT(*)::integer AS sessions
    FROM stream_sessions s JOIN performers p USING (performer_id)
    WHERE s.start_time >= ${since.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    GROUP BY 1`.execute(db);
  const subjects: RecentSubjects["subjects"] = [];
  let streams = 0;
  for (const row of rows) {
    streams += row.sessions;
    if (row.subject !== null) subjects.push({ subject: row.subject, sessions: row.sessions });
  }
  return { streams, subjects };
}
