import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { type Config, usesSandbox } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { createAuth, type GoogleClient } from "../identity/auth.ts";
import { authSecretOf } from "../identity/auth-secret.ts";
import { createIdentity, type Identity } from "../identity/identity.ts";
import { alertTokenKey } from "../lists/alert-token.ts";
import type { Logger } from "../log.ts";
import { mailDir } from "../mail/mail-store.ts";
import type { Mailer } from "../mail/mailer.ts";
import { siteMailer } from "../mail/site-mailer.ts";
import { watchSearchIndex } from "../metrics/search-metrics.ts";
import { runningPlatform } from "../online-rooms/platform-source.ts";
import type { OnlineRoomsService } from "../online-rooms/service.ts";
import { createSearchService } from "../search/search-service.ts";
import { buildApp } from "../server/app.ts";
import { devToolsRule } from "../site/dev-tools.ts";
import { siteOriginOf } from "../site/site-origin.ts";
import { type GoogleSignIn, SITE_NAME } from "../site/site-settings.ts";

/** How often each server process looks for a new complete poll to search (one cheap query). */
export const SEARCH_FOLLOWS_POLLS_SECONDS = 5;

export interface SiteServerOptions {
  config: Config;
  db: Db;
  log: Logger;
  /** The sandbox platform's address when it is the feed (no PLATFORM_FEED_URL); null otherwise. */
  sandboxUrl: string | null;
  /** The embedded mail sink's SMTP URL when it is the mail sink (no SMTP_URL); null otherwise. */
  mailSinkUrl: string | null;
  /** The sandbox's stand-in for Google when `npm start` runs one (start/google-stand-in.ts); unset or null otherwise. */
  googleStandIn?: GoogleClient | null;
  /** The main process's rate-limit windows, when several processes serve (shared-rate-limit.ts). */
  rateLimitStore?: FastifyRateLimitStoreCtor;
  /** The main process's online-rooms proxy, when several processes serve (shared-service.ts). */
  onlineRooms?: OnlineRoomsService;
}

/**
 * Accounts (decision 0018) when there is a way to send their mail (SMTP_URL, or the local sink
 * `npm start` runs); without one they stay off rather than make accounts nobody can confirm.
 * Google sign-in (decision 0019) with Google's client when one is configured, else the stand-in's.
 */
function siteIdentity(
  options: SiteServerOptions,
): { identity: Identity; mailer: Mailer; googleSignIn: GoogleSignIn } | null {
  const { config, db, log } = options;
  if (config.SMTP_URL === undefined && options.mailSinkUrl === null) return null;
  const mailer = siteMailer(config, db, options.mailSinkUrl);
  const configured =
    config.GOOGLE_CLIENT_ID !== undefined && config.GOOGLE_CLIENT_SECRET !== undefined
      ? {
          issuer: config.GOOGLE_ISSUER_URL,
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
        }
      : undefined;
  const google = configured ?? options.googleStandIn ?? undefined;
  const auth = createAuth({
    db,
    secret: authSecretOf(config),
    origin: siteOriginOf(config),
    mailer,
    siteName: SITE_NAME,
    log,
    google,
  });
  const googleSignIn = configured ? "google" : google ? "sandbox" : null;
  return { identity: createIdentity(db, auth), mailer, googleSignIn };
}

/**
 * The site's HTTP server, listening on HOST:PORT, with its search service: what the main process
 * runs with WEB_PROCESSES=0, and what each server process runs otherwise (src/web-process.ts). In
 * a cluster every process listens on the same port and the main process hands out connections.
 */
export async function startSiteServer(options: SiteServerOptions): Promise<FastifyInstance> {
  const { config, db, log, sandboxUrl } = options;
  // A poll is searchable within seconds of being stored, in every process (issue 16).
  const search = createSearchService(db, { log, followPollsSeconds: SEARCH_FOLLOWS_POLLS_SECONDS });
  const platform = runningPlatform(config, sandboxUrl) ?? undefined;
  const identity = siteIdentity(options);
  const devTools = devToolsRule(config).on;
  const metricsOn = config.METRICS_PORT !== undefined;
  if (metricsOn) watchSearchIndex(() => search.indexState?.() ?? null);
  const app = buildApp({
    db,
    search,
    publishDir: config.PUBLISH_DIR,
    rateLimitPerMinute: config.API_RATE_LIMIT_PER_MINUTE,
    pageRateLimitPerMinute: config.PAGE_RATE_LIMIT_PER_MINUTE,
    rateLimitStore: options.rateLimitStore,
    trustedProxies: config.TRUSTED_PROXIES,
    ageVerificationRegions: config.AGE_VERIFICATION_REGIONS,
    config,
    // The sandbox serves its thumbnails itself, at the address it was started on.
    imageHost: config.PLATFORM_IMAGE_URL ?? (usesSandbox(config) ? (sandboxUrl ?? undefined) : undefined),
    // Its loopback address may be fetched (a profile image from the platform) only then.
    imageHostIsSandbox: config.PLATFORM_IMAGE_URL === undefined && usesSandbox(config) && sandboxUrl !== null,
    platform,
    // The processes share the main process's proxy, which asks at FEED_MAX_REQUESTS_PER_SECOND.
    onlineRooms: options.onlineRooms,
    // The sink's mail is shown only while it is the sink, and only as a development tool.
    devMailDir:
      devTools && options.mailSinkUrl !== null && !config.SMTP_URL ? mailDir(config.DATA_DIR) : undefined,
    // The sandbox's control only as a development tool: never beside a real platform or in public.
    sandboxControlUrl: devTools && sandboxUrl !== null ? sandboxUrl : undefined,
    identity: identity?.identity,
    listAlertTokenKey: identity === null ? undefined : alertTokenKey(authSecretOf(config)),
    googleSignIn: identity?.googleSignIn ?? null,
    requestMetrics: metricsOn,
  });
  // Work that outlived its answer (a sign-up's rows, a reset's mail) ends before its mailer.
  if (identity !== null)
    app.addHook("onClose", async () => {
      await identity.identity.settled();
      await identity.mailer.close();
    });
  await app.listen({ host: config.HOST, port: config.PORT });
  // Load the search index now rather than on the first search, which would wait for it.
  const indexStarted = Date.now();
  search.ready().then(
    () => log.info(`search index loaded in ${Date.now() - indexStarted} ms`),
    (error: unknown) =>
      log.error({ err: error }, "search index failed to load; the first search will try again"),
  );
  return app;
}
