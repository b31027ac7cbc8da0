import { z } from "zod";
import { parseMailbox } from "../config.ts";

/**
 * A mail we send: to one address (an account's), with a text body and, optionally, an HTML one.
 * `kind` names what it is for (verify-email, reset-password, …): the log keeps it.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  kind: string;
  /**
   * A one-click unsubscribe address (RFC 8058): the mailer sends it as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The only header a caller has a say in.
   */
  unsubscribeUrl?: string | undefined;
}

/** What the rules below allow: a mail is one person's, short, and can break no header. */
const outgoingMail = z.object({
  to: z
    .string()
    .transform((to) => parseMailbox(to))
    .refine((mailbox) => mailbox !== null && mailbox.name === null, "expected one bare address")
    .transform((mailbox) => (mailbox?.address ?? "").toLowerCase()),
  subject: z
    .string()
    .trim()
    .min(1, "expected a subject")
    .max(200, "expected a subject of at most 200 characters")
    .refine((subject) => !/\p{Cc}/u.test(subject), "expected a subject without control characters"),
  text: z.string().min(1, "expected a text body").max(100_000, "expected a text body under 100 kB"),
  html: z.string().max(500_000, "expected an HTML body under 500 kB").optional(),
  kind: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, "expected a kind such as verify-email"),
  // Printable ASCII only (no space or line break can end the header, no angle bracket its own), absolute http(s).
  unsubscribeUrl: z
    .string()
    .max(2000, "expected an unsubscribe URL under 2,000 characters")
    .regex(/^https?:\/\/[!-;=?-~]+$/, "expected an absolute http(s) unsubscribe URL")
    .refine((url) => URL.canParse(url), "expected an absolute http(s) unsubscribe URL")
    .optional(),
});

export class InvalidMailError extends Error {
  override name = "InvalidMailError";
}

/**
 * The mail checked, its recipient lowercased (the limit counts an address once, whatever its
 * case); a mistake of the caller's is an InvalidMailError naming the field.
 */
export function checkOutgoingMail(mail: OutgoingMail): OutgoingMail {
  const parsed = outgoingMail.safeParse(mail);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new InvalidMailError(`${issue?.path.join(".") || "mail"}: ${issue?.message ?? "invalid"}`);
}
