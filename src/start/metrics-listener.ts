import { sql } from "kysely";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import { startMetricsServer } from "../metrics/metrics-server.ts";
import { collectProcessMetrics, metricsRegistry } from "../metrics/registry.ts";
import type { Lifecycle } from "./lifecycle.ts";

/**
 * The metrics listener when METRICS_PORT is set (decision 0037), registered for stopping: GET
 * /metrics (`text`: this process's own by default, or a node's processes' merged) and GET /health,
 * whether the database answers. Off, nothing is started and nothing is counted per request.
 */
export async function startMetricsListener(options: {
  config: Config;
  db: Db;
  log: Logger;
  lifecycle: Lifecycle;
  text?: () => Promise<string>;
}): Promise<void> {
  const { config, db, log, lifecycle } = options;
  if (config.METRICS_PORT === undefined) return;
  collectProcessMetrics();
  const server = await startMetricsServer({
    host: config.METRICS_HOST,
    port: config.METRICS_PORT,
    metrics: options.text ?? (() => metricsRegistry.metrics()),
    health: async () => {
      try {
        await sql`SELECT 1`.execute(db);
        return { status: 200, body: { status: "ok", role: config.SITE_ROLE, database: { reachable: true } } };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return {
          status: 503,
          body: { status: "degraded", role: config.SITE_ROLE, database: { reachable: false, error: reason } },
        };
      }
    },
  });
  lifecycle.started("the metrics listener", server.close);
  log.info(`metrics at ${server.url}/metrics, health at ${server.url}/health`);
}
