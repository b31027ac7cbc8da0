import { type Kysely, sql } from "kysely";

/**
 * summary_suggestions: performer summaries that visitors suggest (SPEC §7, POST /summary_suggestion),
 * kept for review and never published unreviewed; an approved one becomes searchable as the
 * performer's summary (issue 4). Not derived: facts we cannot rebuild.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE summary_suggestions (
      id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      username      text NOT NULL,
      summary       text NOT NULL,
      suggested_at  timestamptz NOT NULL DEFAULT now(),
      status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      reviewed_at   timestamptz,
      CHECK ((status = 'pending') = (reviewed_at IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX summary_suggestions_username ON summary_suggestions (username)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS summary_suggestions`.execute(db);
}
