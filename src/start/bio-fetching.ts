import { startBioFetcher } from "../collect/bios.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { countPerformersNeedingBio } from "../db/queries/performer-bios.ts";
import type { Logger } from "../log.ts";
import { bioMetrics } from "../metrics/pipeline-metrics.ts";
import { BioClient } from "../platform/bio-client.ts";
import { actOnOptoutCodes } from "../profiles/optout-code-check.ts";
import type { FeedSource } from "./feed-source.ts";
import type { Lifecycle } from "./lifecycle.ts";

/**
 * Starts the bio fetcher against the feed's site, registered for stopping (it stops before the
 * database, so its last batch is stored). BIO_FETCHES_PER_MINUTE=0 leaves it off.
 */
export function startBioFetching(
  config: Config,
  db: Db,
  feed: FeedSource,
  log: Logger,
  lifecycle: Lifecycle,
): void {
  if (config.BIO_FETCHES_PER_MINUTE === 0) {
    log.info("bio fetcher off (BIO_FETCHES_PER_MINUTE=0)");
    return;
  }
  const fetcher = startBioFetcher({
    db,
    // Same patience per request as the feed: both are the same platform's servers.
    client: new BioClient({ siteUrl: feed.siteUrl, timeoutMs: config.FEED_TIMEOUT_MS }),
    fetchesPerMinute: config.BIO_FETCHES_PER_MINUTE,
    refreshDays: config.BIO_REFRESH_DAYS,
    // An opt-out code in an about-me acts before the text is stored (decision 0044).
    lookForOptoutCodes: (performer, at) => actOnOptoutCodes({ db, log }, [performer], at),
    log,
  });
  lifecycle.started("the bio fetcher", fetcher.stop);
  // Counted only when the metrics are scraped, at most once a minute.
  bioMetrics().countQueueWith(() =>
    countPerformersNeedingBio(db, {
      staleBefore: new Date(Date.now() - config.BIO_REFRESH_DAYS * 86_400_000),
      now: new Date(),
    }),
  );
  log.info(
    `bio fetcher reading profiles at ${feed.siteUrl} (up to ${config.BIO_FETCHES_PER_MINUTE} a minute, refreshed every ${config.BIO_REFRESH_DAYS} days)`,
  );
}
