import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** What became of a suggestion: kept (stored now or already pending), or refused for a full queue. */
export type SuggestionOutcome = "kept" | "full";

/**
 * Serialises one performer's suggestions of one kind for the rest of the transaction, so that the
 * count of pending ones and the insert that follows cannot be raced past the cap.
 */
const lockPerformer = (db: Db, kind: string, username: string) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${kind}), hashtext(${username}))`.execute(db);

/**
 * Records a tag suggestion once per performer and tag (whatever its review status), while the
 * performer has fewer than `maxPending` tag suggestions waiting for review; at the cap nothing is
 * stored, a repeat included, so the answer never tells what others suggested. A repeat while
 * pending counts one more arrival (`times`, what the reviewer sees); `senderId` is the signed-in
 * account that sent it first, or null.
 */
export async function suggestTag(
  db: Db,
  username: string,
  tag: string,
  maxPending: number,
  senderId: string | null = null,
): Promise<SuggestionOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockPerformer(trx, "tag_suggestions", username);
    const { rows } = await sql<{ pending: string }>`
      WITH pending AS (
        SELECT count(*) AS n FROM tag_suggestions WHERE username = ${username} AND status = 'pending'
      ), added AS (
        INSERT INTO tag_suggestions (username, tag, sender_id)
        SELECT ${username}, ${tag}, ${senderId}::uuid FROM pending WHERE n < ${maxPending}
        ON CONFLICT (username, tag) DO UPDATE SET times = tag_suggestions.times + 1
        WHERE tag_suggestions.status = 'pending'
      )
      SELECT n AS pending FROM pending`.execute(trx);
    return Number(rows[0]?.pending ?? 0) < maxPending ? "kept" : "full";
  });
}

/**
 * Records a summary suggestion for review (never published until approved): once while pending
 * per performer and normalised text (migration 0026's index; a repeat counts in `times`), and only
 * while the performer has fewer than `maxPending` summaries waiting; at the cap nothing is stored.
 */
export async function suggestSummary(
  db: Db,
  username: string,
  summary: string,
  maxPending: number,
  senderId: string | null = null,
): Promise<SuggestionOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockPerformer(trx, "summary_suggestions", username);
    const { rows } = await sql<{ pending: string }>`
      WITH pending AS (
        SELECT count(*) AS n FROM summary_suggestions WHERE username = ${username} AND status = 'pending'
      ), added AS (
        INSERT INTO summary_suggestions (username, summary, sender_id)
        SELECT ${username}, ${summary}, ${senderId}::uuid FROM pending WHERE n < ${maxPending}
        ON CONFLICT (username, md5(lower(normalize(summary, NFKC)))) WHERE status = 'pending'
        DO UPDATE SET times = summary_suggestions.times + 1
      )
      SELECT n AS pending FROM pending`.execute(trx);
    return Number(rows[0]?.pending ?? 0) < maxPending ? "kept" : "full";
  });
}
