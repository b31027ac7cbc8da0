import { isbot } from "isbot";

/**
 * SPEC §6: search crawlers skip the age-verification and live-status lookups and see full text.
 * One test for every loader and for the server's page cache, whose key must split visitors exactly
 * as the renders do.
 */
export function isCrawler(request: Request): boolean {
  const userAgent = request.headers.get("user-agent");
  return userAgent !== null && isbot(userAgent);
}
