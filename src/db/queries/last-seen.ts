import { sql } from "kysely";
import type { Db } from "../connect.ts";

export interface Sighting {
  /** performers.last_seen in epoch milliseconds. */
  lastSeen: number;
  /** Whether the thumbnail keeper holds a profile thumbnail (SPEC §3 hasThumb). */
  hasThumb: boolean;
}

/**
 * When each of these performers was last seen online (performers.last_seen, which the collector
 * moves forward on every poll that lists them), and whether we keep their thumbnail. Usernames we
 * never saw are absent. Pages ask for the rows on screen only (50 at most), so the unique index on
 * username and the thumbnails' primary key serve it.
 */
export async function sightingsOf(db: Db, usernames: readonly string[]): Promise<Map<string, Sighting>> {
  if (usernames.length === 0) return new Map();
  const { rows } = await sql<{ username: string; lastSeen: Date; hasThumb: boolean }>`
    SELECT p.username, p.last_seen AS "lastSeen",
      EXISTS (
        SELECT 1 FROM performer_thumbs t WHERE t.performer_id = p.performer_id AND t.stored_at IS NOT NULL
      ) AS "hasThumb"
    FROM performers p
    WHERE p.username = ANY(${[...usernames]}::text[])`.execute(db);
  return new Map(rows.map((r) => [r.username, { lastSeen: r.lastSeen.getTime(), hasThumb: r.hasThumb }]));
}
