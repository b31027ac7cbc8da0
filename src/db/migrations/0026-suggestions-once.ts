import { type Kysely, sql } from "kysely";

/**
 * A pending summary suggestion is kept once per performer and normalised text (issue 27: three
 * identical 1.9 kB summaries made three rows). The key is the text in Unicode NFKC, lower case (the
 * call already folds whitespace and control characters), hashed: a summary of 2,000 characters may
 * be larger than a b-tree entry can hold. md5 is enough for telling equal texts apart; it guards
 * nothing. Reviewed rows are left out, so a reviewer's decision stays as it was made. Tag
 * suggestions are already once per performer and tag (0006, UNIQUE (username, tag)).
 *
 * Existing duplicates are removed first, keeping the earliest of each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM summary_suggestions WHERE id IN (
      SELECT id FROM (
        SELECT id, row_number() OVER (
          PARTITION BY username, md5(lower(normalize(summary, NFKC))) ORDER BY id) AS nth
        FROM summary_suggestions WHERE status = 'pending') numbered
      WHERE nth > 1)`.execute(db);
  await sql`
    CREATE UNIQUE INDEX summary_suggestions_pending_once
    ON summary_suggestions (username, md5(lower(normalize(summary, NFKC))))
    WHERE status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS summary_suggestions_pending_once`.execute(db);
}
