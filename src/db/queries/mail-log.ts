import { sql } from "kysely";
import type { Db } from "../connect.ts";

/**
 * The class of the two-key advisory locks that serialise one recipient's sends (the second key is
 * the address's hash). The two-key space is apart from the one-key locks of the daily job.
 */
const MAIL_LOCK_CLASS = 1_717;

/** How long rows are kept: the limit needs an hour; a day shows an operator what went out. */
export const MAIL_LOG_KEEP_MS = 24 * 3600_000;

export type MailSlot =
  | { granted: true; mailId: number }
  /** `retryAt`: when the oldest mail of the window leaves it, and one more may be sent. */
  | { granted: false; retryAt: Date };

/**
 * Takes one of a recipient's `max` mails per window, or refuses: the row is written before the mail
 * is sent, under a lock on the recipient, so that concurrent sends (several server processes) cannot
 * together pass the limit. `releaseMailSlot` gives it back when the send then fails. Rows older than
 * a day are deleted on the way.
 */
export async function reserveMailSlot(
  db: Db,
  options: { recipient: string; kind: string; now: Date; windowMs: number; max: number },
): Promise<MailSlot> {
  const { recipient, kind, now, windowMs, max } = options;
  const since = new Date(now.getTime() - windowMs);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MAIL_LOCK_CLASS}, hashtext(${recipient}))`.execute(trx);
    const { rows } = await sql<{ sent_at: Date }>`
      SELECT sent_at
      FROM mail_log
      WHERE recipient = ${recipient} AND sent_at > ${since}
      ORDER BY sent_at DESC
      LIMIT ${max}`.execute(trx);
    const oldestCounted = rows[max - 1];
    if (oldestCounted) {
      return { granted: false, retryAt: new Date(oldestCounted.sent_at.getTime() + windowMs) };
    }
    await sql`DELETE FROM mail_log WHERE sent_at < ${new Date(now.getTime() - MAIL_LOG_KEEP_MS)}`.execute(
      trx,
    );
    const inserted = await sql<{ mail_id: number }>`
      INSERT INTO mail_log (recipient, kind, sent_at)
      VALUES (${recipient}, ${kind}, ${now})
      RETURNING mail_id`.execute(trx);
    const mailId = inserted.rows[0]?.mail_id;
    if (mailId === undefined) throw new Error("mail_log: INSERT … RETURNING gave no row");
    return { granted: true, mailId };
  });
}

/** Gives back a slot whose mail was not sent after all (the SMTP server refused or was down). */
export async function releaseMailSlot(db: Db, mailId: number): Promise<void> {
  await sql`DELETE FROM mail_log WHERE mail_id = ${mailId}`.execute(db);
}

/** Mails sent to a recipient since a time, newest first (tests and an operator's questions). */
export async function mailsSentTo(
  db: Db,
  recipient: string,
  since: Date,
): Promise<{ kind: string; sentAt: Date }[]> {
  const { rows } = await sql<{ kind: string; sentAt: Date }>`
    SELECT kind, sent_at AS "sentAt"
    FROM mail_log
    WHERE recipient = ${recipient} AND sent_at >= ${since}
    ORDER BY sent_at DESC, mail_id DESC`.execute(db);
  return rows;
}
