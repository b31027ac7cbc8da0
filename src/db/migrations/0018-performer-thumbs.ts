import { type Kysely, sql } from "kysely";

/**
 * performer_thumbs: COLLECTED (the thumbnail keeper's own state, decision 0023). One row per
 * performer whose profile thumbnail was ever asked for: the UTC day of the last request, success
 * or not (at most one a day), the first day it may be asked again (the next day, later after
 * failures in a row), and, while a thumbnail is kept under DATA_DIR/thumbs, when it was written
 * and the SHA-256 of its bytes. hasThumb (SPEC §3) is `stored_at IS NOT NULL`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE performer_thumbs (
      performer_id  bigint PRIMARY KEY REFERENCES performers (performer_id),
      fetched_on    date NOT NULL,
      retry_on      date NOT NULL,
      stored_at     timestamptz,
      hash          text,
      failures      integer NOT NULL DEFAULT 0,
      last_error    text
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE performer_thumbs`.execute(db);
}
