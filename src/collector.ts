import { startLiveCollector } from "./collect/scheduler.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/open.ts";
import { createLogger } from "./log.ts";
import { startFeedSource } from "./start/feed-source.ts";

/**
 * `npm run collector`: the collector alone (DESIGN.md §2), for a deployment that runs it apart from
 * the site. Same configuration as `npm start`; it builds no history and serves no pages.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, "collector");
  const database = await openDatabase(config, log);
  const feed = await startFeedSource(config, database, log);
  const collector = startLiveCollector(
    feed.collectorDeps("live", () => Date.now()),
    config.POLL_INTERVAL,
    { log },
  );
  log.info(`collector polling ${feed.description} every ${config.POLL_INTERVAL} s`);
  const stop = async () => {
    await collector.stop();
    await feed.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof ConfigError
      ? `${error.message}\n`
      : `collector failed: ${error instanceof Error ? error.stack : error}\n`,
  );
  process.exit(1);
});
