import { type Kysely, sql } from "kysely";

/**
 * bio_fetch_failures: COLLECTED (the bio fetcher's own state, not the platform's data). A
 * performer whose profile request failed (a status other than 200, 404 and 429, a timeout, a body
 * that does not parse), how often in a row, the last reason, and when it may be asked again: the
 * wait grows with each failure (src/collect/bio-backoff.ts), so a profile that keeps failing is
 * asked a few times a day at most instead of in every batch. A success deletes the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bio_fetch_failures (
      performer_id  bigint PRIMARY KEY,
      failures      integer NOT NULL,
      last_error    text NOT NULL,
      failed_at     timestamptz NOT NULL,
      retry_at      timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE bio_fetch_failures`.execute(db);
}
