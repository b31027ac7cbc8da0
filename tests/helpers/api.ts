import type { FastifyInstance } from "fastify";
import { loadConfig } from "../../src/config.ts";
import type { Db } from "../../src/db/connect.ts";
import type { Identity } from "../../src/identity/identity.ts";
import { sandboxPlatform } from "../../src/online-rooms/platform-source.ts";
import { type AppOptions, buildApp } from "../../src/server/app.ts";

/** The site's app on a test database: no published files, no rate limit unless a test sets one. */
export function testApp(db: Db, options: Partial<AppOptions> = {}): FastifyInstance {
  return buildApp({ db, publishDir: "/nonexistent", rateLimitPerMinute: 0, ...options });
}

/**
 * A stand-in for the database of an app whose tested calls never touch it (the live-room pages,
 * the OpenAPI document): anything that does reach for it fails at once, saying so, instead of a
 * bare `{} as never` failing somewhere inside Kysely.
 */
export const NO_DATABASE = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`this test's app has no database (something read db.${String(property)})`);
    },
  },
) as Db;

/**
 * Accounts whose every call fails, saying so: for the tests that look only at which routes the
 * app has (the OpenAPI document), with the account routes registered.
 */
export const NO_IDENTITY = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`this test's app has no accounts (something called identity.${String(property)})`);
    },
  },
) as Identity;

/**
 * The app over a sandbox platform's feed, for the live-room pages and /api/online_rooms: no
 * database, the feed unthrottled (tests wait for nothing), the platform named TestCams.
 */
export function liveRoomsApp(sandboxUrl: string, options: Partial<AppOptions> = {}): FastifyInstance {
  return testApp(NO_DATABASE, {
    config: loadConfig({ PLATFORM_NAME: "TestCams" }),
    platform: sandboxPlatform(sandboxUrl),
    feedRequestsPerSecond: Number.POSITIVE_INFINITY,
    ...options,
  });
}

/** GET through the app without a socket: status, parsed JSON body and cache header. */
export async function apiGet(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: "GET", url });
  return { status: response.statusCode, body: response.json(), cache: response.headers["cache-control"] };
}

/** POST a JSON body through the app: status and parsed JSON body. */
export async function apiPost(app: FastifyInstance, url: string, payload: unknown) {
  const response = await app.inject({
    method: "POST",
    url,
    payload: JSON.stringify(payload),
    headers: { "content-type": "application/json" },
  });
  return { status: response.statusCode, body: response.json() };
}
