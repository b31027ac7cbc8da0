import { type Config, type Mailbox, parseMailbox } from "../config.ts";
import { SITE_NAME } from "../site/site-settings.ts";

/**
 * Who our mail is from: MAIL_FROM, or the site's name at no-reply@ the host people reach the site
 * at (PUBLIC_URL), localhost without one. A real SMTP server will want an address of a domain it
 * may send for: set MAIL_FROM then.
 */
export function senderOf(config: Pick<Config, "MAIL_FROM" | "PUBLIC_URL">): Mailbox {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : "localhost";
  // An IPv6 literal ([::1]) makes no address; localhost then.
  const address = parseMailbox(`no-reply@${host}`)?.address ?? "no-reply@localhost";
  return { name: SITE_NAME, address };
}
