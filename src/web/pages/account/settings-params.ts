/** The outcomes of a followed confirmation link (GET /v1/auth/verify-email redirects with one). */
export const EMAIL_OUTCOMES = ["verified", "already-used", "expired", "invalid"] as const;
export type EmailOutcome = (typeof EMAIL_OUTCOMES)[number];

/** What /settings was sent to say, from its query: each is read once, then taken off the address. */
export interface SettingsNotice {
  email: EmailOutcome | null;
  /** A password reset link's token (the mail links to /settings?reset={token}). */
  resetToken: string | null;
  /** A failed Google sign-in (/settings?signin=google-failed&reason={code}), with its reason. */
  googleFailed: { reason: string | null } | null;
}

const ONE_TIME = ["email", "reset", "signin", "reason"];

export function readSettingsNotice(search: URLSearchParams): SettingsNotice {
  const email = search.get("email");
  const reset = search.get("reset");
  const reason = search.get("reason");
  return {
    email: (EMAIL_OUTCOMES as readonly string[]).includes(email ?? "") ? (email as EmailOutcome) : null,
    resetToken: reset !== null && /^[\w.~-]{8,4096}$/.test(reset) ? reset : null,
    googleFailed:
      search.get("signin") === "google-failed"
        ? { reason: reason !== null && /^[a-z0-9_-]{1,64}$/i.test(reason) ? reason : null }
        : null,
  };
}

/**
 * The address without the one-time parameters: a reset token must not stay in the address bar,
 * the history or a shared screenshot, and a reload should not show an old banner again.
 */
export function withoutNotice(pathname: string, search: URLSearchParams, hash = ""): string | null {
  if (!ONE_TIME.some((name) => search.has(name))) return null;
  const kept = new URLSearchParams(search);
  for (const name of ONE_TIME) kept.delete(name);
  const query = kept.toString();
  return `${pathname}${query === "" ? "" : `?${query}`}${hash}`;
}
