import { Cron } from "croner";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { authSecretOf } from "../identity/auth-secret.ts";
import { alertTokenKey } from "../lists/alert-token.ts";
import { createGoLiveAlerts, type GoLiveAlerts } from "../lists/go-live-alerts.ts";
import type { Logger } from "../log.ts";
import type { Mailer } from "../mail/mailer.ts";
import { siteOriginOf } from "../site/site-origin.ts";
import type { Lifecycle } from "./lifecycle.ts";

/** Every hour on the hour: the daily digest when one is due (08:00 UTC), and the pruning. */
export const GO_LIVE_HOURLY_CRON = "0 * * * *";

/**
 * Go-live alerts (decision 0020) in the process that polls: the collector's hook and the hourly
 * digest and pruning, registered for stopping (after the collector, which stops first: mail in
 * flight is waited for). Mail goes the accounts' way (SMTP_URL, or the sink `npm start` runs), through
the one mailer of the process that polls;
 * without either there are no accounts, and only the feeds' events are recorded.
 */
export function startGoLiveAlerts(
  config: Config,
  db: Db,
  /** The polling process's mailer (collectorMailer), which closes it after this stops; null: no mail. */
  mailer: Mailer | null,
  log: Logger,
  lifecycle: Lifecycle,
): GoLiveAlerts {
  const alerts = createGoLiveAlerts({
    db,
    mailer,
    origin: siteOriginOf(config),
    tokenKey: alertTokenKey(authSecretOf(config)),
    intervalMs: config.POLL_INTERVAL * 1000,
    log,
  });
  let hourly: Promise<void> = Promise.resolve();
  const runHourly = () => {
    hourly = alerts.hourly();
    return hourly;
  };
  const cron = new Cron(GO_LIVE_HOURLY_CRON, { timezone: "UTC", protect: true }, runHourly);
  lifecycle.started("the go-live alerts", async () => {
    cron.stop();
    await Promise.all([hourly, alerts.idle()]);
  });
  // A digest missed while the site was down goes out now rather than at the next hour.
  void runHourly();
  return alerts;
}
