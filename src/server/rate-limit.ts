import rateLimit, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Every request counts toward its client address's limit, in one of two windows a minute: the
 * API's (the charts and account APIs and the published files) and the pages' (pages, sitemaps,
 * robots.txt, images). The pages' may be larger: a page view brings a cover image or a sitemap
 * with it. Only the build's hashed assets are free: a page brings a handful and they cost
 * nothing to serve. Search engines' crawlers get no exemption: a 429 with Retry-After is the
 * signal they honour to slow down, and a crawler's name proves nothing without a reverse DNS
 * lookup on every request (docs/decisions/0012).
 */
export type RateFamily = "api" | "page";

const API_PATH = /^\/(?:api|v1|stats)(?:[/?]|$)/;

/** Which window a request counts in, or null for the free assets. */
export function rateFamily(url: string): RateFamily | null {
  if (url.startsWith("/assets/")) return null;
  return API_PATH.test(url) ? "api" : "page";
}

export interface RateLimits {
  /** Requests a minute from one address to the API; 0: no limit. */
  apiPerMinute: number;
  /** Requests a minute from one address to the pages; 0: no limit. */
  pagesPerMinute: number;
  /** Where the counts live: this process's memory unless the main process keeps them. */
  store?: FastifyRateLimitStoreCtor;
}

/** An answer over the limit that is a page, not the API's JSON (api-error.ts sends it). */
export class TooManyPages extends Error {
  readonly statusCode = 429;
  constructor(
    readonly perMinute: number,
    readonly after: string,
  ) {
    super(`too many pages: at most ${perMinute} a minute from one address; try again in ${after}`);
  }

  /** A small page of its own: the site's pages and their shell would cost what the limit saves. */
  html(): string {
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Too many requests</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
<h1>Too many requests</h1>
<p>This address asked for more than ${this.perMinute} pages in a minute. Please try again in ${this.after}.</p>
</body></html>
`;
  }
}

const limitOf = (limits: RateLimits, family: RateFamily | null) =>
  family === "api" ? limits.apiPerMinute : family === "page" ? limits.pagesPerMinute : 0;

/**
 * Registers the limit on `app`, before any route: the plugin counts the routes added after it has
 * loaded, so the app adds its routes in a plugin registered after this one.
 */
export function registerRateLimit(app: FastifyInstance, limits: RateLimits): void {
  if (limits.apiPerMinute === 0 && limits.pagesPerMinute === 0) return;
  const family = (request: FastifyRequest) => rateFamily(request.url);
  void app.register(rateLimit, {
    timeWindow: "1 minute",
    max: async (request) => limitOf(limits, family(request)),
    // One window per address and family, so that browsing pages spends nothing of the API's.
    keyGenerator: (request) => `${request.ip}|${family(request)}`,
    allowList: (request) => limitOf(limits, family(request)) === 0,
    ...(limits.store
      ? // A count the main process cannot give (it is gone; this process is stopping) lets the
        // request through rather than fail it.
        { store: limits.store, skipOnError: true }
      : {}),
    errorResponseBuilder: (request, context) =>
      family(request) === "page"
        ? new TooManyPages(context.max, context.after)
        : {
            statusCode: 429,
            message: `too many requests: at most ${context.max} a minute from one address; try again in ${context.after}`,
          },
  });
}
