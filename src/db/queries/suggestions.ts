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
