import { startLiveCollector } from "./collect/scheduler.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/open.ts";
import { createLogger } from "./log.ts";
import { buildApp } from "./server/app.ts";
import { startFeedSource } from "./start/feed-source.ts";
import { runHistoryIfNeeded } from "./start/history-run.ts";
import { createLifecycle } from "./start/lifecycle.ts";

/**
 * `npm start`: database -> migrations -> sandbox platform (when no real feed is configured) ->
 * first-start history -> server -> live collector. Ctrl-C or SIGTERM at any point stops what has
 * started, in reverse order, letting the poll in flight finish so nothing is half-written.
 */
const lifecycle = createLifecycle();

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  lifecycle.log = log;

  const database = await openDatabase(config, log);
  lifecycle.started("the database", database.close);
  const feed = await startFeedSource(config, database, log);
  lifecycle.started("the feed", feed.close);
  await runHistoryIfNeeded(config, database.db, feed, log);

  const app = buildApp({ db: database.db, publishDir: config.PUBLISH_DIR });
  await app.listen({ host: config.HOST, port: config.PORT });
  lifecycle.started("the server", () => app.close());
  log.info(`site listening on http://${config.HOST}:${config.PORT}`);

  if (config.COLLECT) {
    const collector = startLiveCollector(
      feed.collectorDeps("live", () => Date.now()),
      config.POLL_INTERVAL,
      { log },
    );
    lifecycle.started("the collector", collector.stop);
    log.info(`collector polling ${feed.description} every ${config.POLL_INTERVAL} s`);
  }
}

main().catch((error: unknown) => {
  // Stopping closes the database under a history build in flight: that error is the stop, not a failure.
  if (lifecycle.stopping) return;
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `camstats failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  // Whatever had started (the embedded PostgreSQL above all) is stopped before leaving.
  void lifecycle.shutdown("failure", 1);
});
