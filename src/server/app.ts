import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { type Config, loadConfig } from "../config.ts";
import type { Db } from "../db/connect.ts";
import type { Identity } from "../identity/identity.ts";
import {
  affiliateOf,
  configuredPlatform,
  type PlatformSource,
  SANDBOX_CAMPAIGN,
} from "../online-rooms/platform-source.ts";
import { type OnlineRoomsService, onlineRoomsOf } from "../online-rooms/service.ts";
import { SANDBOX_SITE } from "../platform/sandbox-site.ts";
import { createSearchService, type SearchService } from "../search/search-service.ts";
import { policyOrigin } from "../site/content-security-policy.ts";
import { siteOriginOf } from "../site/site-origin.ts";
import { type GoogleSignIn, SITE_NAME } from "../site/site-settings.ts";
import { type SiteStores, siteStores } from "../storage/site-stores.ts";
import { ApiError, registerApiErrors, sendApiError } from "./api/api-error.ts";
import { registerApiCompression } from "./api/compression.ts";
import { capConnections } from "./connection-caps.ts";
import type { PageCacheOptions } from "./page-cache.ts";
import { registerPages } from "./pages.ts";
import { registerRateLimit } from "./rate-limit.ts";
import { readiness } from "./readiness.ts";
import {
  type RequestBounds,
  registerJsonBounds,
  requestBoundsOf,
  serverOptionsOf,
} from "./request-bounds.ts";
import { registerRequestMetrics } from "./request-metrics.ts";
import { registerAccount } from "./routes/account.ts";
import {
  type PlatformImageSource,
  registerAccountImages,
  registerProfileImageFiles,
} from "./routes/account-images.ts";
import { registerAccountSessions } from "./routes/account-sessions.ts";
import { registerAccountSettings } from "./routes/account-settings.ts";
import { registerApiDocs } from "./routes/api-docs.ts";
import { registerAuthRoutes } from "./routes/auth/auth-routes.ts";
import { registerGoogleRoutes } from "./routes/auth/google-routes.ts";
import { registerBingoCardPng } from "./routes/bingo-card-png.ts";
import { registerBingoCards } from "./routes/bingo-cards.ts";
import { registerBlogFeed } from "./routes/blog-feed.ts";
import { registerComparePerformers } from "./routes/compare-performers.ts";
import { registerCoverImages } from "./routes/cover-images.ts";
import { registerDevMail } from "./routes/dev-mail.ts";
import { registerDevSandbox } from "./routes/dev-sandbox.ts";
import { registerFanQuotes } from "./routes/fan-quotes.ts";
import { registerFavicon } from "./routes/favicon.ts";
import { registerGeoip } from "./routes/geoip.ts";
import { registerHealth } from "./routes/health.ts";
import { registerListAlerts } from "./routes/list-alerts.ts";
import { registerListFeed } from "./routes/list-feed.ts";
import { registerListImage, registerListImageFiles } from "./routes/list-image.ts";
import { registerListImport } from "./routes/list-import.ts";
import { registerListSummary } from "./routes/list-summary.ts";
import { registerLists } from "./routes/lists.ts";
import { liveStatsReader, registerLiveStats } from "./routes/live-stats.ts";
import { registerLogoImages } from "./routes/logo-images.ts";
import { registerModelSearch } from "./routes/model-search.ts";
import { registerModeration } from "./routes/moderation.ts";
import { moderationCookie } from "./routes/moderation-cookie.ts";
import { registerModerationForm } from "./routes/moderation-form.ts";
import { registerNameLookup } from "./routes/name-lookup.ts";
import { registerOnlineRooms } from "./routes/online-rooms.ts";
import { registerOptoutWithoutAccounts, registerPerformerClaims } from "./routes/performer-claims.ts";
import { registerProfileThumbs } from "./routes/profile-thumbs.ts";
import { registerPublishedFiles } from "./routes/published-files.ts";
import { registerRobots } from "./routes/robots.ts";
import { registerRoomPlayer } from "./routes/room-player.ts";
import { registerSitemaps } from "./routes/sitemaps.ts";
import { registerSocialImages } from "./routes/social-images.ts";
import { registerStreamers } from "./routes/streamers.ts";
import { registerStreams } from "./routes/streams.ts";
import { registerSuggestions } from "./routes/suggestions.ts";
import { registerSummaries } from "./routes/summaries.ts";
import { registerTipMenuSearch } from "./routes/tipmenu-search.ts";
import { registerTraffic } from "./routes/traffic.ts";
import { registerUserInfo } from "./routes/user-info.ts";
import { registerSecurityHeaders } from "./security-headers.ts";

