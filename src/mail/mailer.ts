import nodemailer from "nodemailer";
import type { Mailbox } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { releaseMailSlot, reserveMailSlot } from "../db/queries/mail-log.ts";
import { mailMetrics } from "../metrics/mail-metrics.ts";
import { checkOutgoingMail, type OutgoingMail } from "./outgoing-mail.ts";

/** What the rest of the site sends mail through. */
export interface Mailer {
  /** Sends one mail; resolves with its Message-ID. MailLimitError when the recipient has had enough. */
  send(mail: OutgoingMail): Promise<string>;
  close(): Promise<void>;
}

const HOUR_MS = 3600_000;

/** RFC 8058 one-click unsubscribe: the address, and that a POST to it is all it takes. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * A recipient has had `limit` mails within the hour: nothing was sent. `retryAt` is when the next
 * may be; the caller turns this into its own words ("we sent you a link a moment ago…").
 */
export class MailLimitError extends Error {
  override name = "MailLimitError";
  constructor(
    readonly recipient: string,
    readonly limit: number,
    readonly retryAt: Date,
  ) {
    super(
      `${recipient} has been sent ${limit} mails within the hour, the most allowed; the next can be sent at ${retryAt.toISOString()}`,
    );
  }
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL: SMTP_URL, or the embedded sink's. */
  smtpUrl: string;
  from: Mailbox;
  /** Where sent mail is counted (mail_log). */
  db: Db;
  /** MAIL_PER_RECIPIENT_PER_HOUR. */
  perRecipientPerHour: number;
  now?: () => number;
}

/**
 * Sends over SMTP with nodemailer, at most `perRecipientPerHour` mails to one address in any hour,
 * counted in PostgreSQL so that every server process shares the count. The slot is taken before
 * sending (so concurrent sends cannot pass the limit together) and given back if the server refuses.
 */
export function createMailer(options: MailerOptions): Mailer {
  const now = options.now ?? Date.now;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    // nodemailer waits up to 2 minutes to connect and 10 to send; a sign-up should learn sooner
    // that the mail server is down.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const counts = mailMetrics();
  return {
    async send(input) {
      const mail = checkOutgoingMail(input);
      const slot = await reserveMailSlot(options.db, {
        recipient: mail.to,
        kind: mail.kind,
        now: new Date(now()),
        windowMs: HOUR_MS,
        max: options.perRecipientPerHour,
      });
      if (!slot.granted) {
        counts.failed.inc({ kind: mail.kind, reason: "limit" });
        throw new MailLimitError(mail.to, options.perRecipientPerHour, slot.retryAt);
      }
      try {
        const info = await transport.sendMail({
          from: options.from.name
            ? { name: options.from.name, address: options.from.address }
            : options.from.address,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html === undefined ? {} : { html: mail.html }),
          ...(mail.unsubscribeUrl === undefined ? {} : { headers: unsubscribeHeaders(mail.unsubscribeUrl) }),
        });
        counts.sent.inc({ kind: mail.kind });
        return info.messageId;
      } catch (error) {
        counts.failed.inc({ kind: mail.kind, reason: "smtp" });
        await releaseMailSlot(options.db, slot.mailId);
        throw error;
      }
    },
    async close() {
      transport.close();
    },
  };
}
