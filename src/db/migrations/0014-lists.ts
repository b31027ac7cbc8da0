import { type Kysely, sql } from "kysely";

/**
 * Model lists (issue 18, decision 0020): a user's lists, their performers, and who watches which.
 * Everything references users(id) or lists ON DELETE CASCADE; list_performers' key holds
 * performer_id (DESIGN §5's Citus path).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lists (
      list_id      text PRIMARY KEY,
      user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
      description  text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
      is_public    boolean NOT NULL DEFAULT false,
      image        text,
      created_at   timestamptz NOT NULL DEFAULT now(),
      updated_at   timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX lists_user_id ON lists (user_id)`.execute(db);
  // The public lists' file and page: newest changed first.
  await sql`CREATE INDEX lists_public ON lists (updated_at DESC) WHERE is_public`.execute(db);
  await sql`
    CREATE TABLE list_performers (
      list_id       text NOT NULL REFERENCES lists (list_id) ON DELETE CASCADE,
      performer_id  bigint NOT NULL REFERENCES performers (performer_id),
      added_at      timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (list_id, performer_id)
    )`.execute(db);
  await sql`CREATE INDEX list_performers_performer_id ON list_performers (performer_id)`.execute(db);
  await sql`
    CREATE TABLE list_watches (
      user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      list_id     text NOT NULL REFERENCES lists (list_id) ON DELETE CASCADE,
      created_at  timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, list_id)
    )`.execute(db);
  await sql`CREATE INDEX list_watches_list_id ON list_watches (list_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["list_watches", "list_performers", "lists"]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
