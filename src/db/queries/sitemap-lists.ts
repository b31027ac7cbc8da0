import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** A public list's page for the sitemap: its id and the UTC day it last changed. */
export interface SitemapList {
  listId: string;
  updatedDay: string;
}

/** How many public lists the sitemap lists (private ones are their owners' alone: never). */
export async function countSitemapLists(db: Db): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM lists WHERE is_public`.execute(db);
  return rows[0]?.count ?? 0;
}

/** One page of the public lists in id order (the primary key's): the `limit` after the first `offset`. */
export async function sitemapListsPage(db: Db, offset: number, limit: number): Promise<SitemapList[]> {
  const { rows } = await sql<SitemapList>`
    SELECT list_id AS "listId", to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "updatedDay"
    FROM lists
    WHERE is_public
    ORDER BY list_id
    OFFSET ${offset}
    LIMIT ${limit}`.execute(db);
  return rows;
}
