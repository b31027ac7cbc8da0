import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { createMailer, type Mailer } from "./mailer.ts";
import { senderOf } from "./sender.ts";

/**
 * The site's mailer as configured: to SMTP_URL, or to the embedded sink `npm start` runs without it
 * (its URL, which the main process hands every server process), from MAIL_FROM, with
 * MAIL_PER_RECIPIENT_PER_HOUR.
 */
export function siteMailer(
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "PUBLIC_URL" | "MAIL_PER_RECIPIENT_PER_HOUR">,
  db: Db,
  mailSinkUrl: string | null,
): Mailer {
  const smtpUrl = config.SMTP_URL ?? mailSinkUrl;
  if (smtpUrl === null) {
    throw new Error(
      "no mail server: SMTP_URL is not set and no local mail sink was started (npm start runs one)",
    );
  }
  return createMailer({
    smtpUrl,
    from: senderOf(config),
    db,
    perRecipientPerHour: config.MAIL_PER_RECIPIENT_PER_HOUR,
  });
}
