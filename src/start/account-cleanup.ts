import { Cron } from "croner";
import type { Db } from "../db/connect.ts";
import { deleteUnconfirmedAccounts } from "../db/queries/accounts.ts";
import type { Logger } from "../log.ts";
import type { Lifecycle } from "./lifecycle.ts";

/** Unconfirmed accounts are kept this long (twice the confirmation link's life). */
export const UNCONFIRMED_KEPT_MS = 48 * 3600_000;

/** Every hour, deletes the accounts nobody confirmed within 48 hours (decision 0018). */
export function startAccountCleanup(db: Db, log: Logger, lifecycle: Lifecycle): void {
  const cron = new Cron("41 * * * *", { timezone: "UTC", protect: true }, async () => {
    try {
      const deleted = await deleteUnconfirmedAccounts(db, new Date(Date.now() - UNCONFIRMED_KEPT_MS));
      if (deleted > 0) log.info(`deleted ${deleted} accounts left unconfirmed for 48 hours`);
    } catch (error) {
      if (!lifecycle.stopping)
        log.error({ err: error }, "could not delete unconfirmed accounts; the next hour retries");
    }
  });
  lifecycle.started("the unconfirmed-account cleanup", async () => cron.stop());
}
