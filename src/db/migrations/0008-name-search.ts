import { type Kysely, sql } from "kysely";

/**
 * Trigram index on performer usernames, for the name lookups of the pickers and the name checker
 * (/v1/model-search, /v1/name-checker): substring matches (LIKE '%part%') and similar names. A
 * username never changes, so the index costs only when a new performer arrives; updates of the
 * row stay HOT.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX performers_username_trgm ON performers USING gin (username gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS performers_username_trgm`.execute(db);
}
