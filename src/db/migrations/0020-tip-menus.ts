import { type Kysely, sql } from "kysely";

/**
 * The tip menu search (issue 20, decision 0024).
 *
 * `performer_profiles.tip_menu`: the tip menu a verified performer enters in their settings, a list
 * of { item, itemKey, tokens } as the call validated it (src/profiles/profile-rules.ts; `itemKey`
 * is the subject parser's key of the item, written by the server so that the search matches menus
 * and subjects alike).
 *
 * `subject_goal_items`: every item key subject_goals ever held, once. Far fewer keys than rows (the
 * same items, asked by many performers), so the search matches a term against the keys first and
 * then reads only the rows of the keys matched, by the index on subject_goals (item_key). Filled by
 * a statement trigger from the rows inserted (an update never brings a new key: the key is the
 * key), so every writer, the polls, the backfill and the tests' fixtures alike, keeps it whole. A
 * trigram index on the key with its spaces taken out lets "oil show" find "oilshow" (pg_trgm,
 * migration 0008).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE performer_profiles ADD COLUMN tip_menu jsonb NOT NULL DEFAULT '[]'`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE TABLE subject_goal_items (item_key text PRIMARY KEY)`.execute(db);
  await sql`
    CREATE INDEX subject_goal_items_compact_trgm
    ON subject_goal_items USING gin ((replace(item_key, ' ', '')) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX subject_goals_item_key ON subject_goals (item_key)`.execute(db);
  await sql`
    CREATE FUNCTION subject_goal_items_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO subject_goal_items (item_key) SELECT DISTINCT item_key FROM added ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER subject_goals_items AFTER INSERT ON subject_goals
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION subject_goal_items_add()`.execute(db);
  await sql`INSERT INTO subject_goal_items SELECT DISTINCT item_key FROM subject_goals`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS subject_goals_items ON subject_goals`.execute(db);
  await sql`DROP FUNCTION IF EXISTS subject_goal_items_add()`.execute(db);
  await sql`DROP INDEX IF EXISTS subject_goals_item_key`.execute(db);
  await sql`DROP TABLE IF EXISTS subject_goal_items`.execute(db);
  await sql`ALTER TABLE performer_profiles DROP COLUMN IF EXISTS tip_menu`.execute(db);
}
