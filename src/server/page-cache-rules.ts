import { SERVER_CACHE_HEADER } from "../site/server-cache-header.ts";

/**
 * The page cache's HTTP rules (src/server/page-cache.ts keeps the pages): which answers may be
 * kept, for how long, for how long more served stale while refreshed, and under what key.
 *
 * What is kept: GET answers with status 200, no Set-Cookie, no Vary beyond Accept-Encoding, and a
 * Cache-Control that lets a shared cache keep them (s-maxage or max-age above 0; not private,
 * no-store or no-cache), or a page's word for this cache alone (x-server-cache: max-age). They are
 * kept for that long, at most the cache's longest.
 *
 * The key: a page's render depends only on its URL (origin, path and query, React Router's `.data`
 * requests included), on whether the visitor is a crawler (isbot: crawlers skip the live lookup
 * and get full texts, SPEC §6), and, for the loaders that call it, on the visitor's
 * age-verification decision (PageContext.ageVerification). All three are in the key: the last only
 * for the pages that asked for it on their last render, the way HTTP's Vary works. Nothing else of
 * the visitor reaches a render: requests with an Authorization header bypass the cache, and the
 * signed-in parts of a page render in the browser from authenticated calls (DESIGN §8).
 */

/** What a render depends on beyond the URL: see the file's comment. */
export interface PageRequestFacts {
  /** The full URL the visitor asked for (origin, path, query). */
  url: string;
  crawler: boolean;
}

/** The key of a GET: its URL, crawler or person, and the age-verification decision when the page asks for it. */
export function pageCacheKey(facts: PageRequestFacts, ageVerification: boolean | null): string {
  const visitor = facts.crawler ? "crawler" : "person";
  const av = ageVerification === null ? "" : ageVerification ? " age-verification" : " no-age-verification";
  return `GET ${facts.url} ${visitor}${av}`;
}

const directive = (cacheControl: string, name: string) =>
  new RegExp(`(?:^|,)\\s*${name}\\s*(?:=\\s*"?(\\d+)"?)?\\s*(?:,|$)`, "i").exec(cacheControl);

/** How long a response may be kept here (ms): 0 when it may not be kept at all. */
export function cacheableForMs(status: number, headers: Headers, maxTtlMs: number): number {
  if (status !== 200) return 0;
  if (headers.getSetCookie().length > 0) return 0;
  const vary = headers.get("vary");
  if (vary?.split(",").some((v) => v.trim().toLowerCase() !== "accept-encoding")) return 0;
  // A page's word for this cache alone comes first (src/site/server-cache-header.ts).
  const serverOnly = headers.get(SERVER_CACHE_HEADER);
  if (serverOnly !== null) {
    const seconds = directive(serverOnly, "max-age")?.[1];
    return seconds === undefined ? 0 : Math.min(Number(seconds) * 1000, maxTtlMs);
  }
  const cacheControl = headers.get("cache-control");
  if (cacheControl === null) return 0;
  for (const refusal of ["private", "no-store", "no-cache"]) if (directive(cacheControl, refusal)) return 0;
  const seconds = directive(cacheControl, "s-maxage")?.[1] ?? directive(cacheControl, "max-age")?.[1];
  if (seconds === undefined) return 0;
  return Math.min(Number(seconds) * 1000, maxTtlMs);
}

/**
 * How long after it expires a kept page may still be served while a render refreshes it (ms): the
 * `stale-while-revalidate` (RFC 5861) of the header that set its time to live, at most `maxTtlMs`;
 * 0 without.
 */
export function staleForMs(headers: Headers, maxTtlMs: number): number {
  const words = headers.get(SERVER_CACHE_HEADER) ?? headers.get("cache-control") ?? "";
  const seconds = directive(words, "stale-while-revalidate")?.[1];
  return seconds === undefined ? 0 : Math.min(Number(seconds) * 1000, maxTtlMs);
}
