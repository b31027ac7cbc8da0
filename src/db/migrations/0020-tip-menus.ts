import { type Kysely, sql } from "kysely";

/**
 * The tip menu search (issue 20, decision 0024). `performer_profiles.tip_menu`: the tip menu a
 * verified performer enters in their settings, a list of { item, itemKey, tokens } as the call
 * validated it (src/profiles/profile-rules.ts; `itemKey` is the subject parser's key of the item,
 * written by the server so the search matches menus and subjects alike). And a trigram index on
 * subject_goals' key with its spaces taken out, so that a search for "oil show" finds "oilshow"
 * and every word of a term is looked up by the index (pg_trgm, migration 0008). The key never
 * changes in a row (it is the key), so the index is written only when a new item appears.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE performer_profiles ADD COLUMN tip_menu jsonb NOT NULL DEFAULT '[]'`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`
    CREATE INDEX subject_goals_compact_key_trgm
    ON subject_goals USING gin ((replace(item_key, ' ', '')) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS subject_goals_compact_key_trgm`.execute(db);
  await sql`ALTER TABLE performer_profiles DROP COLUMN IF EXISTS tip_menu`.execute(db);
}
