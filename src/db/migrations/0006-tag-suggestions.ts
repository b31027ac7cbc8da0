import { type Kysely, sql } from "kysely";

/**
 * tag_suggestions: tags that visitors suggest for a performer (SPEC §7, POST /tag_suggestion), kept
 * until reviewed. Not derived: a suggestion and its review are facts we cannot rebuild. The
 * additional-tags file publishes the approved ones. Keyed by username, not performer_id: a
 * suggestion may name a performer we have not seen yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tag_suggestions (
      id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      username      text NOT NULL,
      tag           text NOT NULL,
      suggested_at  timestamptz NOT NULL DEFAULT now(),
      status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      reviewed_at   timestamptz,
      UNIQUE (username, tag),
      CHECK ((status = 'pending') = (reviewed_at IS NULL))
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS tag_suggestions`.execute(db);
}