export interface AppOptions {
  db: Db;
  /**
   * PUBLISH_DIR: where the published files live when STORAGE_URL is a directory (the default); with
   * a bucket, they are served and read from it instead.
   */
  publishDir: string;
  logger?: boolean | { level: string };
  /** Requests per minute per client address on the API (default 600); 0 turns the limit off (benchmarks). */
  rateLimitPerMinute?: number;
  /** The same for the pages (default 1200, or rateLimitPerMinute when only that is set); 0: no limit. */
  pageRateLimitPerMinute?: number;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); none by default. */
  trustedProxies?: string[];
  /** Countries where age verification applies (ISO alpha-2). */
  ageVerificationRegions?: string[];
  /** The performer search; by default one over `db`, loaded on the first search. */
  search?: SearchService;
  /** The configuration page loaders read (platform name, social links, beta flags); defaults when unset. */
  config?: Config;
  /** Where the pages' build is (default build/web at the repository's root). */
  webBuildDir?: string;
  /** The platform's image host for live thumbnails (PageContext.imageHost); none by default. */
  imageHost?: string;
  /**
   * The image host is the sandbox on this machine (`npm start`, tests): the profile image taken
   * from the platform (account_profileimage_fromcb) may then be fetched from its loopback address,
   * which is refused otherwise (decision 0022).
   */
  imageHostIsSandbox?: boolean;
  /**
   * The platform whose online rooms the live-room pages and /api/online_rooms show: the collector's
   * feed (`npm start` passes the sandbox's or the real one). Unset: the real feed of `config` when it
   * names one; otherwise the rooms are unavailable (503) and links go to the sandbox's made-up site.
   */
  platform?: PlatformSource;
  /** The cache of rendered pages (src/server/page-cache.ts): its limits, or false for none. On by default. */
  pageCache?: PageCacheOptions | false;
  /** Spacing of the proxy's feed requests (default FEED_MAX_REQUESTS_PER_SECOND); tests lift it. */
  feedRequestsPerSecond?: number;
  /**
   * The online-rooms proxy to use instead of one of this app's own: the main process's, when
   * several processes serve the site (src/online-rooms/shared-service.ts).
   */
  onlineRooms?: OnlineRoomsService;
  /**
   * Where the rate limit counts: this process by default; the main process's windows when several
   * processes serve the site (src/server/shared-rate-limit.ts).
   */
  rateLimitStore?: FastifyRateLimitStoreCtor;
  /** The clock the API judges live states by (GET /api/streamers?modelName) and keeps shared answers by; tests fix it. */
  now?: () => number;
  /** Compression and ETags of the API's answers (api/compression.ts); on by default, off to measure them. */
  apiCompression?: boolean;
  /**
   * The embedded mail sink's folder (src/mail/mail-store.ts) when it is the mail sink (no SMTP_URL):
   * /dev/mail and /dev/mail.json show its messages. Unset: those paths do not exist.
   */
  devMailDir?: string;
  /**
   * The sandbox platform's address while it is the data source: /dev/sandbox/performer sets its
   * performers' subjects and about-me (issue 19). Unset: that path does not exist.
   */
  sandboxControlUrl?: string;
  /** Accounts (src/identity/): the /v1/auth routes and the authenticated calls. Unset: they do not exist. */
  identity?: Identity;
  /**
   * Google sign-in, when `identity` was made with a Google client (createAuth's `google`): "google"
   * for Google's, "sandbox" for the local stand-in. Unset or null: no Google routes or button.
   */
  googleSignIn?: GoogleSignIn;
  /**
   * With `identity`: the key of the go-live mails' unsubscribe links (lists/alert-token.ts, from the
   * auth secret, the same in the process that sends them). Unset: no /v1/list_alerts calls.
   */
  listAlertTokenKey?: Buffer;
  /**
   * Body sizes and JSON depth, request timeouts, connection caps (request-bounds.ts): the site's
   * by default, each one replaceable (tests shorten the timeouts); false for none at all, as
   * before issue 27 (bench/hostile-bodies.ts measures against it).
   */
  requestBounds?: Partial<RequestBounds> | false;
  /** Count and time every request for the metrics listener (METRICS_PORT, decision 0037); off by default. */
  requestMetrics?: boolean;
}

