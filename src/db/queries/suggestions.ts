import { sql } from "kysely";
import type { Db } from "../connect.ts";

export type ReviewStatus = "pending" | "approved" | "rejected";

/** Records a tag suggestion once; suggesting it again changes nothing. Returns its review status. */
export async function suggestTag(db: Db, username: string, tag: string): Promise<ReviewStatus> {
  const { rows } = await sql<{ status: ReviewStatus }>`
    WITH added AS (
      INSERT INTO tag_suggestions (username, tag) VALUES (${username}, ${tag})
      ON CONFLICT (username, tag) DO NOTHING RETURNING status
    )
    SELECT status FROM added
    UNION ALL SELECT status FROM tag_suggestions WHERE username = ${username} AND tag = ${tag}
    LIMIT 1`.execute(db);
  return rows[0]?.status ?? "pending";
}

/** Records a summary suggestion for review (never published until approved). */
export async function suggestSummary(db: Db, username: string, summary: string): Promise<void> {
  await sql`INSERT INTO summary_suggestions (username, summary) VALUES (${username}, ${summary})`.execute(db);
}

/**
 * Records an opt-out request; asking again changes nothing. Returns whether it is confirmed yet:
 * only a confirmed one takes the performer out of every public output and stops the collector
 * storing them (confirmation comes with verified accounts).
 */
export async function requestOptout(db: Db, username: string): Promise<"requested" | "confirmed"> {
  const { rows } = await sql<{ confirmed: boolean }>`
    WITH added AS (
      INSERT INTO optouts (username) VALUES (${username}) ON CONFLICT (username) DO NOTHING RETURNING confirmed_at
    )
    SELECT confirmed_at IS NOT NULL AS confirmed FROM added
    UNION ALL SELECT confirmed_at IS NOT NULL FROM optouts WHERE username = ${username}
    LIMIT 1`.execute(db);
  return rows[0]?.confirmed ? "confirmed" : "requested";
}
