import { type Kysely, sql } from "kysely";

/**
 * mail_log: OPERATIONAL (the mailer's own record, not the platform's data). One row per mail sent,
 * by lowercased recipient: what the per-recipient limit counts (src/mail/mailer.ts), kept for a day
 * so an operator can see what went out recently, then deleted (an address is personal data).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mail_log (
      mail_id    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      recipient  text NOT NULL,
      kind       text NOT NULL,
      sent_at    timestamptz NOT NULL
    )`.execute(db);
  // The limit's count: one recipient's recent mails.
  await sql`CREATE INDEX mail_log_recipient_sent_at ON mail_log (recipient, sent_at)`.execute(db);
  // The day's pruning.
  await sql`CREATE INDEX mail_log_sent_at ON mail_log (sent_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mail_log`.execute(db);
}
