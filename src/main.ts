import { startLiveCollector } from "./collect/scheduler.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/open.ts";
import { createLogger, type Logger } from "./log.ts";
import { buildApp } from "./server/app.ts";
import { startFeedSource } from "./start/feed-source.ts";
import { runHistoryIfNeeded } from "./start/history-run.ts";

/**
 * `npm start`: database -> migrations -> sandbox platform (when no real feed is configured) ->
 * first-start history -> server -> live collector. Ctrl-C or SIGTERM at any point stops what has
 * started, in reverse order, letting the poll in flight finish so nothing is half-written.
 */

const closers: { name: string; close: () => Promise<void> }[] = [];
let stopping = false;
let log: Logger | undefined;

async function shutdown(reason: string, exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  log?.info(`${reason}: stopping`);
  for (const { name, close } of closers.reverse()) {
    try {
      await close();
    } catch (error) {
      log?.error({ err: error }, `stopping ${name} failed`);
    }
  }
  process.exit(exitCode);
}

async function main(): Promise<void> {
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  const config = loadConfig();
  log = createLogger(config.LOG_LEVEL);

  const database = await openDatabase(config, log);
  closers.push({ name: "the database", close: database.close });
  const feed = await startFeedSource(config, database, log);
  closers.push({ name: "the feed", close: feed.close });
  await runHistoryIfNeeded(config, database.db, feed, log);

  const app = buildApp({ db: database.db, publishDir: config.PUBLISH_DIR });
  await app.listen({ host: config.HOST, port: config.PORT });
  closers.push({ name: "the server", close: () => app.close() });
  log.info(`site listening on http://${config.HOST}:${config.PORT}`);

  if (config.COLLECT) {
    const collector = startLiveCollector(
      feed.collectorDeps("live", () => Date.now()),
      config.POLL_INTERVAL,
      { log },
    );
    closers.push({ name: "the collector", close: collector.stop });
    log.info(`collector polling ${feed.description} every ${config.POLL_INTERVAL} s`);
  }
}

main().catch((error: unknown) => {
  // Stopping closes the database under a history build in flight: that error is the stop, not a failure.
  if (stopping) return;
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `camstats failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  // Whatever had started (the embedded PostgreSQL above all) is stopped before leaving.
  void shutdown("failure", 1);
});
