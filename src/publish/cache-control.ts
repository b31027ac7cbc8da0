/** Ranking days before this many days ago never change again (the rollup writes a day once). */
const SETTLED_AFTER_DAYS = 2;
const YEAR_SECONDS = 365 * 86_400;
/** SPEC §9: API data may be cached 5 minutes. */
export const FRESH_SECONDS = 300;
const FOLLOWING_SECONDS = 30;
const DATED = /^\/(?:stats|data)\/(\d{4}-\d{2}-\d{2})\//;

/**
 * Cache-Control of a published file: a past ranking day is cacheable for a year; the latest days
 * and every other file (lists that change daily, traffic, online users) for five minutes. The site
 * sends it, and a bucket keeps it with each object for a CDN that serves them (PUBLISHED_BASE_URL).
 */
export function cacheControlFor(urlPath: string, now = Date.now()): string {
  // A report's chart is linked with ?v={its hash} (src/publish/reports/): a new drawing is a new address.
  if (urlPath.startsWith("/images/reports/")) return `public, max-age=${YEAR_SECONDS}, immutable`;
  // Follows a reviewer's approval within a minute (issue 30): republished within 15 s, kept 30.
  if (urlPath === "/api/tags/additional_tags.json") return `public, max-age=${FOLLOWING_SECONDS}`;
  const day = DATED.exec(urlPath)?.[1];
  if (day) {
    const settled = Date.parse(`${day}T00:00:00Z`) < now - SETTLED_AFTER_DAYS * 86_400_000;
    if (settled) return `public, max-age=${YEAR_SECONDS}, immutable`;
  }
  return `public, max-age=${FRESH_SECONDS}`;
}
