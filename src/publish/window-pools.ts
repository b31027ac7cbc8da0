import { namedCachePer } from "../cache/named-cache.ts";
import { windowPerformers } from "../db/queries/window-performers.ts";
import { addDays } from "../rules/calendar.ts";
import { type Scored, withScore } from "../stats/rankings/ranked-rows.ts";
import type { StorageOrDir } from "../storage/storage.ts";
import type { PublishContext } from "./context.ts";
import { type Pool, poolOf } from "./ranked-list-files.ts";

/**
 * Window performers loaded once per publishing run (one context) and day: a day's publishers all
 * read its window and the day before's, and the next day of a catch-up (forwards or backwards)
 * reads one of those two again. Three windows are kept, the least recently used let go, so a long
 * catch-up holds a few windows, not all of them. A failed load is not kept.
 */
const loaded = namedCachePer<PublishContext<StorageOrDir>, string, Scored[]>({
  name: "publish-window-performers",
  key: "the day (YYYY-MM-DD), one cache a publishing run",
  bound: { entries: 3 },
  // A run's data does not change under it; the run ends, and its cache goes with its context.
  ttlMs: Number.POSITIVE_INFINITY,
});

function scoredWindow(context: PublishContext<StorageOrDir>, day: string): Promise<Scored[]> {
  return loaded(context).getOrLoad(day, () =>
    windowPerformers(context.db, day).then((rows) => rows.map(withScore)),
  );
}

/** The pools of the day's window and of the day before's (for pr), the excluded username left out. */
export async function windowPools(
  context: PublishContext<StorageOrDir>,
  day: string,
): Promise<{ current: Pool; previous: Pool }> {
  const excluded = context.options.excludedUsername;
  const [current, previous] = await Promise.all([
    scoredWindow(context, day),
    scoredWindow(context, addDays(day, -1)),
  ]);
  return { current: poolOf(current, excluded), previous: poolOf(previous, excluded) };
}
