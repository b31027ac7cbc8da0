import { ConfigError, loadConfig, usesSandbox } from "./config.ts";
import { createLogger } from "./log.ts";
import { missingBuildMessage, webBuildExists } from "./server/pages.ts";
import { accountMailProblem, devToolsRule } from "./site/dev-tools.ts";
import { startGoogleStandInIfSandbox } from "./start/google-stand-in.ts";
import { createLifecycle, runProcess } from "./start/lifecycle.ts";
import { startMailSinkUnlessSmtp } from "./start/mail-sink.ts";
import { startMetricsListener } from "./start/metrics-listener.ts";
import { catchUp, openPipeline, startLivePipeline } from "./start/pipeline.ts";
import { startServers } from "./start/servers.ts";
import { roleLine } from "./start/site-role.ts";
import { runWebNode } from "./start/web-node.ts";
import { runWorker } from "./start/worker.ts";

/**
 * `npm start`, as SITE_ROLE says (decision 0037): a web node (src/start/web-node.ts), the worker
 * (src/start/worker.ts), or, by default, the whole site:
 * database -> migrations -> sandbox platform (when no real feed is configured) ->
 * first-start history -> daily rollup and publish (catching up, in the background) -> mail sink
 * (when no SMTP_URL is configured and the development tools are on, src/site/dev-tools.ts) -> the
 * stand-in for Google (when no Google client is configured and the development tools are on) -> server (WEB_PROCESSES processes of its own, or this one
 * with 0) -> go-live alerts -> live collector -> bio fetcher -> thumbnail keeper -> the
 * unconfirmed-account cleanup -> the metrics listener (METRICS_PORT).
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
  log.info(roleLine(config));
  if (config.SITE_ROLE === "web") return runWebNode(config, log, lifecycle);
  if (config.SITE_ROLE === "worker") return runWorker(config, log, lifecycle);

  const devTools = devToolsRule(config);
  log.info(devTools.why);
  const pipeline = await openPipeline(config, log, lifecycle);
  // Before the server: yesterday's rankings wait for this catch-up, and the server processes take
  // seconds to start (issue 16, point 6).
  await catchUp(config, pipeline, log, lifecycle);

  // The sandbox's address when it is the feed: the pages link its thumbnails and proxy its rooms.
  const sandboxUrl = usesSandbox(config) ? pipeline.feed.siteUrl : null;
  // Before the servers, which show its mail; so it stops after them.
  const mailSinkUrl = await startMailSinkUnlessSmtp(config, devTools, log, lifecycle);
  // Before the servers, whose better-auth reads its discovery document when created.
  const googleStandIn = await startGoogleStandInIfSandbox(config, devTools, log, lifecycle);
  if (!webBuildExists()) log.error(missingBuildMessage());
  const servers = await startServers({
    config,
    db: pipeline.database.db,
    databaseUrl: pipeline.database.url,
    log,
    lifecycle,
    sandboxUrl,
    mailSinkUrl,
    googleStandIn,
  });
  startLivePipeline(config, pipeline, log, lifecycle, mailSinkUrl);
  await startMetricsListener({ config, db: pipeline.database.db, log, lifecycle, text: servers.metricsText });
});
