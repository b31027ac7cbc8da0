import { sql } from "kysely";
import type { Db } from "../connect.ts";

/**
 * The refresh families (decision 0018): each refresh cookie value ever issued, stored as its
 * sha256, under the better-auth session that anchors its family.
 */

export async function insertRefreshToken(db: Db, sessionId: string, tokenHash: Buffer): Promise<void> {
  await db
    .insertInto("auth_refresh_tokens")
    .values({ token_hash: tokenHash, session_id: sessionId })
    .execute();
}

export type Rotation =
  | { ok: true; userId: string; sessionId: string; sessionExpiresAt: Date }
  | { ok: false; reason: "unknown" | "expired" | "reused" | "race" };

/**
 * Replaces the presented value by `nextHash`, in one transaction with the presented row locked.
 * A value already replaced is theft unless it was replaced under `graceMs` ago by the family's
 * current value (two tabs refreshing at once: "race", nothing changes); theft deletes the session,
 * and the cascade the whole family.
 */
export async function rotateRefreshToken(
  db: Db,
  presentedHash: Buffer,
  nextHash: Buffer,
  now: Date,
  graceMs: number,
): Promise<Rotation> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom("auth_refresh_tokens as r")
      .innerJoin("auth_sessions as s", "s.id", "r.session_id")
      .select(["r.session_id", "r.replaced_at", "r.replaced_by", "s.user_id", "s.expires_at"])
      .where("r.token_hash", "=", presentedHash)
      .forUpdate()
      .executeTakeFirst();
    if (row === undefined) return { ok: false, reason: "unknown" } as const;
    if (row.replaced_at !== null) {
      if (row.replaced_by !== null && now.getTime() - row.replaced_at.getTime() < graceMs) {
        const next = await tx
          .selectFrom("auth_refresh_tokens")
          .select("replaced_at")
          .where("token_hash", "=", row.replaced_by)
          .executeTakeFirst();
        if (next !== undefined && next.replaced_at === null) return { ok: false, reason: "race" } as const;
      }
      await tx.deleteFrom("auth_sessions").where("id", "=", row.session_id).execute();
      return { ok: false, reason: "reused" } as const;
    }
    if (row.expires_at <= now) return { ok: false, reason: "expired" } as const;
    await tx
      .insertInto("auth_refresh_tokens")
      .values({ token_hash: nextHash, session_id: row.session_id })
      .execute();
    await tx
      .updateTable("auth_refresh_tokens")
      .set({ replaced_at: now, replaced_by: nextHash })
      .where("token_hash", "=", presentedHash)
      .execute();
    return {
      ok: true,
      userId: row.user_id,
      sessionId: row.session_id,
      sessionExpiresAt: row.expires_at,
    } as const;
  });
}

/** Ends the family the value belongs to (sign-out); nothing when it is unknown. */
export async function deleteSessionOfRefreshToken(db: Db, tokenHash: Buffer): Promise<void> {
  await db
    .deleteFrom("auth_sessions")
    .where(
      "id",
      "in",
      db.selectFrom("auth_refresh_tokens").select("session_id").where("token_hash", "=", tokenHash),
    )
    .execute();
}

/** Ends every family of an account (sign out everywhere). */
export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("auth_sessions").where("user_id", "=", userId).execute();
}

/**
 * A session still open (the identity token's check: a signed-out session's token stops at once).
 * An open session last marked used before `renewBefore` is then marked used `now`: the signed-in
 * devices list says when each was last active (decision 0042), and the threshold keeps that to one
 * write every few minutes per session. The read stays the one plain statement it was (a single
 * statement with the write in a CTE cost 1.4x on every request: BENCHMARKS.md, "Session use").
 */
export async function sessionIsOpen(
  db: Db,
  sessionId: string,
  now: Date,
  renewBefore: Date,
): Promise<boolean> {
  const { rows } = await sql<{ last_used_at: Date }>`
    SELECT last_used_at FROM auth_sessions WHERE id = ${sessionId}::uuid AND expires_at > ${now}`.execute(db);
  const open = rows[0];
  if (open === undefined) return false;
  if (open.last_used_at < renewBefore)
    await sql`
      UPDATE auth_sessions SET last_used_at = ${now}
      WHERE id = ${sessionId}::uuid AND last_used_at < ${renewBefore}`.execute(db);
  return true;
}

/** The session better-auth made for a sign-in, found by its token (which never leaves the server). */
export async function sessionByToken(
  db: Db,
  token: string,
): Promise<{ id: string; expires_at: Date } | undefined> {
  return db
    .selectFrom("auth_sessions")
    .select(["id", "expires_at"])
    .where("token", "=", token)
    .executeTakeFirst();
}

/**
 * Takes a session better-auth made (an external sign-in's) for a refresh family: its token is
 * replaced by `newToken`, so the token that was in better-auth's cookie finds it no more. Undefined
 * when no open session has that token (already taken over, expired, or none).
 */
export async function takeOverSession(
  db: Db,
  token: string,
  newToken: string,
  now: Date,
): Promise<{ id: string; expires_at: Date } | undefined> {
  return db
    .updateTable("auth_sessions")
    .set({ token: newToken, updated_at: now })
    .where("token", "=", token)
    .where("expires_at", ">", now)
    .returning(["id", "expires_at"])
    .executeTakeFirst();
}

/** Marks a verification link used; false when it already was (each works once). */
export async function markLinkUsed(db: Db, tokenHash: Buffer): Promise<boolean> {
  const first = await db
    .insertInto("auth_used_links")
    .values({ token_hash: tokenHash })
    .onConflict((oc) => oc.doNothing())
    .returning("used_at")
    .executeTakeFirst();
  return first !== undefined;
}

/** Whether the session was signed in (created) at or after `since`: a fresh sign-in, for calls that ask for one. */
export async function sessionSignedInSince(db: Db, sessionId: string, since: Date): Promise<boolean> {
  const { rows } = await sql<{ fresh: boolean }>`
    SELECT EXISTS (SELECT 1 FROM auth_sessions WHERE id = ${sessionId}::uuid AND created_at >= ${since}) AS fresh`.execute(
    db,
  );
  return rows[0]?.fresh === true;
}
