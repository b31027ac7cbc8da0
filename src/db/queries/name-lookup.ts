import { sql } from "kysely";
import type { Db } from "../connect.ts";
import type { GenderKey } from "../schema.ts";

export interface NameMatch {
  name: string;
  displayName: string | null;
  gender: GenderKey | null;
  followers: number | null;
}

const notOptedOut = sql`NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)`;

/** LIKE's wildcards in a term stand for themselves. */
const likeLiteral = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Performers whose username contains the term (the pickers' lookup): the exact name first, then
 * names starting with it, then by followers, then by name. The trigram index serves the LIKE.
 */
export async function namesContaining(
  db: Db,
  term: string,
  gender: Exclude<GenderKey, "u"> | null,
  limit: number,
): Promise<NameMatch[]> {
  const pattern = `%${likeLiteral(term)}%`;
  const { rows } = await sql<NameMatch>`
    SELECT p.username AS name, p.display_name AS "displayName", p.gender, p.followers
    FROM performers p
    WHERE p.username LIKE ${pattern} AND ${notOptedOut}
      AND (${gender}::text IS NULL OR p.gender = ${gender})
    ORDER BY p.username = ${term} DESC, p.username LIKE ${`${likeLiteral(term)}%`} DESC,
      p.followers DESC NULLS LAST, p.username
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** A seen name and when its performer was last seen online (epoch ms). */
export interface SeenName {
  name: string;
  lastSeen: number;
}

/**
 * Seen usernames most like the name, with when each was last seen (the name picker shows how
 * recently a look-alike was live): the trigram index serves the match; the
 * name itself is left out.
 */
export async function closestNames(db: Db, name: string, limit: number): Promise<SeenName[]> {
  const { rows } = await sql<{ name: string; lastSeen: Date }>`
    SELECT p.username AS name, p.last_seen AS "lastSeen" FROM performers p
    WHERE p.username % ${name} AND p.username <> ${name} AND ${notOptedOut}
    ORDER BY similarity(p.username, ${name}) DESC, p.username
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ name: r.name, lastSeen: r.lastSeen.getTime() }));
}

/**
 * Whether a name is taken, and when its performer was last seen: null when free, and also when
 * taken by a performer who opted out (the name is taken, but nothing about them is shown).
 */
export async function nameSeen(db: Db, name: string): Promise<{ taken: boolean; lastSeen: number | null }> {
  const { rows } = await sql<{ optedOut: boolean; lastSeen: Date }>`
    SELECT p.last_seen AS "lastSeen", NOT (${notOptedOut}) AS "optedOut"
    FROM performers p WHERE p.username = ${name}`.execute(db);
  const row = rows[0];
  if (row === undefined) return { taken: false, lastSeen: null };
  return { taken: true, lastSeen: row.optedOut ? null : row.lastSeen.getTime() };
}

/**
 * Which of these names a seen performer holds (opted-out ones included: their names are taken),
 * in one query on the unique index: the name picker checks every suggestion before showing it.
 */
export async function takenAmong(db: Db, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const { rows } = await sql<{ name: string }>`
    SELECT username AS name FROM performers WHERE username = ANY(${[...names]}::text[])`.execute(db);
  return new Set(rows.map((r) => r.name));
}
