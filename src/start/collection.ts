import { startLiveCollector } from "../collect/scheduler.ts";
import type { Config } from "../config.ts";
import { type OpenDatabase, openDatabase } from "../db/open.ts";
import type { GoLiveAlerts } from "../lists/go-live-alerts.ts";
import type { Logger } from "../log.ts";
import { onlineUsersHook } from "../publish/online-users.ts";
import { type FeedSource, startFeedSource } from "./feed-source.ts";
import type { Lifecycle } from "./lifecycle.ts";

/** The database and the feed the collector reads, started and registered for stopping: what both entry points need first. */
export async function startCollection(
  config: Config,
  log: Logger,
  lifecycle: Lifecycle,
): Promise<{ database: OpenDatabase; feed: FeedSource }> {
  const database = await openDatabase(config, log);
  lifecycle.started("the database", database.close);
  const feed = await startFeedSource(config, database, log);
  lifecycle.started("the feed", feed.close);
  return { database, feed };
}

/**
 * Starts polling the feed live every POLL_INTERVAL, registered for stopping. After each poll is
 * stored: the online-users files, then the go-live alerts (each logs its own failures).
 */
export function startPolling(
  config: Config,
  feed: FeedSource,
  log: Logger,
  lifecycle: Lifecycle,
  goLive: GoLiveAlerts,
): void {
  const onlineUsers = onlineUsersHook(config.PUBLISH_DIR, config.PLATFORM_ABBR, log);
  const collector = startLiveCollector(
    {
      ...feed.collectorDeps("live", () => Date.now()),
      afterStore: async (summary, publicUsernames) => {
        await onlineUsers(summary, publicUsernames);
        await goLive.afterStore(summary);
      },
    },
    config.POLL_INTERVAL,
    { log },
  );
  lifecycle.started("the collector", collector.stop);
  log.info(`collector polling ${feed.description} every ${config.POLL_INTERVAL} s`);
}
