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

/** Whether a performer with exactly this username has been seen (opted-out ones included: the name is taken). */
export async function nameTaken(db: Db, name: string): Promise<boolean> {
  const { rows } = await sql<{ taken: boolean }>`
    SELECT EXISTS (SELECT 1 FROM performers WHERE username = ${name}) AS taken`.execute(db);
  return rows[0]?.taken ?? false;
}

/** Seen usernames most like the name (trigram similarity), the name itself left out. */
export async function similarNames(db: Db, name: string, limit: number): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT p.username AS name FROM performers p
    WHERE p.username % ${name} AND p.username <> ${name} AND ${notOptedOut}
    ORDER BY similarity(p.username, ${name}) DESC, p.username
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.name);
}
