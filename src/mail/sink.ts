import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import type { Logger } from "../log.ts";
import { extractLinks } from "./links.ts";
import { newMailId, type StoredMail, storeMail } from "./mail-store.ts";

/** A mail of ours is a few kilobytes; anything near this is not ours. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

/** A header's value as sent, unfolded; null when the message has none. */
function headerValue(lines: readonly { key: string; line: string }[], key: string): string | null {
  const found = lines.find((header) => header.key === key);
  if (found === undefined) return null;
  return found.line
    .slice(found.line.indexOf(":") + 1)
    .replace(/\r?\n(?=[ \t])/g, "")
    .trim();
}

export interface MailSink {
  /** Where to send: `smtp://127.0.0.1:{port}` (no TLS, no login: loopback only). */
  url: string;
  /** Stops accepting, lets the sessions in flight finish (a few seconds at most), then resolves. */
  close(): Promise<void>;
}

/**
 * The embedded SMTP server that `npm start` runs when no SMTP_URL is set: it accepts every mail on
 * 127.0.0.1, keeps it as a file under `dir` (mail-store.ts) for /dev/mail, and logs its links, so
 * sign-up and reset mails work on a laptop with nothing else installed. The mailer reaches it over
 * SMTP like a real server, so the code that sends is the code that runs in production.
 */
export async function startMailSink(options: { dir: string; port: number; log: Logger }): Promise<MailSink> {
  const { dir, log } = options;
  // Arrival times strictly increase, so that ids (which start with them) sort as mail arrived even
  // when two arrive within a millisecond or the clock steps back.
  let lastMs = 0;
  const receive = async (stream: SMTPServerDataStream, session: SMTPServerSession): Promise<StoredMail> => {
    const parsed = await simpleParser(stream);
    if (stream.sizeExceeded) throw new Error(`message larger than ${MAX_MESSAGE_BYTES} bytes`);
    lastMs = Math.max(Date.now(), lastMs + 1);
    const text = parsed.text ?? "";
    const html = typeof parsed.html === "string" ? parsed.html : null;
    const mail: StoredMail = {
      id: newMailId(lastMs),
      to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
      from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ""),
      subject: parsed.subject ?? "",
      text,
      html,
      links: extractLinks(text, html),
      receivedAt: new Date(lastMs).toISOString(),
      listUnsubscribe: headerValue(parsed.headerLines, "list-unsubscribe"),
      listUnsubscribePost: headerValue(parsed.headerLines, "list-unsubscribe-post"),
    };
    await storeMail(dir, mail);
    return mail;
  };

  const server = new SMTPServer({
    // No login and no TLS: it listens on loopback only, and takes mail from this machine's processes.
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_MESSAGE_BYTES,
    // Stopping `npm start` should not wait the default 30 s for an idle client.
    closeTimeout: 2000,
    banner: "camstats local mail sink: nothing is delivered",
    logger: false,
    onData(stream, session, callback) {
      receive(stream, session).then(
        (mail) => {
          log.info(
            { mail: { id: mail.id, to: mail.to, subject: mail.subject, links: mail.links } },
            `mail to ${mail.to.join(", ")}: ${mail.subject}${mail.links.length > 0 ? ` ${mail.links.join(" ")}` : ""}`,
          );
          callback(null, `kept as ${mail.id}`);
        },
        (error: unknown) => {
          log.error({ err: error }, "mail sink could not keep a message");
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
  });
  server.on("error", (error) => log.error({ err: error }, "mail sink error"));

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
