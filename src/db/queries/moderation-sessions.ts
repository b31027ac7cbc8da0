import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** Keeps the /moderation cookie's hash for a sign-in, replacing the one it had (a refresh rotates it). */
export async function keepModerationSession(
  db: Db,
  sessionId: string,
  userId: string,
  tokenHash: Buffer,
): Promise<void> {
  await sql`
    INSERT INTO moderation_sessions (session_id, user_id, token_hash)
    VALUES (${sessionId}::uuid, ${userId}::uuid, ${tokenHash})
    ON CONFLICT (session_id) DO UPDATE SET token_hash = excluded.token_hash, user_id = excluded.user_id`.execute(
    db,
  );
}

/** The account whose open sign-in the cookie's hash belongs to, or null. */
export async function moderationSessionUser(db: Db, tokenHash: Buffer, now: Date): Promise<string | null> {
  const { rows } = await sql<{ userId: string }>`
    SELECT m.user_id AS "userId" FROM moderation_sessions m
    JOIN auth_sessions s ON s.id = m.session_id
    WHERE m.token_hash = ${tokenHash} AND s.expires_at > ${now}`.execute(db);
  return rows[0]?.userId ?? null;
}
