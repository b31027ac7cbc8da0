import { sql } from "kysely";
import type { Db } from "../connect.ts";

/**
 * The addresses an account's password was recently proven from (decision 0031), each under the
 * keyed hash of its (account, address) pair (src/identity/abuse-limits.ts makes it).
 */

/** Whether the pair proved the password since `since`. */
export async function isKnownAddress(db: Db, pairHash: Buffer, since: Date): Promise<boolean> {
  const { rows } = await sql<{ known: boolean }>`
    SELECT EXISTS (SELECT 1 FROM auth_known_addresses WHERE pair_hash = ${pairHash} AND last_at > ${since}) AS known`.execute(
    db,
  );
  return rows[0]?.known === true;
}

/** Records (or renews) a pair that just proved the account's password. */
export async function rememberAddress(db: Db, pairHash: Buffer, userId: string, now: Date): Promise<void> {
  await sql`
    INSERT INTO auth_known_addresses (pair_hash, user_id, last_at) VALUES (${pairHash}, ${userId}::uuid, ${now})
    ON CONFLICT (pair_hash) DO UPDATE SET user_id = excluded.user_id, last_at = excluded.last_at`.execute(db);
}

/** Forgets the pairs not renewed since `before`; returns how many went. */
export async function pruneKnownAddresses(db: Db, before: Date): Promise<number> {
  const result = await sql`DELETE FROM auth_known_addresses WHERE last_at < ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
