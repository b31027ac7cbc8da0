import type { Db } from "../db/connect.ts";
import { pendingMigrations } from "../db/migrate.ts";
import type { Logger } from "../log.ts";
import type { Lifecycle } from "./lifecycle.ts";

/** How often a web node looks again while the worker migrates. */
const LOOK_EVERY_MS = 2000;

/**
 * Waits until the database has every migration this code knows (decision 0037): a web node applies
 * none, the worker does, so a web node of a new version takes no traffic before its schema is
 * there. Says once what it waits for. Resolves at once when nothing is pending.
 */
export async function waitForSchema(db: Db, log: Logger, lifecycle: Lifecycle): Promise<void> {
  let said = false;
  for (;;) {
    const pending = await pendingMigrations(db);
    if (pending.length === 0) return;
    if (lifecycle.stopping) return;
    if (!said) {
      log.warn(
        `waiting for the worker (SITE_ROLE=worker) to apply ${pending.length} migrations (${pending.join(", ")}) before serving`,
      );
      said = true;
    }
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}
