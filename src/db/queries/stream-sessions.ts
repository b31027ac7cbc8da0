import { sql } from "kysely";
import { arrayLiteral } from "../array-literal.ts";
import type { Db } from "../connect.ts";

/**
 * A session's first instant (the broadcast's start) and its last sighting, as stream_sessions
 * stores them; src/collect/sessions.ts decides from them which session a sighting joins.
 */
export interface SessionBounds {
  start: number;
  end: number;
}

/** The latest session of each performer given (by start), in one statement. */
export async function latestSessions(db: Db, performerIds: number[]): Promise<Map<number, SessionBounds>> {
  if (performerIds.length === 0) return new Map();
  const { rows } = await sql<{ performer_id: number; start_time: Date; end_time: Date }>`
    SELECT p.performer_id, s.start_time, s.end_time FROM unnest(${arrayLiteral(performerIds)}::bigint[]) AS p(performer_id)
    CROSS JOIN LATERAL (
      SELECT ss.start_time, ss.end_time FROM stream_sessions AS ss
      WHERE ss.performer_id = p.performer_id
      ORDER BY ss.start_time DESC LIMIT 1
    ) AS s`.execute(db);
  return new Map(
    rows.map((row) => [row.performer_id, { start: row.start_time.getTime(), end: row.end_time.getTime() }]),
  );
}
