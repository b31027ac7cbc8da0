import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import type { GoogleClient } from "../identity/auth.ts";
import type { Logger } from "../log.ts";
import { metricsRegistry } from "../metrics/registry.ts";
import { runningPlatform } from "../online-rooms/platform-source.ts";
import { onlineRoomsOf } from "../online-rooms/service.ts";
import { drainThenClose, FINISH_GRACE_MS } from "./graceful-close.ts";
import type { Lifecycle } from "./lifecycle.ts";
import { startSiteServer } from "./site-server.ts";
import { startWebProcesses } from "./web-processes.ts";

/**
 * The site's servers on HOST:PORT, registered for stopping: WEB_PROCESSES processes of their own
 * (src/web-process.ts), or this process with 0. What the whole site and a web node share. Answers
 * where the node's metrics are read: the server processes' merged with this one's.
 */
export async function startServers(options: {
  config: Config;
  db: Db;
  databaseUrl: string;
  log: Logger;
  lifecycle: Lifecycle;
  /** The sandbox platform's address when it runs here (the whole site reading it); null otherwise. */
  sandboxUrl: string | null;
  mailSinkUrl: string | null;
  googleStandIn: GoogleClient | null;
}): Promise<{ metricsText: () => Promise<string> }> {
  const { config, log, lifecycle } = options;
  if (config.WEB_PROCESSES === 0) {
    const app = await startSiteServer({
      config,
      db: options.db,
      log,
      sandboxUrl: options.sandboxUrl,
      mailSinkUrl: options.mailSinkUrl,
      googleStandIn: options.googleStandIn,
    });
    lifecycle.started("the server", () => drainThenClose(app, config.DRAIN_SECONDS * 1000));
    log.info(`site listening on http://${config.HOST}:${config.PORT}`);
    return { metricsText: () => metricsRegistry.metrics() };
  }
  // One proxy of the live rooms for every server process: one set of copies, the feed's whole rate.
  const onlineRooms = onlineRoomsOf(runningPlatform(config, options.sandboxUrl), {
    maxRequestsPerSecond: config.FEED_MAX_REQUESTS_PER_SECOND,
    warn: (message) => log.warn(message),
  });
  const web = await startWebProcesses({
    onlineRooms,
    settings: {
      databaseUrl: options.databaseUrl,
      sandboxUrl: options.sandboxUrl,
      mailSinkUrl: options.mailSinkUrl,
      googleStandIn: options.googleStandIn,
      processes: config.WEB_PROCESSES,
    },
    stopGraceMs: config.DRAIN_SECONDS * 1000 + FINISH_GRACE_MS,
    log,
    onFatal: (reason) => void lifecycle.shutdown(reason, 1),
  });
  lifecycle.started("the server processes", web.stop);
  log.info(
    `site listening on http://${config.HOST}:${config.PORT} (${config.WEB_PROCESSES} server ${config.WEB_PROCESSES === 1 ? "process" : "processes"})`,
  );
  return { metricsText: web.metricsText };
}