/** What buildApp makes once and the routes share. */
interface SiteServices {
  search: SearchService;
  config: Config;
  platform: PlatformSource | null;
  onlineRooms: OnlineRoomsService;
  stores: SiteStores;
}

/**
 * The site's HTTP server: the API, the published files and the pages. Routes are added per issue;
 * each route file registers its own paths.
 */
export function buildApp(options: AppOptions): FastifyInstance {
  const bounds = requestBoundsOf(options.requestBounds);
  const app = Fastify({
    ...serverOptionsOf(bounds),
    logger: options.logger ?? false,
    trustProxy: options.trustedProxies?.length ? options.trustedProxies : false,
    // A URL that cannot be decoded never reaches a route or the error handler: answer it here, in
    // the API's one error shape.
    frameworkErrors: (error, _request, reply) =>
      sendApiError(reply, new ApiError(400, "bad_request", error.message)),
  });
  // First, at the root: every answer is counted, whatever route or refusal gave it.
  if (options.requestMetrics === true) registerRequestMetrics(app);
  // While the process drains (src/start/graceful-close.ts) every answer closes its connection, so
  // that no kept-alive connection is idle when the port closes, to be cut under the next request a
  // balancer sends on it.
  app.addHook("onRequest", (_request, reply, done) => {
    if (readiness.draining) reply.header("connection", "close");
    done();
  });
  if (bounds !== null) {
    registerJsonBounds(app, bounds.maxJsonDepth);
    capConnections(app.server, {
      perAddress: bounds.maxConnectionsPerAddress,
      total: bounds.maxConnections,
      exempt: options.trustedProxies ?? [],
    });
  }
  registerApiErrors(app);
  const search = options.search ?? createSearchService(options.db);
  app.addHook("onClose", async () => search.close());
  const config = options.config ?? loadConfig({});
  // The published files and images STORAGE_URL names (decision 0045); a directory by default.
  const stores = siteStores({ ...config, PUBLISH_DIR: options.publishDir });
  const platform = options.platform ?? configuredPlatform(config);
  const onlineRooms =
    options.onlineRooms ??
    onlineRoomsOf(platform, {
      maxRequestsPerSecond: options.feedRequestsPerSecond ?? config.FEED_MAX_REQUESTS_PER_SECOND,
      warn: (message) => app.log.warn(message),
    });
  registerSecurityHeaders(app, { https: config.PUBLIC_URL?.startsWith("https:") ?? false });
  registerRateLimit(app, {
    apiPerMinute: options.rateLimitPerMinute ?? 600,
    pagesPerMinute: options.pageRateLimitPerMinute ?? options.rateLimitPerMinute ?? 1200,
    store: options.rateLimitStore,
  });
  // Every route in a plugin registered after the limit's, so that the limit counts each of them
  // (fastify-plugin: in the app's own context, not a child one).
  void app.register(
    fastifyPlugin(async (site) => {
      registerRoutes(site, options, { search, config, platform, onlineRooms, stores });
    }),
  );
  return app;
}

/** Where account_profileimage_fromcb may fetch: the image host's origin, if there is one. */
function platformImagesOf(options: AppOptions): PlatformImageSource | null {
  const origin = policyOrigin(options.imageHost);
  return origin === null ? null : { origin, allowLoopback: options.imageHostIsSandbox ?? false };
}

/** Google sign-in exists only with accounts. */
const googleSignInOf = (options: AppOptions): GoogleSignIn =>
  options.identity === undefined ? null : (options.googleSignIn ?? null);

