import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { MAIL_LOG_KEEP_MS, mailsSentTo } from "../db/queries/mail-log.ts";
import { createLogger } from "../log.ts";
import { mailMetrics } from "../metrics/mail-metrics.ts";
import { listMail } from "./mail-store.ts";
import { createMailer, MailLimitError } from "./mailer.ts";
import { InvalidMailError } from "./outgoing-mail.ts";
import { type MailSink, startMailSink } from "./sink.ts";

/**
 * The per-recipient limit, counted in PostgreSQL (mail_log): N mails an hour go, the next is
 * refused with MailLimitError and nothing is sent; concurrent sends cannot pass it together; a mail
 * the server refuses does not count.
 */

const LIMIT = 3;
const HOUR = 3600_000;
const T0 = Date.parse("2026-11-25T12:00:00Z");
const from = { name: "camstats", address: "no-reply@localhost" };

describe("the mailer's per-recipient limit", () => {
  let t: TestDatabase;
  let root: string;
  let sink: MailSink;
  let clock = T0;
  const mailerAt = (smtpUrl: string) =>
    createMailer({ smtpUrl, from, db: t.db, perRecipientPerHour: LIMIT, now: () => clock });
  const mail = (to: string, n: number) => ({
    to,
    subject: `Mail ${n}`,
    text: `Number ${n}`,
    kind: "verify-email",
  });

  beforeAll(async () => {
    t = await createTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), "camstats-mailer-"));
    sink = await startMailSink({ dir: root, port: 0, log: createLogger("silent") });
  });
  afterAll(async () => {
    await sink.close();
    await t.drop();
    await rm(root, { recursive: true, force: true });
  });

  it(`sends ${LIMIT} an hour to one address, refuses the next and sends nothing; an hour later, one more`, async () => {
    const mailer = mailerAt(sink.url);
    try {
      for (let n = 1; n <= LIMIT; n++) {
        clock = T0 + n * 60_000;
        await mailer.send(mail(n === 2 ? "Limit@Example.com" : "limit@example.com", n));
      }
      clock = T0 + 30 * 60_000;
      const refused = await mailer
        .send(mail("LIMIT@example.com", LIMIT + 1))
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(MailLimitError);
      expect(refused).toMatchObject({
        recipient: "limit@example.com",
        limit: LIMIT,
        // The first of the hour leaves the window an hour after it was sent.
        retryAt: new Date(T0 + 60_000 + HOUR),
      });
      expect((refused as Error).message).toContain("limit@example.com has been sent 3 mails within the hour");
      // Nothing sent, nothing counted.
      expect((await listMail(root, { to: "limit@example.com", limit: 100 })).map((m) => m.subject)).toEqual([
        "Mail 3",
        "Mail 2",
        "Mail 1",
      ]);
      expect(await mailsSentTo(t.db, "limit@example.com", new Date(0))).toHaveLength(LIMIT);
      // Another address has its own count.
      await mailer.send(mail("other@example.com", 1));

      clock = T0 + 60_000 + HOUR + 1;
      await mailer.send(mail("limit@example.com", LIMIT + 2));
      expect((await listMail(root, { to: "limit@example.com", limit: 100 }))[0]?.subject).toBe(
        `Mail ${LIMIT + 2}`,
      );
      await expect(mailer.send(mail("limit@example.com", LIMIT + 3))).rejects.toBeInstanceOf(MailLimitError);
    } finally {
      await mailer.close();
    }
  });

  it("lets no more than the limit through when many are sent at once", async () => {
    const mailer = mailerAt(sink.url);
    clock = T0;
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, n) => mailer.send(mail("burst@example.com", n))),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(LIMIT);
      const rejected = results.filter((r) => r.status === "rejected");
      expect(rejected).toHaveLength(8 - LIMIT);
      for (const r of rejected) expect(r.reason).toBeInstanceOf(MailLimitError);
      expect(await listMail(root, { to: "burst@example.com", limit: 100 })).toHaveLength(LIMIT);
    } finally {
      await mailer.close();
    }
  });

  it("does not count a mail the server did not take, nor one that is not valid", async () => {
    // A port where nothing listens: the sink's, once closed.
    const gone = await startMailSink({ dir: root, port: 0, log: createLogger("silent") });
    await gone.close();
    const mailer = mailerAt(gone.url);
    try {
      await expect(mailer.send(mail("down@example.com", 1))).rejects.toThrow(/ECONNREFUSED|connect/i);
      await expect(mailer.send({ ...mail("two@example.com, three@example.com", 1) })).rejects.toBeInstanceOf(
        InvalidMailError,
      );
      expect(await mailsSentTo(t.db, "down@example.com", new Date(0))).toEqual([]);
    } finally {
      await mailer.close();
    }
  });

  it("forgets what it logged after a day", async () => {
    const mailer = mailerAt(sink.url);
    try {
      clock = T0 + 3 * MAIL_LOG_KEEP_MS;
      await mailer.send(mail("later@example.com", 1));
      const { rows } = await sql<{ oldest: Date }>`SELECT min(sent_at) AS oldest FROM mail_log`.execute(t.db);
      expect(rows[0]?.oldest).toEqual(new Date(clock));
    } finally {
      await mailer.close();
    }
  });

  it("sends an unsubscribe URL as RFC 8058's two headers, and no header without one", async () => {
    const mailer = mailerAt(sink.url);
    try {
      clock = T0 + 4 * MAIL_LOG_KEEP_MS;
      const url = "https://camstats.example/v1/list_alerts/unsubscribe?token=u.L.m-_";
      await mailer.send({ ...mail("headers@example.com", 1), unsubscribeUrl: url });
      await mailer.send(mail("headers@example.com", 2));
      const [plain, alert] = await listMail(root, { to: "headers@example.com", limit: 2 });
      expect(alert).toMatchObject({
        subject: "Mail 1",
        listUnsubscribe: `<${url}>`,
        listUnsubscribePost: "List-Unsubscribe=One-Click",
      });
      expect(plain).toMatchObject({ subject: "Mail 2", listUnsubscribe: null, listUnsubscribePost: null });
    } finally {
      await mailer.close();
    }
  });

  it("counts mail sent and failed by kind, and why it failed (the metrics)", async () => {
    const { sent, failed } = mailMetrics();
    const value = async (counter: typeof sent | typeof failed, labels: Record<string, string>) =>
      (await counter.get()).values.find((v) =>
        Object.entries(labels).every(([k, x]) => (v.labels as Record<string, unknown>)[k] === x),
      )?.value ?? 0;
    const before = {
      sent: await value(sent, { kind: "metrics-test" }),
      limit: await value(failed, { kind: "metrics-test", reason: "limit" }),
      smtp: await value(failed, { kind: "metrics-test", reason: "smtp" }),
    };
    const kind = "metrics-test";
    const mailer = mailerAt(sink.url);
    const gone = await startMailSink({ dir: root, port: 0, log: createLogger("silent") });
    await gone.close();
    const down = mailerAt(gone.url);
    try {
      clock = T0 + 5 * MAIL_LOG_KEEP_MS;
      for (let n = 1; n <= LIMIT + 1; n++)
        await mailer.send({ ...mail("counted@example.com", n), kind }).catch(() => {});
      await down.send({ ...mail("counted-down@example.com", 1), kind }).catch(() => {});
      expect(await value(sent, { kind })).toBe(before.sent + LIMIT);
      expect(await value(failed, { kind, reason: "limit" })).toBe(before.limit + 1);
      expect(await value(failed, { kind, reason: "smtp" })).toBe(before.smtp + 1);
    } finally {
      await mailer.close();
      await down.close();
    }
  });
});
