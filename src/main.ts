import { startLiveCollector } from "./collect/scheduler.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/open.ts";
import { createLogger } from "./log.ts";
import { buildApp } from "./server/app.ts";
import { startFeedSource } from "./start/feed-source.ts";
import { runHistoryIfNeeded } from "./start/history-run.ts";

/**
 * `npm start`: database -> migrations -> sandbox platform (when no real feed is configured) ->
 * first-start history -> server -> live collector. Ctrl-C stops it in the reverse order, letting
 * the poll in flight finish so nothing is half-written.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const database = await openDatabase(config, log);
  const feed = await startFeedSource(config, database, log);
  await runHistoryIfNeeded(config, database.db, feed, log);

  const app = buildApp({ db: database.db });
  await app.listen({ host: config.HOST, port: config.PORT });
  log.info(`site listening on http://${config.HOST}:${config.PORT}`);

  const collector = config.COLLECT
    ? startLiveCollector(
        feed.collectorDeps("live", () => Date.now()),
        config.POLL_INTERVAL,
        { log },
      )
    : null;
  if (collector) log.info(`collector polling ${feed.description} every ${config.POLL_INTERVAL} s`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing the poll in flight, then stopping`);
    await collector?.stop();
    await app.close();
    await feed.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `camstats failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
