import type { Config } from "../config.ts";
import { withFleetAuthSecret } from "../identity/auth-secret.ts";
import type { Logger } from "../log.ts";
import type { Lifecycle } from "./lifecycle.ts";
import { startMetricsListener } from "./metrics-listener.ts";
import { catchUp, openPipeline, startLivePipeline } from "./pipeline.ts";
import { takeWorkerLead } from "./worker-lead.ts";

/**
 * SITE_ROLE=worker (decision 0037): the pipeline without the site. It applies the migrations,
 * reads the feed (the sandbox's, with its first-start history, when no real one is set), runs the
 * daily job, polls, fetches bios and thumbnails, sends the go-live alerts and their mail (SMTP_URL
 * only: the local sink is the whole site's development tool), and keeps the public lists' file.
 * It listens on no public port: only on METRICS_PORT, when set, for /metrics and /health.
 * Of several workers one leads and the others wait for its place (worker-lead.ts).
 */
export async function runWorker(config: Config, log: Logger, lifecycle: Lifecycle): Promise<void> {
  const pipeline = await openPipeline(config, log, lifecycle, async (database) => {
    // Health and metrics from now on, through a wait for the lead and a first start's history.
    await startMetricsListener({ config, db: database.db, log, lifecycle });
    await takeWorkerLead(database.url, log, lifecycle);
  });
  // The alerts' unsubscribe links are signed with the secret the web nodes verify them with.
  const fleet = await withFleetAuthSecret(config, pipeline.database.db);
  await catchUp(fleet, pipeline, log, lifecycle);
  startLivePipeline(fleet, pipeline, log, lifecycle, null);
}
