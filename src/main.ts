import { ConfigError, loadConfig, usesSandbox } from "./config.ts";
import { createLogger } from "./log.ts";
import { missingBuildMessage, webBuildExists } from "./server/pages.ts";
import { accountMailProblem, devToolsRule } from "./site/dev-tools.ts";
import { siteOriginOf } from "./site/site-origin.ts";
import { startAccountCleanup } from "./start/account-cleanup.ts";
import { startBioFetching } from "./start/bio-fetching.ts";
import {
  collectorMailer,
  fillSubjectGoalsFromHistory,
  startCollection,
  startPolling,
} from "./start/collection.ts";
import { publishMissingAtStart, startDailyJobs } from "./start/daily-schedule.ts";
import { startGoLiveAlerts } from "./start/go-live-alerts.ts";
import { startGoogleStandInIfSandbox } from "./start/google-stand-in.ts";
import { runHistoryIfNeeded } from "./start/history-run.ts";
import { createLifecycle, runProcess } from "./start/lifecycle.ts";
import { startMailSinkUnlessSmtp } from "./start/mail-sink.ts";
import { startPublicListsPublishing } from "./start/public-lists-publishing.ts";
import { startSiteServer } from "./start/site-server.ts";
import { startThumbnailFetching } from "./start/thumbnail-fetching.ts";
import { startWebProcesses } from "./start/web-processes.ts";

/**
 * `npm start`: database -> migrations -> sandbox platform (when no real feed is configured) ->
 * first-start history -> daily rollup and publish (catching up, in the background) -> mail sink
 * (when no SMTP_URL is configured and the development tools are on, src/site/dev-tools.ts) -> the
 * stand-in for Google (when no Google client is configured and the development tools are on) -> server (WEB_PROCESSES processes of its own, or this one
 * with 0) -> go-live alerts -> live collector -> bio fetcher -> thumbnail keeper -> the
 * unconfirmed-account cleanup.
 * Ctrl-C or SIGTERM at any point stops what has started, in reverse order, letting the poll and
 * the daily job's step in flight finish so nothing is half-written.
 */
const lifecycle = createLifecycle();

runProcess(lifecycle, "camstats", async () => {
  const config = loadConfig();
  // Accounts beside a real platform need real mail: refused before anything starts.
  const mailProblem = accountMailProblem(config);
  if (mailProblem !== null) throw new ConfigError(mailProblem);
  const log = createLogger(config.LOG_LEVEL);
  lifecycle.log = log;
  const devTools = devToolsRule(config);
  log.info(devTools.why);
  const { database, feed } = await startCollection(config, log, lifecycle);
  await runHistoryIfNeeded(config, database.db, feed, log);
  await fillSubjectGoalsFromHistory(config, database.db, log);
  await publishMissingAtStart(config, database.db, log);
  // Before the server: yesterday's rankings wait for this catch-up, and the server processes take
  // seconds to start (issue 16, point 6).
  startDailyJobs(config, database.db, log, lifecycle);

  // The sandbox's address when it is the feed: the pages link its thumbnails and proxy its rooms.
  const sandboxUrl = usesSandbox(config) ? feed.siteUrl : null;
  // Before the servers, which show its mail; so it stops after them.
  const mailSinkUrl = await startMailSinkUnlessSmtp(config, devTools, log, lifecycle);
  // Before the servers, whose better-auth reads its discovery document when created.
  const googleStandIn = await startGoogleStandInIfSandbox(config, devTools, log, lifecycle);
  if (!webBuildExists()) log.error(missingBuildMessage());
  if (config.WEB_PROCESSES === 0) {
    const app = await startSiteServer({
      config,
      db: database.db,
      log,
      sandboxUrl,
      mailSinkUrl,
      googleStandIn,
      processes: 1,
    });
    lifecycle.started("the server", () => app.close());
    log.info(`site listening on http://${config.HOST}:${config.PORT}`);
  } else {
    const web = await startWebProcesses({
      settings: {
        databaseUrl: database.url,
        sandboxUrl,
        mailSinkUrl,
        googleStandIn,
        processes: config.WEB_PROCESSES,
      },
      log,
      onFatal: (reason) => void lifecycle.shutdown(reason, 1),
    });
    lifecycle.started("the server processes", web.stop);
    log.info(
      `site listening on http://${config.HOST}:${config.PORT} (${config.WEB_PROCESSES} server ${config.WEB_PROCESSES === 1 ? "process" : "processes"})`,
    );
  }

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
  startPublicListsPublishing(database.db, config.PUBLISH_DIR, log, lifecycle);
  startAccountCleanup(database.db, log, lifecycle, config.DATA_DIR);
});
