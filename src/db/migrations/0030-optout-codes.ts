import { type Kysely, sql } from "kysely";

/**
 * Opting out without an account (issue 30, decision 0044): a one-time code for a performer and an
 * action (out, or back in), which works once the performer puts it in their room subject or
 * about-me. One code per performer, action and expiry: expiries fall on a fixed grid, so asking
 * again before the next one answers the same row (used or not), and a performer never has more
 * than two codes per action alive. `bio_checked_at`: when the bio fetcher last read the
 * performer's about-me for it (an opted-out performer's text is never stored, so it cannot say).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE optout_codes (
      performer_id    bigint NOT NULL REFERENCES performers (performer_id),
      action          text NOT NULL CHECK (action IN ('out', 'in')),
      expires_at      timestamptz NOT NULL,
      code            text NOT NULL UNIQUE,
      created_at      timestamptz NOT NULL,
      used_at         timestamptz,
      bio_checked_at  timestamptz,
      PRIMARY KEY (performer_id, action, expires_at)
    )`.execute(db);
  // The check after each poll and the bio fetcher read the pending codes only.
  await sql`CREATE INDEX optout_codes_pending ON optout_codes (expires_at) WHERE used_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS optout_codes`.execute(db);
}
