import { sql } from "kysely";
import type { Db } from "../db/connect.ts";

export interface TagPerformerCount {
  tag: string;
  /** Distinct performers who streamed with the tag on any day of the period. */
  count: number;
}

/**
 * Every tag that at least `minPerformers` distinct performers streamed with from `from` to `to`
 * (performer_days.tags), most used first, then by tag. Opted-out performers do not count.
 */
export async function tagPerformerCounts(
  db: Db,
  from: string,
  to: string,
  minPerformers: number,
): Promise<TagPerformerCount[]> {
  // Pairs first, then counted: a hashed DISTINCT over (performer, tag) in byte order ("C") measured
  // 0.6-0.9 s against 2.2-3.0 s for COUNT(DISTINCT) under the database collation, which sorts
  // (35 sandbox days, 20,000 performers).
  const { rows } = await sql<TagPerformerCount>`
    WITH used AS (
      SELECT DISTINCT pd.performer_id, tag COLLATE "C" AS tag
      FROM performer_days pd
      CROSS JOIN LATERAL unnest(pd.tags) AS tag
      WHERE pd.day BETWEEN ${from}::date AND ${to}::date
    )
    SELECT u.tag, COUNT(*)::integer AS count
    FROM used u
    JOIN performers p USING (performer_id)
    WHERE NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    GROUP BY u.tag
    HAVING COUNT(*) >= ${minPerformers}
    ORDER BY count DESC, u.tag`.execute(db);
  return rows;
}

export interface ApprovedTags {
  username: string;
  /** Sorted. */
  tags: string[];
}

/**
 * The tag suggestions approved before `reviewedBefore`, per username (sorted by username), leaving
 * out opted-out performers. The bound keeps an old day's file as it was on that day.
 */
export async function approvedTagSuggestions(db: Db, reviewedBefore: Date): Promise<ApprovedTags[]> {
  const { rows } = await sql<ApprovedTags>`
    SELECT s.username, ARRAY_AGG(s.tag ORDER BY s.tag COLLATE "C") AS tags
    FROM tag_suggestions s
    WHERE s.status = 'approved' AND s.reviewed_at < ${reviewedBefore.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = s.username AND o.confirmed_at IS NOT NULL)
    GROUP BY s.username
    ORDER BY s.username COLLATE "C"`.execute(db);
  return rows;
}
