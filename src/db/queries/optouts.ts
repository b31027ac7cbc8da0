import { sql, type Transaction } from "kysely";
import type { Db } from "../connect.ts";
import type { Database } from "../schema.ts";

/** Usernames whose opt-out is confirmed: never stored again (DESIGN.md §4). */
export async function confirmedOptouts(db: Db): Promise<Set<string>> {
  const { rows } = await sql<{ username: string }>`
    SELECT username FROM optouts WHERE confirmed_at IS NOT NULL`.execute(db);
  return new Set(rows.map((r) => r.username));
}

/** Whether one username's opt-out is confirmed: checked right before a request made on their behalf. */
export async function isConfirmedOptout(db: Db, username: string): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`
    SELECT 1 AS found FROM optouts WHERE username = ${username} AND confirmed_at IS NOT NULL`.execute(db);
  return rows.length > 0;
}

/**
 * A verified performer's opt-out (decision 0021), in effect at once: confirmed, and the performer
 * taken off every model list (issue 18: an opted-out performer appears in none). Everything else
 * leaves them out by reading this table.
 */
export async function confirmOwnOptout(
  db: Db,
  performer: { performerId: number; username: string },
  now: Date,
) {
  await db.transaction().execute((trx) => optOutWithin(trx, performer, now));
}

/**
 * What confirmOwnOptout does, within a transaction the caller holds (an opt-out code is marked
 * used in the same one, decision 0044).
 */
export async function optOutWithin(
  trx: Transaction<Database>,
  performer: { performerId: number; username: string },
  now: Date,
): Promise<void> {
  await sql`
    INSERT INTO optouts (username, requested_at, confirmed_at) VALUES (${performer.username}, ${now}, ${now})
    ON CONFLICT (username) DO UPDATE SET confirmed_at = coalesce(optouts.confirmed_at, EXCLUDED.confirmed_at)`.execute(
    trx,
  );
  await sql`DELETE FROM list_performers WHERE performer_id = ${performer.performerId}`.execute(trx);
}

/** The performer's opt-out withdrawn by themselves: they are collected and shown again from now on. */
export async function withdrawOptout(db: Db | Transaction<Database>, username: string): Promise<void> {
  await sql`DELETE FROM optouts WHERE username = ${username}`.execute(db);
}

/** Changes whenever an opt-out is confirmed or withdrawn: the page cache drops its pages then. */
export async function optoutsFingerprint(db: Db): Promise<string> {
  const { rows } = await sql<{ fingerprint: string }>`
    SELECT concat_ws(':', count(*), sum(hashtext(username)), max(confirmed_at)) AS fingerprint
    FROM optouts WHERE confirmed_at IS NOT NULL`.execute(db);
  return rows[0]?.fingerprint ?? "";
}
