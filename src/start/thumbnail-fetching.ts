import { startThumbKeeper } from "../collect/thumbnails.ts";
import { type Config, usesSandbox } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { countPerformersNeedingThumb } from "../db/queries/performer-thumbs.ts";
import type { Logger } from "../log.ts";
import { thumbMetrics } from "../metrics/pipeline-metrics.ts";
import { ImageHostClient } from "../platform/image-host-client.ts";
import { siteStores } from "../storage/site-stores.ts";
import type { FeedSource } from "./feed-source.ts";
import type { Lifecycle } from "./lifecycle.ts";

/** A room image is tens of kilobytes; a host that answers more is not sending one. */
export const THUMB_MAX_BYTES = 2 * 1024 * 1024;
/** One image asked for at a time: a host that takes longer is given up on for the day. */
export const THUMB_TIMEOUT_MS = 10_000;

/**
 * The image host thumbnails come from: PLATFORM_IMAGE_URL, else the sandbox's own address while it
 * is the feed (the same choice as the pages' live thumbnails, src/start/site-server.ts); none with
 * the real feed and no PLATFORM_IMAGE_URL.
 */
export function thumbImageHost(config: Config, feed: FeedSource): string | null {
  return config.PLATFORM_IMAGE_URL ?? (usesSandbox(config) ? feed.siteUrl : null);
}

/**
 * Starts the thumbnail keeper beside the collector (decision 0023), registered for stopping (before
 * the database, so its last request is recorded). Off with THUMB_FETCHES_PER_MINUTE=0 or no image host.
 */
export function startThumbnailFetching(
  config: Config,
  db: Db,
  feed: FeedSource,
  log: Logger,
  lifecycle: Lifecycle,
): void {
  if (config.THUMB_FETCHES_PER_MINUTE === 0) {
    log.info("thumbnail keeper off (THUMB_FETCHES_PER_MINUTE=0)");
    return;
  }
  const host = thumbImageHost(config, feed);
  if (host === null) {
    log.info("thumbnail keeper off: no image host (set PLATFORM_IMAGE_URL)");
    return;
  }
  const keeper = startThumbKeeper({
    db,
    client: new ImageHostClient({ baseUrl: host, timeoutMs: THUMB_TIMEOUT_MS, maxBytes: THUMB_MAX_BYTES }),
    dir: siteStores(config).thumbs,
    fetchesPerMinute: config.THUMB_FETCHES_PER_MINUTE,
    log,
  });
  lifecycle.started("the thumbnail keeper", keeper.stop);
  // Counted only when the metrics are scraped, at most once a minute.
  thumbMetrics().countQueueWith(() =>
    countPerformersNeedingThumb(db, { today: new Date().toISOString().slice(0, 10) }),
  );
  log.info(
    `thumbnail keeper reading ${host} (up to ${config.THUMB_FETCHES_PER_MINUTE} a minute, each performer once a day at most)`,
  );
}
