import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** A performer's room in the latest complete poll: its show code and viewers (null when not in it). */
export interface RoomContext {
  username: string;
  /** The latest complete poll's instant, or null before any. */
  observedAt: Date | null;
  show: number | null;
  viewers: number | null;
}

/**
 * The room of `username` in the latest complete poll; null for a name we never saw or whose
 * opt-out is confirmed (the same answer: nothing of theirs is shown).
 */
export async function roomContext(db: Db, username: string): Promise<RoomContext | null> {
  const { rows } = await sql<RoomContext>`
    WITH latest AS (SELECT MAX(observed_at) AS at FROM polls WHERE status = 'complete')
    SELECT p.username, latest.at AS "observedAt", s.show, s.viewers
    FROM performers p
    CROSS JOIN latest
    LEFT JOIN snapshots s ON s.performer_id = p.performer_id AND s.observed_at = latest.at
    WHERE p.username = ${username}
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)`.execute(
    db,
  );
  return rows[0] ?? null;
}
