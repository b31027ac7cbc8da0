import type { Mailer } from "../../src/mail/mailer.ts";
import type { OutgoingMail } from "../../src/mail/outgoing-mail.ts";

/**
 * A mailer that keeps every message it is given, in order, for a test to read (a reset link, a
 * claim code); `sendMs` makes each send take that long to resolve, like a mail server's round trip.
 */
export function recordingMailer(options: { sendMs?: number } = {}): { mailer: Mailer; mail: OutgoingMail[] } {
  const mail: OutgoingMail[] = [];
  const mailer: Mailer = {
    async send(message) {
      mail.push(message);
      if (options.sendMs !== undefined) await new Promise((resolve) => setTimeout(resolve, options.sendMs));
      return `<${mail.length}@camstats.test>`;
    },
    async close() {},
  };
  return { mailer, mail };
}
