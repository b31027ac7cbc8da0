import { loadConfig, usesSandbox } from "./config.ts";
import { createLogger } from "./log.ts";
import { createSearchService } from "./search/search-service.ts";
import { buildApp } from "./server/app.ts";
import { missingBuildMessage, webBuildExists } from "./server/pages.ts";
import { startBioFetching } from "./start/bio-fetching.ts";
import { startCollection, startPolling } from "./start/collection.ts";
import { startDailyJobs } from "./start/daily-schedule.ts";
import { runHistoryIfNeeded } from "./start/history-run.ts";
import { createLifecycle, runProcess } from "./start/lifecycle.ts";

/**
 * `npm start`: database -> migrations -> sandbox platform (when no real feed is configured) ->
 * first-start history -> server -> daily rollup and publish (catching up) -> live collector -> bio
 * fetcher.
 * Ctrl-C or SIGTERM at any point stops what has started, in reverse order, letting the poll and
 * the daily job in flight finish so nothing is half-written.
 */
const lifecycle = createLifecycle();

runProcess(lifecycle, "camstats", async () => {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  lifecycle.log = log;
  const { database, feed } = await startCollection(config, log, lifecycle);
  await runHistoryIfNeeded(config, database.db, feed, log);

  const search = createSearchService(database.db, { log });
  const app = buildApp({
    db: database.db,
    search,
    publishDir: config.PUBLISH_DIR,
    rateLimitPerMinute: config.API_RATE_LIMIT_PER_MINUTE,
    trustedProxies: config.TRUSTED_PROXIES,
    ageVerificationRegions: config.AGE_VERIFICATION_REGIONS,
    config,
    // The sandbox serves its thumbnails itself, at the address it was started on.
    imageHost: config.PLATFORM_IMAGE_URL ?? (usesSandbox(config) ? feed.siteUrl : undefined),
    platform: feed.platform,
  });
  if (!webBuildExists()) log.error(missingBuildMessage());
  await app.listen({ host: config.HOST, port: config.PORT });
  lifecycle.started("the server", () => app.close());
  log.info(`site listening on http://${config.HOST}:${config.PORT}`);
  // Load the search index now rather than on the first search, which would wait for it.
  const indexStarted = Date.now();
  search.ready().then(
    () => log.info(`search index loaded in ${Date.now() - indexStarted} ms`),
    (error: unknown) =>
      log.error({ err: error }, "search index failed to load; the first search will try again"),
  );

  startDailyJobs(config, database.db, log, lifecycle);
  if (config.COLLECT) {
    startPolling(config, feed, log, lifecycle);
    startBioFetching(config, database.db, feed, log, lifecycle);
  }
});
