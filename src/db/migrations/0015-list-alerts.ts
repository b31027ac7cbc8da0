import { type Kysely, sql } from "kysely";

/**
 * Go-live alerts (issue 18, decision 0020): each watch's choice of alerts, the go-live events the
 * main process records after each complete poll (the alerts' and the Atom feeds' source, kept 30
 * days), the last alert per person and performer (the 6-hour rule), and how far each person's
 * daily digest has gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE list_watches
      ADD COLUMN alerts text NOT NULL DEFAULT 'off' CHECK (alerts IN ('off', 'each', 'digest'))`.execute(db);
  // Keyed by performer first (DESIGN §5); a list's feed reads it by its performers.
  await sql`
    CREATE TABLE go_live_events (
      performer_id      bigint NOT NULL,
      went_live_at      timestamptz NOT NULL,
      poll_observed_at  timestamptz NOT NULL,
      PRIMARY KEY (performer_id, went_live_at)
    )`.execute(db);
  // The senders read a poll's events, the digest a day's, the pruning everything older than 30 days.
  await sql`CREATE INDEX go_live_events_poll ON go_live_events (poll_observed_at)`.execute(db);
  await sql`
    CREATE TABLE live_alerts (
      user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      performer_id  bigint NOT NULL,
      sent_at       timestamptz NOT NULL,
      PRIMARY KEY (user_id, performer_id)
    )`.execute(db);
  await sql`
    CREATE TABLE list_digest_sent (
      user_id       uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      sent_through  timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["list_digest_sent", "live_alerts", "go_live_events"]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  await sql`ALTER TABLE list_watches DROP COLUMN IF EXISTS alerts`.execute(db);
}
