import { loadConfig } from "./config.ts";
import { createLogger } from "./log.ts";
import { siteOriginOf } from "./site/site-origin.ts";
import { startBioFetching } from "./start/bio-fetching.ts";
import { collectorMailer, startCollection, startPolling } from "./start/collection.ts";
import { startGoLiveAlerts } from "./start/go-live-alerts.ts";
import { createLifecycle, runProcess } from "./start/lifecycle.ts";
import { startThumbnailFetching } from "./start/thumbnail-fetching.ts";

/**
 * `npm run collector`: the collector alone (DESIGN.md §2), for a deployment that runs it apart from
 * the site. Same configuration as `npm start`; it builds no history and serves no pages.
 */
const lifecycle = createLifecycle();

runProcess(lifecycle, "collector", async () => {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, "collector");
  lifecycle.log = log;
  const { database, feed } = await startCollection(config, log, lifecycle);
  // Alone, it has mail only with SMTP_URL (the sink is npm start's); alerts go where it polls.
  // One mailer, registered first so that it closes after the alerts and the claims check stop.
  const mailer = collectorMailer(config, database.db, null, lifecycle);
  const goLive = startGoLiveAlerts(config, database.db, mailer, log, lifecycle);
  startPolling(config, feed, log, lifecycle, {
    db: database.db,
    mailer,
    origin: siteOriginOf(config),
    goLive,
  });
  startBioFetching(config, database.db, feed, log, lifecycle);
  startThumbnailFetching(config, database.db, feed, log, lifecycle);
});
