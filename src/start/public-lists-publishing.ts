import type { Db } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import { publicListsPublisher } from "../publish/public-lists.ts";
import type { Lifecycle } from "./lifecycle.ts";

/**
 * How often the main process looks for changed public lists: the file must follow a change within
 * a minute (issue 18), and a look is one cheap read when nothing changed.
 */
export const PUBLIC_LISTS_CHECK_MS = 15_000;

/** Keeps /api/lists/public_lists.json current: published at start, then whenever a public list changes. */
export function startPublicListsPublishing(db: Db, root: string, log: Logger, lifecycle: Lifecycle): void {
  const publish = publicListsPublisher(db, root);
  let running = false;
  const tick = async () => {
    if (running || lifecycle.stopping) return;
    running = true;
    try {
      await publish();
    } catch (error) {
      if (!lifecycle.stopping)
        log.error({ err: error }, "could not publish the public lists; the next check retries");
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), PUBLIC_LISTS_CHECK_MS);
  timer.unref();
  lifecycle.started("the public lists' file", async () => clearInterval(timer));
}
