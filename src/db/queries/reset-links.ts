import { sql } from "kysely";
import type { Db } from "../connect.ts";

/**
 * Password-reset links as better-auth stores them (auth_verifications, src/identity/auth.ts): the
 * identifier is the hash of `reset-password:{token}`, the value the account's id. Of our
 * verifications only reset links hold a user id as their value (OAuth states hold JSON; e-mail
 * confirmations are signed tokens, not rows), so "the account's links" are the rows of its id.
 */

/** The account a live reset link belongs to: its id and address; undefined for none, used or expired. */
export async function resetLinkOwner(
  db: Db,
  identifier: string,
  now: Date,
): Promise<{ userId: string; email: string } | undefined> {
  const { rows } = await sql<{ userId: string; email: string }>`
    SELECT u.id AS "userId", u.email
    FROM auth_verifications v JOIN users u ON u.id::text = v.value
    WHERE v.identifier = ${identifier} AND v.expires_at > ${now}
    ORDER BY v.created_at DESC LIMIT 1`.execute(db);
  return rows[0];
}

/** Ends every reset link of the account but the one just made (one live link). */
export async function deleteOtherResetLinks(db: Db, userId: string, keepIdentifier: string): Promise<void> {
  await sql`DELETE FROM auth_verifications WHERE value = ${userId} AND identifier <> ${keepIdentifier}`.execute(
    db,
  );
}

/** Ends every reset link of the account (a completed reset, a password change). */
export async function deleteResetLinks(db: Db, userId: string): Promise<void> {
  await sql`DELETE FROM auth_verifications WHERE value = ${userId}`.execute(db);
}
