import { type Config, usesSandbox } from "../config.ts";
import { SANDBOX_SITE } from "../platform/sandbox-site.ts";
import { policyOrigin } from "../site/content-security-policy.ts";
import type { AffiliateSettings } from "./links.ts";
import type { OnlineRoomsFeed } from "./service.ts";

/**
 * The platform as the site's live-room pages see it: the feed the proxy reads (the collector's own:
 * same base URL, campaign and client_ip) and the site its links go to.
 */
export interface PlatformSource {
  feed: OnlineRoomsFeed;
  /** The platform's site origin (rooms, age sections). */
  site: string;
  /** Where the rooms' thumbnails are ({image host}/ri/…): the sandbox serves its own; null when not configured. */
  imageOrigin: string | null;
  /** Where a room's player is embedded ({origin}/embed/{username}/): the sandbox serves its own. */
  embedOrigin: string | null;
}

/** The campaign the sandbox platform is read with (it accepts any). */
export const SANDBOX_CAMPAIGN = "sandbox";

/** The sandbox platform at `url` (started by `npm start` or a test). */
export function sandboxPlatform(url: string, clientIp = "request_ip"): PlatformSource {
  return {
    feed: { baseUrl: url, campaign: SANDBOX_CAMPAIGN, clientIp },
    site: SANDBOX_SITE,
    imageOrigin: policyOrigin(url),
    embedOrigin: policyOrigin(url),
  };
}

/**
 * The real platform when the configuration names one (PLATFORM_FEED_URL with AFFILIATE_WM): its
 * rooms live on the feed's own origin. Null for the sandbox, whose address is known only once it runs.
 */
export function configuredPlatform(config: Config): PlatformSource | null {
  if (!config.PLATFORM_FEED_URL || !config.AFFILIATE_WM) return null;
  return {
    feed: {
      baseUrl: config.PLATFORM_FEED_URL,
      campaign: config.AFFILIATE_WM,
      clientIp: config.FEED_CLIENT_IP,
    },
    site: new URL(config.PLATFORM_FEED_URL).origin,
    imageOrigin: policyOrigin(config.PLATFORM_IMAGE_URL),
    // The real platform's player is on its own site.
    embedOrigin: new URL(config.PLATFORM_FEED_URL).origin,
  };
}

/**
 * The platform `npm start` reads: the sandbox at `sandboxUrl` (null: not started) when no real feed
 * is configured, the configured one otherwise: the choice src/start/feed-source.ts makes for the
 * collector, made again from the sandbox's address by each server process (which cannot be handed
 * the feed source itself), so the pages proxy the feed the collector reads.
 */
export function runningPlatform(config: Config, sandboxUrl: string | null): PlatformSource | null {
  if (!usesSandbox(config)) return configuredPlatform(config);
  return sandboxUrl === null ? null : sandboxPlatform(sandboxUrl, config.FEED_CLIENT_IP);
}

export function affiliateOf(platform: PlatformSource): AffiliateSettings {
  return { site: platform.site, campaign: platform.feed.campaign, embedOrigin: platform.embedOrigin };
}
