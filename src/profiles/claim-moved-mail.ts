import type { OutgoingMail } from "../mail/outgoing-mail.ts";

export const CLAIM_MOVED_KIND = "performer-claim-moved";

/**
 * The mail to the account that was verified for a performer until someone else proved to be them
 * (decision 0021): plain text, what happened, and how to take it back if it was theirs.
 */
export function claimMovedMail(options: {
  to: string;
  performer: string;
  siteName: string;
  origin: string;
}): OutgoingMail {
  const { performer, siteName, origin } = options;
  const claimUrl = `${origin}/claim/${encodeURIComponent(performer)}`;
  return {
    to: options.to,
    kind: CLAIM_MOVED_KIND,
    subject: `${siteName}: your account is no longer verified for ${performer}`,
    text: [
      `Another ${siteName} account has just proved to be ${performer}: the code it was given appeared in ${performer}'s room subject or about-me on the platform.`,
      "",
      `Your account is therefore no longer verified for ${performer}. Your lists and settings are unchanged.`,
      "",
      `If ${performer} is yours, someone with access to the room changed its subject or about-me. Secure the room's account on the platform, then prove it again here with a new code:`,
      claimUrl,
    ].join("\n"),
  };
}
