import type { Db } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import { additionalTagsPublisher } from "../publish/additional-tags.ts";
import { publicListsPublisher } from "../publish/public-lists.ts";
import type { PublishedFile } from "../publish/write-file.ts";
import type { StorageOrDir } from "../storage/storage.ts";
import type { Lifecycle } from "./lifecycle.ts";

/**
 * How often the main process looks for changed public lists and approved tags: each file must
 * follow a change within a minute (issues 18 and 30), and a look is one cheap read when nothing
 * changed.
 */
export const PUBLIC_LISTS_CHECK_MS = 15_000;

/**
 * Keeps /api/lists/public_lists.json and /api/tags/additional_tags.json current: published at
 * start, then whenever what they hold changes (a public list; a tag approved, undone, an opt-out).
 */
export function startPublicListsPublishing(
  db: Db,
  root: StorageOrDir,
  log: Logger,
  lifecycle: Lifecycle,
): void {
  follow("the public lists' file", publicListsPublisher(db, root), log, lifecycle);
  follow("the additional tags file", additionalTagsPublisher(db, root), log, lifecycle);
}

function follow(
  name: string,
  publish: () => Promise<PublishedFile | null>,
  log: Logger,
  lifecycle: Lifecycle,
): void {
  let running = false;
  const tick = async () => {
    if (running || lifecycle.stopping) return;
    running = true;
    try {
      await publish();
    } catch (error) {
      if (!lifecycle.stopping) log.error({ err: error }, `could not publish ${name}; the next check retries`);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), PUBLIC_LISTS_CHECK_MS);
  timer.unref();
  lifecycle.started(name, async () => clearInterval(timer));
}
