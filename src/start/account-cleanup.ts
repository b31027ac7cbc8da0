import { Cron } from "croner";
import type { Db } from "../db/connect.ts";
import { pruneExpiredSessions } from "../db/queries/account-sessions.ts";
import { deleteUnconfirmedAccounts } from "../db/queries/accounts.ts";
import { pruneCounters } from "../db/queries/auth-limits.ts";
import { pruneKnownAddresses } from "../db/queries/known-addresses.ts";
import { pruneExpiredOptoutCodes } from "../db/queries/optout-codes.ts";
import { KNOWN_ADDRESS_DAYS } from "../identity/abuse-limits.ts";
import { pruneListImages, UNUSED_IMAGE_KEPT_MS } from "../lists/image-store.ts";
import type { Logger } from "../log.ts";
import { pruneProfileImages } from "../profiles/profile-images.ts";
import type { SiteStores } from "../storage/site-stores.ts";
import type { Lifecycle } from "./lifecycle.ts";

/** Unconfirmed accounts are kept this long (twice the confirmation link's life). */
export const UNCONFIRMED_KEPT_MS = 48 * 3600_000;

/** Abuse-limit counters idle this long are forgotten (their addresses are personal data). */
export const COUNTERS_KEPT_MS = 24 * 3600_000;

/**
 * Every hour: deletes the accounts nobody confirmed within 48 hours (decision 0018), the abuse
 * limits' idle counters and stale known addresses (pruned here, off the sign-in path), the sessions
 * past their end (decision 0042; signed-out ones are deleted at once), the opt-out codes expired
 * unused for a day (decision 0044), and the list and profile images under
 * DATA_DIR that no list or profile has used for a day (decisions 0020, 0022).
 */
export function startAccountCleanup(
  db: Db,
  log: Logger,
  lifecycle: Lifecycle,
  stores: Pick<SiteStores, "listImages" | "profileImages">,
): void {
  const cron = new Cron("41 * * * *", { timezone: "UTC", protect: true }, async () => {
    try {
      const deleted = await deleteUnconfirmedAccounts(db, new Date(Date.now() - UNCONFIRMED_KEPT_MS));
      if (deleted > 0) log.info(`deleted ${deleted} accounts left unconfirmed for 48 hours`);
      // The abuse limits count within an hour; a day idle, a counter says nothing any more.
      await pruneCounters(db, new Date(Date.now() - COUNTERS_KEPT_MS));
      // An address not renewed within KNOWN_ADDRESS_DAYS is known no more (decision 0031).
      await pruneKnownAddresses(db, new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000));
      // An expired session opens nothing; its device and country are personal data kept for nothing.
      await pruneExpiredSessions(db, new Date());
      // An opt-out code past its expiry opens nothing; a day on, nobody is reading it on the page either.
      await pruneExpiredOptoutCodes(db, new Date(Date.now() - 24 * 3600_000));
      const images = await pruneListImages(
        db,
        stores.listImages,
        new Date(Date.now() - UNUSED_IMAGE_KEPT_MS),
      );
      if (images > 0) log.info(`deleted ${images} list images no list uses`);
      const profileImages = await pruneProfileImages(
        db,
        { store: stores.profileImages },
        new Date(Date.now() - UNUSED_IMAGE_KEPT_MS),
      );
      if (profileImages > 0) log.info(`deleted ${profileImages} profile images no profile uses`);
    } catch (error) {
      if (!lifecycle.stopping)
        log.error(
          { err: error },
          "could not clean up unconfirmed accounts, idle counters or unused list or profile images; the next hour retries",
        );
    }
  });
  lifecycle.started("the account cleanup", async () => cron.stop());
}
