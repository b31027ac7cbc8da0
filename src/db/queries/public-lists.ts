import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** A public list as /api/lists/public_lists.json holds it. */
export interface PublicListRow {
  listId: string;
  name: string;
  description: string;
  performers: string[];
  image: string | null;
  updatedAt: Date;
}

/**
 * The public lists, newest changed first, at most `limit`, each with its performers in the order
 * they were added; opted-out performers left out (decision 0020).
 */
export async function publicLists(db: Db, limit: number): Promise<PublicListRow[]> {
  const { rows } = await sql<PublicListRow>`
    SELECT l.list_id AS "listId", l.name, l.description, l.image, l.updated_at AS "updatedAt",
      COALESCE(
        (SELECT array_agg(p.username ORDER BY lp.added_at, p.username)
         FROM list_performers lp JOIN performers p USING (performer_id)
         WHERE lp.list_id = l.list_id
           AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)),
        '{}') AS performers
    FROM lists l
    WHERE l.is_public
    ORDER BY l.updated_at DESC, l.list_id
    LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * What the public lists' file depends on, in one cheap read (the partial index on public lists):
 * any list made public or private, changed, filled, emptied or deleted, or a performer's opt-out,
 * changes it. Publishing compares it before rebuilding the file.
 */
export async function publicListsFingerprint(db: Db): Promise<string> {
  const { rows } = await sql<{ fingerprint: string }>`
    SELECT concat_ws('/',
      (SELECT count(*) FROM lists WHERE is_public),
      (SELECT max(updated_at) FROM lists WHERE is_public),
      (SELECT sum(hashtext(list_id)) FROM lists WHERE is_public),
      (SELECT count(*) FROM optouts WHERE confirmed_at IS NOT NULL)) AS fingerprint`.execute(db);
  return rows[0]?.fingerprint ?? "";
}
