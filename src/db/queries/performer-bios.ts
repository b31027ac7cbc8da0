import { sql } from "kysely";
import { arrayLiteral } from "../array-literal.ts";
import type { Db } from "../connect.ts";

/** A performer whose about-me text is due (never fetched, or fetched before the refresh cutoff). */
export interface BioCandidate {
  performerId: number;
  username: string;
}

/**
 * The next performers to fetch a bio for: those without one first (a new performer is worth more
 * than a refresh), then the stalest-due; within each, the most recently seen first, since they are
 * the ones people search for. Confirmed opt-outs are never picked.
 */
export async function performersNeedingBio(
  db: Db,
  options: { staleBefore: Date; limit: number },
): Promise<BioCandidate[]> {
  const { rows } = await sql<BioCandidate>`
    SELECT p.performer_id AS "performerId", p.username
    FROM performers p
    LEFT JOIN performer_bios b ON b.performer_id = p.performer_id
    WHERE (b.performer_id IS NULL OR b.fetched_at < ${options.staleBefore})
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ORDER BY (b.performer_id IS NULL) DESC, p.last_seen DESC, p.performer_id
    LIMIT ${options.limit}`.execute(db);
  return rows;
}

export interface BioRow {
  performerId: number;
  aboutMe: string;
  fetchedAt: Date;
}

/**
 * Stores fetched texts in one statement, replacing older ones; changed_at moves only when the
 * text did (the search rebuilds its text index only then). A performer whose opt-out was
 * confirmed after the text was fetched is left out here, so it is never stored.
 * Returns how many rows were written.
 */
export async function storeBios(db: Db, bios: readonly BioRow[]): Promise<number> {
  if (bios.length === 0) return 0;
  // One row per performer: ON CONFLICT cannot update the same row twice in one statement.
  const latest = new Map(bios.map((bio) => [bio.performerId, bio]));
  const rows = [...latest.values()];
  const result = await sql`
    INSERT INTO performer_bios (performer_id, about_me, fetched_at, changed_at)
    SELECT b.performer_id, b.about_me, b.fetched_at, b.fetched_at
    FROM unnest(
      ${arrayLiteral(rows.map((r) => r.performerId))}::bigint[],
      ${arrayLiteral(rows.map((r) => r.aboutMe))}::text[],
      ${arrayLiteral(rows.map((r) => r.fetchedAt.toISOString()))}::timestamptz[]
    ) AS b(performer_id, about_me, fetched_at)
    JOIN performers p ON p.performer_id = b.performer_id
    WHERE NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ON CONFLICT (performer_id) DO UPDATE SET about_me = EXCLUDED.about_me, fetched_at = EXCLUDED.fetched_at,
      changed_at = CASE WHEN performer_bios.about_me IS DISTINCT FROM EXCLUDED.about_me
        THEN EXCLUDED.fetched_at ELSE performer_bios.changed_at END`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
