/**
 * The mails that tell an account's owner its way in has changed (OWASP ASVS V2.2.3): a password
 * changed in the settings or by a reset link, and Google sign-in joined to a password account.
 * Someone who took the account over cannot hide it from the mailbox; the owner learns what to do.
 */

export interface AccountNotice {
  kind: string;
  subject: string;
  text: string;
}

export type PasswordChange = "settings" | "reset";

export function accountNotices(siteName: string, origin: string) {
  const settings = `${origin}/settings`;
  const resetNow = `choose a new password now with "Forgot password?" at ${settings}, which signs everyone out`;
  return {
    passwordChanged(how: PasswordChange): AccountNotice {
      return {
        kind: "password-changed",
        subject: `Your ${siteName} password was changed`,
        text:
          `The password of your ${siteName} account was just changed ` +
          (how === "reset"
            ? "with a reset link mailed to this address. Every sign-in of the account has ended.\n\n" +
              `If it was not you, someone can read this mailbox: secure it (change its password), then ${resetNow}.`
            : "in its settings. Every other sign-in of the account has ended.\n\n" +
              `If it was not you, someone else has your password or a sign-in: ${resetNow}.`),
      };
    },
    googleAdded(): AccountNotice {
      return {
        kind: "google-added",
        subject: `Google sign-in was added to your ${siteName} account`,
        text:
          `Your ${siteName} account can now be signed in to with the Google account of this address, beside its password.\n\n` +
          `If it was not you, someone holds the Google account of this address: secure it at Google, then ${resetNow}.`,
      };
    },
  };
}
