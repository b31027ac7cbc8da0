import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** A user's claim to be a performer (migration 0016, decision 0021). */
export interface ClaimRow {
  code: string;
  createdAt: Date;
  expiresAt: Date;
  lastCheckedAt: Date | null;
  verifiedAt: Date | null;
}

/** The two-key advisory locks that serialise the claims of one performer (apart from mail's 1_717). */
const OWNER_LOCK_CLASS = 1_719;
/** The same for one user's claims (the pending limit). */
const USER_CLAIMS_LOCK_CLASS = 1_721;

const claimColumns = sql`code, created_at AS "createdAt", expires_at AS "expiresAt",
  last_checked_at AS "lastCheckedAt", verified_at AS "verifiedAt"`;

export async function claimOf(db: Db, userId: string, performerId: number): Promise<ClaimRow | null> {
  const { rows } = await sql<ClaimRow>`
    SELECT ${claimColumns} FROM performer_claims
    WHERE user_id = ${userId} AND performer_id = ${performerId}`.execute(db);
  return rows[0] ?? null;
}

/** The account verified for a performer, or null. */
export async function ownerOf(db: Db, performerId: number): Promise<string | null> {
  const { rows } = await sql<{ user_id: string }>`
    SELECT user_id FROM performer_owners WHERE performer_id = ${performerId}`.execute(db);
  return rows[0]?.user_id ?? null;
}

/** The performers an account is verified for, the most recently verified first. */
export async function ownedPerformers(db: Db, userId: string): Promise<string[]> {
  const { rows } = await sql<{ username: string }>`
    SELECT p.username FROM performer_owners o JOIN performers p ON p.performer_id = o.performer_id
    WHERE o.user_id = ${userId}
    ORDER BY o.verified_at DESC, p.username`.execute(db);
  return rows.map((r) => r.username);
}

export type ClaimRequest = { kind: "claim"; claim: ClaimRow } | { kind: "tooMany"; pending: number };

/**
 * The user's claim on a performer: the pending one as it is (asking again shows the same code), or
 * a new one with `newCode()` replacing an expired or spent one. A new claim is refused when the
 * user already has `maxPending` others waiting. One user's requests are serialised, so two at
 * once cannot pass the limit together; a code that happens to exist already is drawn again.
 */
export async function requestClaim(
  db: Db,
  options: {
    userId: string;
    performerId: number;
    now: Date;
    ttlMs: number;
    maxPending: number;
    newCode: () => string;
  },
): Promise<ClaimRequest> {
  const { userId, performerId, now } = options;
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${USER_CLAIMS_LOCK_CLASS}, hashtext(${userId}))`.execute(trx);
    const current = await claimOf(trx, userId, performerId);
    if (current !== null && current.verifiedAt === null && current.expiresAt > now) {
      return { kind: "claim", claim: current };
    }
    const { rows } = await sql<{ pending: number }>`
      SELECT count(*)::int AS pending FROM performer_claims
      WHERE user_id = ${userId} AND performer_id <> ${performerId}
        AND verified_at IS NULL AND expires_at > ${now}`.execute(trx);
    const pending = rows[0]?.pending ?? 0;
    if (pending >= options.maxPending) return { kind: "tooMany", pending };
    const expiresAt = new Date(now.getTime() + options.ttlMs);
    for (let attempt = 0; ; attempt++) {
      const code = options.newCode();
      const taken = await sql`SELECT 1 FROM performer_claims WHERE code = ${code}`.execute(trx);
      if (taken.rows.length > 0 && attempt < 5) continue;
      const { rows: written } = await sql<ClaimRow>`
        INSERT INTO performer_claims (user_id, performer_id, code, created_at, expires_at)
        VALUES (${userId}, ${performerId}, ${code}, ${now}, ${expiresAt})
        ON CONFLICT (performer_id, user_id) DO UPDATE SET code = EXCLUDED.code,
          created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at,
          last_checked_at = NULL, verified_at = NULL
        RETURNING ${claimColumns}`.execute(trx);
      return { kind: "claim", claim: written[0] as ClaimRow };
    }
  });
}

/** A pending claim whose code was found in its performer's room subject or about-me. */
export interface FoundClaim {
  userId: string;
  performerId: number;
  username: string;
  code: string;
}

/**
 * The check after each stored poll, in one statement over the pending claims only: every pending
 * claim is marked looked at (`now`), and those whose code the performer's stored room subject or
 * about-me holds (any case) are returned. Opted-out performers' claims are not matched: nothing of
 * theirs is stored any more.
 */
export async function checkPendingClaims(db: Db, now: Date): Promise<FoundClaim[]> {
  const { rows } = await sql<FoundClaim>`
    WITH pending AS (
      UPDATE performer_claims c SET last_checked_at = ${now}
      WHERE c.verified_at IS NULL AND c.expires_at > ${now}
      RETURNING c.user_id, c.performer_id, c.code
    )
    SELECT pending.user_id AS "userId", pending.performer_id AS "performerId", p.username, pending.code
    FROM pending
    JOIN performers p ON p.performer_id = pending.performer_id
    LEFT JOIN performer_bios b ON b.performer_id = pending.performer_id
    WHERE (strpos(upper(coalesce(p.room_subject, '')), pending.code) > 0
        OR strpos(upper(coalesce(b.about_me, '')), pending.code) > 0)
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ORDER BY pending.performer_id, pending.user_id`.execute(db);
  return rows;
}

/** A verification done: who was verified for the performer before, if anyone else (to be told). */
export interface Verified {
  previousOwner: { userId: string; email: string } | null;
}

/**
 * Makes the claim's user the performer's one verified account: the claim is marked verified, the
 * owner row written, and an earlier owner's claim on the performer ended (their account is no longer
 * verified for it). Serialised per performer; a claim no longer pending changes nothing (null).
 */
export async function verifyClaim(
  db: Db,
  claim: { userId: string; performerId: number; code: string },
  now: Date,
): Promise<Verified | null> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${OWNER_LOCK_CLASS}, (${claim.performerId}::bigint % 2147483647)::int)`.execute(
      trx,
    );
    const marked = await sql`
      UPDATE performer_claims SET verified_at = ${now}
      WHERE user_id = ${claim.userId} AND performer_id = ${claim.performerId} AND code = ${claim.code}
        AND verified_at IS NULL AND expires_at > ${now}`.execute(trx);
    if (Number(marked.numAffectedRows ?? 0) === 0) return null;
    const { rows } = await sql<{ userId: string; email: string }>`
      SELECT o.user_id AS "userId", u.email FROM performer_owners o JOIN users u ON u.id = o.user_id
      WHERE o.performer_id = ${claim.performerId}`.execute(trx);
    const before = rows[0] ?? null;
    await sql`
      INSERT INTO performer_owners (performer_id, user_id, verified_at)
      VALUES (${claim.performerId}, ${claim.userId}, ${now})
      ON CONFLICT (performer_id) DO UPDATE SET user_id = EXCLUDED.user_id, verified_at = EXCLUDED.verified_at`.execute(
      trx,
    );
    const previousOwner = before !== null && before.userId !== claim.userId ? before : null;
    if (previousOwner !== null) {
      await sql`
        DELETE FROM performer_claims
        WHERE user_id = ${previousOwner.userId} AND performer_id = ${claim.performerId}`.execute(trx);
    }
    return { previousOwner };
  });
}
