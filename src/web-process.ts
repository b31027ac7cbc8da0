import { loadConfig } from "./config.ts";
import { connect } from "./db/connect.ts";
import { withFleetAuthSecret } from "./identity/auth-secret.ts";
import { createLogger } from "./log.ts";
import { answerMetricsRequests } from "./metrics/cluster-metrics.ts";
import { watchPool } from "./metrics/pool-metrics.ts";
import { collectProcessMetrics } from "./metrics/registry.ts";
import { sharedOnlineRooms } from "./online-rooms/shared-service.ts";
import { sharedRateLimitStore } from "./server/shared-rate-limit.ts";
import { drainThenClose } from "./start/graceful-close.ts";
import { createLifecycle, runProcess } from "./start/lifecycle.ts";
import { startSiteServer } from "./start/site-server.ts";
import { readWebProcessSettings } from "./start/web-process-settings.ts";

/**
 * One of the processes that serve the site (WEB_PROCESSES), forked by the main process of
 * `npm start` (src/start/web-processes.ts): the site's server over the main process's database,
 * with a search index of its own. It stops with the main process: on its word, on SIGINT or
 * SIGTERM, or when the main process is gone (its IPC channel closes), finishing what it serves.
 */
const lifecycle = createLifecycle();

runProcess(lifecycle, "server process", async () => {
  const settings = readWebProcessSettings(process.env);
  const loaded = loadConfig();
  const log = createLogger(loaded.LOG_LEVEL);
  lifecycle.log = log;
  process.on("disconnect", () => void lifecycle.shutdown("the main process is gone"));
  process.on("message", (message) => {
    if (message === "stop") void lifecycle.shutdown("asked to stop");
  });
  // The IPC channel to the main process, as the rate limit, the live rooms and the metrics ask it.
  const mainProcess = {
    send: (message: unknown) => process.send?.(message),
    onMessage: (listener: (message: unknown) => void) => process.on("message", listener),
    onDisconnect: (listener: () => void) => process.on("disconnect", listener),
  };
  const { db, pool, close } = connect(settings.databaseUrl, { applicationName: "camstats-web" });
  lifecycle.started("the database connections", close);
  // A web node's processes read the fleet's secret from the database (decision 0037).
  const config = await withFleetAuthSecret(loaded, db);
  if (config.METRICS_PORT !== undefined) {
    // The main process serves them, this process's merged with the others' (cluster-metrics.ts).
    collectProcessMetrics();
    watchPool("web", pool);
    answerMetricsRequests(mainProcess);
  }
  const app = await startSiteServer({
    config,
    db,
    log,
    sandboxUrl: settings.sandboxUrl,
    mailSinkUrl: settings.mailSinkUrl,
    googleStandIn: settings.googleStandIn,
    rateLimitStore: sharedRateLimitStore(mainProcess),
    onlineRooms: sharedOnlineRooms(mainProcess),
  });
  lifecycle.started("the server", () => drainThenClose(app, config.DRAIN_SECONDS * 1000));
  process.send?.("listening");
});
