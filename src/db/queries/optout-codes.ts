import { sql } from "kysely";
import { arrayLiteral } from "../array-literal.ts";
import type { Db } from "../connect.ts";
import { optOutWithin, withdrawOptout } from "./optouts.ts";

/** Opt-out codes (migration 0029, decision 0044): a performer opts out, or back in, without an account. */

export type OptoutAction = "out" | "in";

export interface OptoutCodeRow {
  code: string;
  action: OptoutAction;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

const rowColumns = sql`code, action, created_at AS "createdAt", expires_at AS "expiresAt", used_at AS "usedAt"`;

/**
 * The performer's code for `action` expiring at `expiresAt`: the one already made (used or not:
 * asking again tells nobody whether it was used), or a new one from `newCode()`. Concurrent asks
 * agree on one row; a drawn code that exists already is drawn again.
 */
export async function optoutCodeFor(
  db: Db,
  options: {
    performerId: number;
    action: OptoutAction;
    expiresAt: Date;
    now: Date;
    newCode: () => string;
  },
): Promise<OptoutCodeRow> {
  const { performerId, action, expiresAt, now } = options;
  for (let attempt = 0; attempt < 5; attempt++) {
    await sql`
      INSERT INTO optout_codes (performer_id, action, expires_at, code, created_at)
      VALUES (${performerId}, ${action}, ${expiresAt}, ${options.newCode()}, ${now})
      ON CONFLICT DO NOTHING`.execute(db);
    const { rows } = await sql<OptoutCodeRow>`
      SELECT ${rowColumns} FROM optout_codes
      WHERE performer_id = ${performerId} AND action = ${action} AND expires_at = ${expiresAt}`.execute(db);
    if (rows[0] !== undefined) return rows[0];
  }
  throw new Error(`no unused opt-out code could be drawn for performer ${performerId}`);
}

/** A pending code seen where only its performer can put it. */
export interface FoundOptoutCode {
  performerId: number;
  username: string;
  action: OptoutAction;
  code: string;
}

const foundColumns = sql`c.performer_id AS "performerId", p.username, c.action, c.code`;

/**
 * The pending codes among `seen`: each code counts only in its own performer's text (a room
 * subject or an about-me read just now), so a code put in another performer's room does nothing.
 * The codes were picked out of the texts beforehand (optoutCodesIn); none, no query.
 */
export async function pendingCodesAmong(
  db: Db,
  seen: readonly { username: string; code: string }[],
  now: Date,
): Promise<FoundOptoutCode[]> {
  if (seen.length === 0) return [];
  const { rows } = await sql<FoundOptoutCode>`
    SELECT ${foundColumns}
    FROM unnest(${arrayLiteral(seen.map((s) => s.username))}::text[], ${arrayLiteral(seen.map((s) => s.code))}::text[])
      AS s(username, code)
    JOIN performers p ON p.username = s.username
    JOIN optout_codes c ON c.performer_id = p.performer_id AND c.code = s.code
    WHERE c.used_at IS NULL AND c.expires_at > ${now}
    ORDER BY c.created_at, c.code`.execute(db);
  return rows;
}

/**
 * The pending codes their performer's stored about-me holds (any case), in one statement over the
 * pending codes only: nothing to read when there are none.
 */
export async function pendingCodesInStoredAboutMe(db: Db, now: Date): Promise<FoundOptoutCode[]> {
  const { rows } = await sql<FoundOptoutCode>`
    SELECT ${foundColumns}
    FROM optout_codes c
    JOIN performers p ON p.performer_id = c.performer_id
    JOIN performer_bios b ON b.performer_id = c.performer_id
    WHERE c.used_at IS NULL AND c.expires_at > ${now}
      AND strpos(upper(b.about_me), c.code) > 0
    ORDER BY c.created_at, c.code`.execute(db);
  return rows;
}

/**
 * Uses a code: marked used, and in the same transaction the performer opted out exactly as their
 * verified account would (optOutWithin), or back in (withdrawOptout). A code no longer pending
 * (used, expired) does nothing: false.
 */
export async function spendOptoutCode(db: Db, found: FoundOptoutCode, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await sql`
      UPDATE optout_codes SET used_at = ${now}
      WHERE performer_id = ${found.performerId} AND code = ${found.code}
        AND used_at IS NULL AND expires_at > ${now}`.execute(trx);
    if (Number(marked.numAffectedRows ?? 0) === 0) return false;
    if (found.action === "out") await optOutWithin(trx, found, now);
    else await withdrawOptout(trx, found.username);
    return true;
  });
}

/** Marks the performer's pending codes as looked for in a fresh about-me (the bio fetcher's recheck). */
export async function markCodesBioChecked(db: Db, performerId: number, now: Date): Promise<void> {
  await sql`
    UPDATE optout_codes SET bio_checked_at = ${now}
    WHERE performer_id = ${performerId} AND used_at IS NULL AND expires_at > ${now}`.execute(db);
}

/**
 * Deletes the codes that expired unused before `before`: they can open nothing any more. Used
 * codes stay, the record of how an opt-out (or its end) was made. Returns how many went.
 */
export async function pruneExpiredOptoutCodes(db: Db, before: Date): Promise<number> {
  const deleted = await sql`
    DELETE FROM optout_codes WHERE used_at IS NULL AND expires_at < ${before}`.execute(db);
  return Number(deleted.numAffectedRows ?? 0);
}
