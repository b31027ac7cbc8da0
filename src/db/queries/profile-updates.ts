import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** A performer's rolled-up day beside the tags of the last earlier day that had tags. */
export interface TagChangeDay {
  day: string;
  username: string;
  followers: number | null;
  tags: string[];
  /** null when no earlier day had tags. */
  previousTags: string[] | null;
  /** No earlier rolled-up day at all: first seen on this day. */
  isNew: boolean;
}

/**
 * The days from `from` to `to` on which a performer was first seen, or streamed with a set of tags
 * other than on the last earlier day that had any: newest day first, then most followers, then
 * username; at most `limit`. A day without tags (no stream that counts for it carried one) is no
 * change: it says nothing about the profile. Opted-out performers are left out.
 */
export async function tagChangeDays(
  db: Db,
  from: string,
  to: string,
  limit: number,
): Promise<TagChangeDay[]> {
  const { rows } = await sql<TagChangeDay>`
    SELECT w.day::text AS day, w.username, w.followers, w.tags, prev.tags AS "previousTags", w.is_new AS "isNew"
    FROM (
      SELECT pd.performer_id, p.username, pd.day, pd.tags, pd.followers,
        NOT EXISTS (SELECT 1 FROM performer_days e WHERE e.performer_id = pd.performer_id AND e.day < pd.day)
          AS is_new
      FROM performer_days pd
      JOIN performers p USING (performer_id)
      WHERE pd.day BETWEEN ${from}::date AND ${to}::date
        AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ) w
    LEFT JOIN LATERAL (
      SELECT e.tags FROM performer_days e
      WHERE e.performer_id = w.performer_id AND e.day < w.day AND cardinality(e.tags) > 0
      ORDER BY e.day DESC LIMIT 1
    ) prev ON true
    WHERE w.is_new
      OR (cardinality(w.tags) > 0 AND prev.tags IS NOT NULL AND NOT (w.tags @> prev.tags AND prev.tags @> w.tags))
    ORDER BY w.day DESC, w.followers DESC NULLS LAST, w.username COLLATE "C"
    LIMIT ${limit}`.execute(db);
  return rows;
}
