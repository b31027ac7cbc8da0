/** The site's own name, beside the platform's (PLATFORM_NAME), which is configuration. */
export const SITE_NAME = "camstats";

/**
 * Which Google sign-in the site offers (decision 0019): Google's own (GOOGLE_CLIENT_ID), the
 * sandbox's local stand-in for it (`npm start` with neither a client nor a real feed), or none.
 */
export type GoogleSignIn = "google" | "sandbox" | null;

/**
 * The public part of the configuration, which the root loader sends to every page (and so to the
 * browser): nothing here may be a secret.
 */
export interface SiteSettings {
  /** PLATFORM_NAME: the platform's display name in titles and copy. */
  platformName: string;
  /** The address the visitor reached us at, for canonical links. */
  origin: string;
  /** The header's optional social links; null hides one. */
  social: { twitter: string | null; newsletter: string | null };
  /** ACCOUNTS_BETA: whether the header shows the account menu. */
  accountsBeta: boolean;
  /** FEEDBACK_EMAIL (or its default): where the account menu's "Give feedback" link writes to. */
  feedbackEmail: string;
  /** Whether the account pages show a Google button, and whether it is labelled the sandbox's stand-in. */
  googleSignIn: GoogleSignIn;
  /** PARTNER_SITES: the footer's links to partner sites for other platforms (SPEC §1). */
  partnerSites: readonly { name: string; url: string }[];
  /** ANALYTICS_URL and ANALYTICS_SITE_ID: where page views and events are posted; null sends none. */
  analytics: { eventUrl: string; siteId: string } | null;
}

/** FEEDBACK_EMAIL, or feedback@ the public address's host (localhost without one), as MAIL_FROM does. */
export function feedbackEmailOf(configured: string | undefined, publicUrl: string | undefined): string {
  if (configured !== undefined) return configured;
  const host = publicUrl === undefined ? "localhost" : new URL(publicUrl).hostname;
  // An IP address (an IPv6 literal above all) makes a poor mail domain: localhost then.
  return `feedback@${/^[\d.]+$|^\[/.test(host) ? "localhost" : host}`;
}
