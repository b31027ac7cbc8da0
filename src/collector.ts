import { startLiveCollector } from "./collect/scheduler.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/open.ts";
import { createLogger } from "./log.ts";
import { startFeedSource } from "./start/feed-source.ts";
import { createLifecycle } from "./start/lifecycle.ts";

/**
 * `npm run collector`: the collector alone (DESIGN.md §2), for a deployment that runs it apart from
 * the site. Same configuration as `npm start`; it builds no history and serves no pages.
 */
const lifecycle = createLifecycle();

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, "collector");
  lifecycle.log = log;
  const database = await openDatabase(config, log);
  lifecycle.started("the database", database.close);
  const feed = await startFeedSource(config, database, log);
  lifecycle.started("the feed", feed.close);
  const collector = startLiveCollector(
    feed.collectorDeps("live", () => Date.now()),
    config.POLL_INTERVAL,
    { log },
  );
  lifecycle.started("the collector", collector.stop);
  log.info(`collector polling ${feed.description} every ${config.POLL_INTERVAL} s`);
}

main().catch((error: unknown) => {
  if (lifecycle.stopping) return;
  process.stderr.write(
    error instanceof ConfigError
      ? `${error.message}\n`
      : `collector failed: ${error instanceof Error ? error.stack : error}\n`,
  );
  void lifecycle.shutdown("failure", 1);
});
