import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** A performer page for the sitemap: the username and the UTC day they were last seen. */
export interface SitemapPerformer {
  username: string;
  lastSeenDay: string;
}

/**
 * How many performers the sitemap lists: everyone seen whose opt-out is not confirmed (opted-out
 * performers are left out of every public output, DESIGN.md §4). The unique index on username
 * answers it without reading the table's rows where the visibility map allows.
 */
export async function countSitemapPerformers(db: Db): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count
    FROM performers p
    WHERE NOT EXISTS (
      SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL
    )`.execute(db);
  return rows[0]?.count ?? 0;
}

/**
 * One page of the sitemap's performers in username order (the unique index's order, so a page is
 * a range of the index rather than a sort of the table): the `limit` after the first `offset`.
 * Pages of 50,000 (the protocol's most per sitemap) make one child sitemap each.
 */
export async function sitemapPerformersPage(
  db: Db,
  offset: number,
  limit: number,
): Promise<SitemapPerformer[]> {
  const { rows } = await sql<SitemapPerformer>`
    SELECT p.username, to_char(p.last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "lastSeenDay"
    FROM performers p
    WHERE NOT EXISTS (
      SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL
    )
    ORDER BY p.username
    OFFSET ${offset}
    LIMIT ${limit}`.execute(db);
  return rows;
}
