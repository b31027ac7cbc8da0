import type { Config } from "../config.ts";
import type { OpenDatabase } from "../db/open.ts";
import type { Logger } from "../log.ts";
import { watchPool } from "../metrics/pool-metrics.ts";
import { siteOriginOf } from "../site/site-origin.ts";
import { siteStores } from "../storage/site-stores.ts";
import { startAccountCleanup } from "./account-cleanup.ts";
import { startBioFetching } from "./bio-fetching.ts";
import { collectorMailer, fillSubjectGoalsFromHistory, startCollection, startPolling } from "./collection.ts";
import { publishMissingAtStart, startDailyJobs } from "./daily-schedule.ts";
import type { FeedSource } from "./feed-source.ts";
import { startGoLiveAlerts } from "./go-live-alerts.ts";
import { runHistoryIfNeeded } from "./history-run.ts";
import type { Lifecycle } from "./lifecycle.ts";
import { startPublicListsPublishing } from "./public-lists-publishing.ts";
import { startThumbnailFetching } from "./thumbnail-fetching.ts";

/**
 * The pipeline's parts, in the order the whole site (src/main.ts) and the worker (worker.ts) both
 * start them; the whole site starts its servers between the second and the third.
 */

/**
 * The database (migrated) and the feed the collector reads, the sandbox's when no real one is set;
 * `beforeFeed` runs once the database is open.
 */
export async function openPipeline(
  config: Config,
  log: Logger,
  lifecycle: Lifecycle,
  beforeFeed?: (database: OpenDatabase) => Promise<void>,
): Promise<{ database: OpenDatabase; feed: FeedSource }> {
  const opened = await startCollection(config, log, lifecycle, beforeFeed);
  if (config.METRICS_PORT !== undefined) watchPool("main", opened.database.pool);
  return opened;
}

/**
 * The sandbox's first-start history (when it is the feed and none is stored yet), the goals it
 * holds, the files a page needs before the first daily run, then the daily job: catching up now,
 * in the background, then at 00:20 UTC.
 */
export async function catchUp(
  config: Config,
  { database, feed }: { database: OpenDatabase; feed: FeedSource },
  log: Logger,
  lifecycle: Lifecycle,
): Promise<void> {
  await runHistoryIfNeeded(config, database.db, feed, log);
  await fillSubjectGoalsFromHistory(config, database.db, log);
  await publishMissingAtStart(config, database.db, log);
  startDailyJobs(config, database.db, log, lifecycle);
}

/**
 * What runs beside the live site: with COLLECT, the polls and what follows them (go-live alerts,
 * the claims check, the online-users files, the goals), the bio fetcher and the thumbnail keeper;
 * always, the public lists' file and the hourly cleanup of accounts, counters and images.
 * `mailSinkUrl`: where mail goes without SMTP_URL (the whole site's local sink), or null.
 */
export function startLivePipeline(
  config: Config,
  { database, feed }: { database: OpenDatabase; feed: FeedSource },
  log: Logger,
  lifecycle: Lifecycle,
  mailSinkUrl: string | null,
): void {
  if (config.COLLECT) {
    // Only the process that polls sees who goes live: it alerts, whatever WEB_PROCESSES is.
    // One mailer, registered first so that it closes after the alerts and the claims check stop.
    const mailer = collectorMailer(config, database.db, mailSinkUrl, lifecycle);
    const goLive = startGoLiveAlerts(config, database.db, mailer, log, lifecycle);
    startPolling(config, feed, log, lifecycle, {
      db: database.db,
      mailer,
      origin: siteOriginOf(config),
      goLive,
    });
    startBioFetching(config, database.db, feed, log, lifecycle);
    startThumbnailFetching(config, database.db, feed, log, lifecycle);
  }
  const stores = siteStores(config);
  startPublicListsPublishing(database.db, stores.published, log, lifecycle);
  startAccountCleanup(database.db, log, lifecycle, stores);
}
