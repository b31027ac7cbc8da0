import { sql } from "kysely";
import type { Db } from "../../src/db/connect.ts";
import type { ListAlerts } from "../../src/db/schema.ts";
import type { Mailer } from "../../src/mail/mailer.ts";
import type { OutgoingMail } from "../../src/mail/outgoing-mail.ts";

/** Rows for the go-live alerts' tests: accounts, lists and watches without going through the calls. */

export async function insertUser(db: Db, email: string, verified = true): Promise<string> {
  const row = await db
    .insertInto("users")
    .values({ email, email_verified: verified })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

let lists = 0;
/** A list of `userId`'s holding the performers, with a fresh id. */
export async function insertList(
  db: Db,
  userId: string,
  list: { name?: string; isPublic?: boolean; performerIds?: number[] },
): Promise<string> {
  lists++;
  const listId = `TestList${String(lists).padStart(4, "0")}`;
  await db
    .insertInto("lists")
    .values({
      list_id: listId,
      user_id: userId,
      name: list.name ?? listId,
      is_public: list.isPublic ?? false,
    })
    .execute();
  for (const performerId of list.performerIds ?? [])
    await db.insertInto("list_performers").values({ list_id: listId, performer_id: performerId }).execute();
  return listId;
}

export async function watch(db: Db, userId: string, listId: string, alerts: ListAlerts): Promise<void> {
  await sql`
    INSERT INTO list_watches (user_id, list_id, alerts) VALUES (${userId}::uuid, ${listId}, ${alerts})
    ON CONFLICT (user_id, list_id) DO UPDATE SET alerts = excluded.alerts`.execute(db);
}

export interface SentMail {
  at: number;
  mail: OutgoingMail;
}

/**
 * A mailer that keeps what it is given, with the instant of `clock`, and refuses (throws `fail`'s
 * error) the mails `fail` picks; or wraps a real mailer and records what it sent.
 */
export function capturingMailer(
  clock: () => number,
  options: { fail?: (mail: OutgoingMail) => Error | null; through?: Mailer } = {},
): Mailer & { sent: SentMail[] } {
  const sent: SentMail[] = [];
  return {
    sent,
    async send(mail) {
      const error = options.fail?.(mail) ?? null;
      if (error !== null) throw error;
      const id = options.through ? await options.through.send(mail) : `<${sent.length + 1}@camstats.test>`;
      sent.push({ at: clock(), mail });
      return id;
    },
    async close() {
      await options.through?.close();
    },
  };
}
