/**
 * A page may let this server's page cache keep it when HTTP caches may not: the live-room pages
 * send `private` (their thumbnails depend on the visitor's age-verification decision, which a
 * shared cache cannot see) but the page cache keys on that decision (src/server/page-cache.ts).
 * Its value reads like Cache-Control (`max-age=30`). The header never leaves the server. A word
 * between the pages and the server, so it lives below both; a module of its own, with no imports,
 * because route modules that reach the browser import it.
 */
export const SERVER_CACHE_HEADER = "x-server-cache";