/** The API, the published files, the images, the crawlers' files and the pages. */
function registerRoutes(
  app: FastifyInstance,
  options: AppOptions,
  { search, config, platform, onlineRooms, stores }: SiteServices,
): void {
  void app.register(async (api) => {
    if (options.apiCompression !== false) registerApiCompression(api);
    registerHealth(api, options.db);
    registerStreams(api, options.db);
    registerStreamers(api, options.db, options.now);
    registerTraffic(api, options.db);
    registerLiveStats(api, liveStatsReader(options.db, options.now));
    registerModelSearch(api, search);
    registerSummaries(api, options.db);
    registerGeoip(api, new Set(options.ageVerificationRegions ?? []));
    registerNameLookup(api, options.db);
    registerTipMenuSearch(api, options.db, options.now);
    registerOnlineRooms(api, onlineRooms);
    registerSuggestions(api, options.db, options.identity);
    if (options.identity !== undefined) {
      const https = config.PUBLIC_URL?.startsWith("https:") ?? false;
      registerAuthRoutes(api, options.identity, {
        https,
        moderationCookie: moderationCookie(options.db, options.identity, config.MODERATOR_EMAILS, https),
      });
      registerAccount(api, options.identity, { https });
      registerAccountSessions(api, options.identity, { https });
      if (googleSignInOf(options) !== null) registerGoogleRoutes(api, options.identity, { https });
      registerLists(api, options.db, options.identity);
      registerBingoCards(api, options.db, options.identity);
      registerListSummary(api, options.db, options.identity, options.now ?? Date.now);
      registerListImport(api, options.db, options.identity);
      registerListImage(api, options.db, options.identity, stores.listImages);
      if (options.listAlertTokenKey !== undefined)
        registerListAlerts(api, options.db, options.identity, options.listAlertTokenKey);
      registerUserInfo(api, options.db, options.identity);
      registerRoomPlayer(
        api,
        options.db,
        options.identity,
        platform ? affiliateOf(platform) : { site: SANDBOX_SITE, campaign: SANDBOX_CAMPAIGN },
        options.now ?? Date.now,
      );
      registerComparePerformers(api, options.db, options.identity, options.now ?? Date.now);
      registerPerformerClaims(api, options.db, options.identity, options.now ?? Date.now);
      registerModeration(api, options.db, options.identity, config.MODERATOR_EMAILS);
      registerFanQuotes(api, options.db, options.identity, config.MODERATOR_EMAILS, options.now ?? Date.now);
      registerAccountSettings(api, options.db, options.identity, options.now ?? Date.now);
      registerAccountImages(api, {
        db: options.db,
        identity: options.identity,
        images: stores.profileImages,
        platformImages: platformImagesOf(options),
        now: options.now,
      });
    } else {
      registerOptoutWithoutAccounts(api, options.db, options.now ?? Date.now);
    }
    registerApiDocs(api);
  });
  registerPublishedFiles(app, stores.published, { redirectBase: config.PUBLISHED_BASE_URL });
  if (options.devMailDir !== undefined) registerDevMail(app, options.devMailDir);
  if (options.sandboxControlUrl !== undefined) registerDevSandbox(app, options.sandboxControlUrl);
  registerCoverImages(app, config.PLATFORM_SLUG, {
    db: options.db,
    publishDir: stores.published,
    thumbs: stores.thumbs,
  });
  registerLogoImages(app);
  registerFavicon(app);
  registerSocialImages(app, config.PLATFORM_NAME);
  // Before the pages, which would otherwise answer /bingo-card-creator/… with their 404.
  registerBingoCardPng(app);
  registerListImageFiles(app, stores.listImages);
  // Before the pages, which would otherwise answer /profile/… with their 404.
  registerProfileThumbs(app, options.db, stores.thumbs);
  registerProfileImageFiles(app, stores.profileImages);
  // Before the pages, whose /lists/{listId} would otherwise answer it.
  registerListFeed(app, {
    db: options.db,
    origin: siteOriginOf(config),
    siteName: SITE_NAME,
    now: options.now,
  });
  // Before the pages, whose /blog/{slug} would otherwise answer it.
  registerBlogFeed(app, {
    publishDir: stores.published,
    origin: siteOriginOf(config),
    siteName: SITE_NAME,
  });
  // The /moderation page's form posts (the page itself is below).
  registerModerationForm(app, options.db, config.MODERATOR_EMAILS);
  // Fastify routes, not pages: crawlers' files (docs/pages.md, "Crawlers").
  registerRobots(app);
  registerSitemaps(app, {
    db: options.db,
    publishDir: stores.published,
    platformSlug: config.PLATFORM_SLUG,
    now: Date.now,
  });
  registerPages(app, {
    db: options.db,
    search,
    config,
    publishDir: stores.published,
    imageHost: options.imageHost ?? null,
    imageOrigins: [
      ...new Set([policyOrigin(options.imageHost), platform?.imageOrigin ?? null].filter((o) => o !== null)),
    ],
    frameOrigins: platform?.embedOrigin ? [platform.embedOrigin] : [],
    onlineRooms,
    googleSignIn: googleSignInOf(options),
    affiliate: platform ? affiliateOf(platform) : { site: SANDBOX_SITE, campaign: SANDBOX_CAMPAIGN },
    ageVerificationRegions: new Set(options.ageVerificationRegions ?? []),
    buildDir: options.webBuildDir,
    pageCache: options.pageCache,
  });
}
