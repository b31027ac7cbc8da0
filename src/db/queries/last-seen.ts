import { sql } from "kysely";
import type { Db } from "../connect.ts";

/**
 * When each of these performers was last seen online (performers.last_seen, which the collector
 * moves forward on every poll that lists them), in epoch milliseconds. Usernames we never saw are
 * absent. Pages ask for the rows on screen only (50 at most), so the unique index on username
 * serves it.
 */
export async function lastSeenOf(db: Db, usernames: readonly string[]): Promise<Map<string, number>> {
  if (usernames.length === 0) return new Map();
  const { rows } = await sql<{ username: string; lastSeen: Date }>`
    SELECT p.username, p.last_seen AS "lastSeen"
    FROM performers p
    WHERE p.username = ANY(${[...usernames]}::text[])`.execute(db);
  return new Map(rows.map((r) => [r.username, r.lastSeen.getTime()]));
}
