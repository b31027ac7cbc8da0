import { sql } from "kysely";
import type { Db } from "../connect.ts";

export interface PerformerRef {
  performerId: number;
  username: string;
}

/**
 * A performer by name as a visitor types it (usernames are lowercase on the platform); opted-out
 * performers are not found, whatever rows we still hold for them.
 */
export async function findPerformer(db: Db, name: string): Promise<PerformerRef | null> {
  const { rows } = await sql<PerformerRef>`
    SELECT p.performer_id AS "performerId", p.username FROM performers p
    WHERE p.username = ${name.trim().toLowerCase()}
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)`.execute(
    db,
  );
  return rows[0] ?? null;
}

/**
 * A performer by name whether or not they opted out, and whether they did: for the calls of the
 * performer's own account (decision 0021), which must still find a performer who opted out so that
 * they can opt back in.
 */
export async function findPerformerEvenOptedOut(
  db: Db,
  name: string,
): Promise<(PerformerRef & { optedOut: boolean }) | null> {
  const { rows } = await sql<PerformerRef & { optedOut: boolean }>`
    SELECT p.performer_id AS "performerId", p.username,
      EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL) AS "optedOut"
    FROM performers p WHERE p.username = ${name.trim().toLowerCase()}`.execute(db);
  return rows[0] ?? null;
}
