import type { Config } from "../config.ts";
import { connect } from "../db/connect.ts";
import { withFleetAuthSecret } from "../identity/auth-secret.ts";
import type { Logger } from "../log.ts";
import { watchPool } from "../metrics/pool-metrics.ts";
import { missingBuildMessage, webBuildExists } from "../server/pages.ts";
import type { Lifecycle } from "./lifecycle.ts";
import { startMetricsListener } from "./metrics-listener.ts";
import { waitForSchema } from "./schema-wait.ts";
import { startServers } from "./servers.ts";

/**
 * SITE_ROLE=web (decision 0037): the pages, the API and the published files, over the fleet's
 * PostgreSQL (DATABASE_URL) and the files the worker writes (PUBLISH_DIR, DATA_DIR). No collector,
 * daily job, history build, sandbox or development tool; no migrations (it waits for the worker's).
 * Accounts with SMTP_URL. The live rooms with the real feed (PLATFORM_FEED_URL): the sandbox runs
 * in the worker, which a web node does not reach.
 */
export async function runWebNode(config: Config, log: Logger, lifecycle: Lifecycle): Promise<void> {
  const url = config.DATABASE_URL;
  if (url === undefined) throw new Error("a web node needs DATABASE_URL (the configuration checks it)");
  const connection = connect(url, { applicationName: "camstats-web-main" });
  lifecycle.started("the database connections", connection.close);
  if (config.METRICS_PORT !== undefined) watchPool("main", connection.pool);
  await waitForSchema(connection.db, log, lifecycle);
  const fleet = await withFleetAuthSecret(config, connection.db);
  if (!webBuildExists()) log.error(missingBuildMessage());
  const servers = await startServers({
    config: fleet,
    db: connection.db,
    databaseUrl: url,
    log,
    lifecycle,
    sandboxUrl: null,
    mailSinkUrl: null,
    googleStandIn: null,
  });
  await startMetricsListener({ config: fleet, db: connection.db, log, lifecycle, text: servers.metricsText });
}
