import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import { mailDir } from "../mail/mail-store.ts";
import { startMailSink } from "../mail/sink.ts";
import type { DevToolsRule } from "../site/dev-tools.ts";
import type { Lifecycle } from "./lifecycle.ts";

/**
 * Where `npm start` sends mail. With SMTP_URL, there, and no sink runs. Without, while the
 * development tools are on, the embedded sink starts on 127.0.0.1 (registered for stopping) and its
 * URL is returned: the mailer sends to it, and the server processes show its mail at /dev/mail.
 * Null: SMTP_URL is in use, or there is no mail at all (and so no accounts).
 */
export async function startMailSinkUnlessSmtp(
  config: Config,
  devTools: DevToolsRule,
  log: Logger,
  lifecycle: Lifecycle,
): Promise<string | null> {
  if (config.SMTP_URL) {
    log.info(`mail goes to the SMTP server at ${new URL(config.SMTP_URL).host}`);
    return null;
  }
  if (!devTools.on) {
    log.warn(
      "no SMTP_URL, and the local mail sink is a development tool: no mail is sent, and accounts are off",
    );
    return null;
  }
  const dir = mailDir(config.DATA_DIR);
  const sink = await startMailSink({ dir, port: config.MAIL_SINK_PORT, log });
  lifecycle.started("the mail sink", sink.close);
  log.info(
    `no SMTP_URL: mail is kept by the local sink at ${sink.url} (in ${dir}) and delivered to no one; read it at http://localhost:${config.PORT}/dev/mail`,
  );
  return sink.url;
}
