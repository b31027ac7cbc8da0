import type { Db } from "../connect.ts";

/**
 * An account's signed-in devices (issue 27, ASVS V3.3.4, decision 0042): each better-auth session
 * row is one sign-in on one device, with the coarse facts migration 0029 keeps.
 */

export interface SessionRow {
  id: string;
  device: string | null;
  country: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

/** A person with more sign-ins than this sees the most recently used ones. */
export const SESSIONS_LISTED = 100;

/** The account's open sessions, the most recently used first. */
export async function openSessionsOf(db: Db, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .selectFrom("auth_sessions")
    .select(["id", "device", "country", "created_at as createdAt", "last_used_at as lastUsedAt"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .orderBy("last_used_at", "desc")
    .orderBy("created_at", "desc")
    .limit(SESSIONS_LISTED)
    .execute();
}

/**
 * Ends one session of the account (its refresh family goes with it by the cascade); false when the
 * account has no such session, whether it is another's, already ended or never was.
 */
export async function endSessionOf(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .deleteFrom("auth_sessions")
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .returning("id")
    .executeTakeFirst();
  return ended !== undefined;
}

/** Deletes the sessions that ended before `before` by expiring (signed-out ones are deleted at once); how many went. */
export async function pruneExpiredSessions(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom("auth_sessions").where("expires_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
