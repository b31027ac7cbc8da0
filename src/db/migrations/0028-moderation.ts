import { type Kysely, sql } from "kysely";

/**
 * Moderation (issue 30, decision 0041): what reviewers decide, kept, and the fan quotes written.
 *
 * - tag_suggestions, summary_suggestions: `times`, how often the same suggestion arrived while
 *   pending (a reviewer sees one row, not fifty), and `sender_id`, the account that first sent it
 *   when it was signed in (null: anonymous; an account's deletion leaves the suggestion anonymous).
 * - fan_quotes: COLLECTED. Now written by signed-in fans (`user_id`), reviewed like suggestions
 *   (`status`; 'hidden' is the performer's own removal), editable while pending (`updated_at`),
 *   one pending quote per fan and performer. Rows written before this migration (tests only:
 *   nothing wrote the table) stay searchable, so they are approved.
 * - moderation_decisions: every approve, reject, hide and undo, with who (the account, and whether
 *   it acted as a moderator or as the performer) and when. Not derived: the record of who decided
 *   what. The newest id is also what the search and the additional tags file watch for a change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["tag_suggestions", "summary_suggestions"]) {
    await sql`
      ALTER TABLE ${sql.table(table)}
        ADD COLUMN times integer NOT NULL DEFAULT 1 CHECK (times >= 1),
        ADD COLUMN sender_id uuid REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  }
  // The queue lists pending rows oldest first.
  await sql`CREATE INDEX tag_suggestions_pending ON tag_suggestions (suggested_at, id) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX summary_suggestions_pending ON summary_suggestions (suggested_at, id) WHERE status = 'pending'`.execute(
    db,
  );

  await sql`
    ALTER TABLE fan_quotes
      ADD COLUMN user_id uuid REFERENCES users (id) ON DELETE CASCADE,
      ADD COLUMN status text NOT NULL DEFAULT 'approved'
        CHECK (status IN ('pending', 'approved', 'rejected', 'hidden')),
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN reviewed_at timestamptz,
      ADD CONSTRAINT fan_quotes_reviewed CHECK ((status = 'pending') = (reviewed_at IS NULL) OR user_id IS NULL)`.execute(
    db,
  );
  await sql`ALTER TABLE fan_quotes ALTER COLUMN status SET DEFAULT 'pending'`.execute(db);
  await sql`
    CREATE UNIQUE INDEX fan_quotes_pending_once ON fan_quotes (performer_id, user_id)
    WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX fan_quotes_pending ON fan_quotes (created_at, quote_id) WHERE status = 'pending'`.execute(
    db,
  );

  await sql`
    CREATE TABLE moderation_decisions (
      id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind        text NOT NULL CHECK (kind IN ('tag', 'summary', 'quote')),
      item_id     bigint NOT NULL,
      action      text NOT NULL CHECK (action IN ('approve', 'reject', 'hide', 'undo')),
      decided_by  uuid REFERENCES users (id) ON DELETE SET NULL,
      decided_as  text NOT NULL CHECK (decided_as IN ('moderator', 'performer')),
      decided_at  timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX moderation_decisions_item ON moderation_decisions (kind, item_id, id)`.execute(db);

  // The /moderation page's credential (decision 0041): page requests never carry the identity
  // token, so a moderator's sign-in and refreshes also set a cookie scoped to /moderation whose
  // sha256 is kept here, one per sign-in; it ends with the sign-in (the cascade).
  await sql`
    CREATE TABLE moderation_sessions (
      session_id  uuid PRIMARY KEY REFERENCES auth_sessions (id) ON DELETE CASCADE,
      user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash  bytea NOT NULL UNIQUE
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS moderation_sessions`.execute(db);
  await sql`DROP TABLE IF EXISTS moderation_decisions`.execute(db);
  await sql`DROP INDEX IF EXISTS fan_quotes_pending`.execute(db);
  await sql`DROP INDEX IF EXISTS fan_quotes_pending_once`.execute(db);
  await sql`
    ALTER TABLE fan_quotes DROP CONSTRAINT IF EXISTS fan_quotes_reviewed,
      DROP COLUMN IF EXISTS reviewed_at, DROP COLUMN IF EXISTS updated_at,
      DROP COLUMN IF EXISTS status, DROP COLUMN IF EXISTS user_id`.execute(db);
  for (const table of ["tag_suggestions", "summary_suggestions"]) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(`${table}_pending`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN IF EXISTS sender_id, DROP COLUMN IF EXISTS times`.execute(
      db,
    );
  }
}
