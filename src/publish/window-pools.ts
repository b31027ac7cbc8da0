import { addDays } from "../stats/calendar.ts";
import { windowPerformers } from "../stats/queries/window-performers.ts";
import { type Scored, withScore } from "../stats/rankings/ranked-rows.ts";
import type { PublishContext } from "./context.ts";
import { type Pool, poolOf } from "./ranked-list-files.ts";

/**
 * Window performers loaded once per publishing run (one context) and day: a day's publishers all
 * read its window and the day before's, and the next day of a catch-up reads that day's as its day
 * before. Days older than the day before the one asked for are let go, so a long catch-up holds
 * two windows, not all of them.
 */
const loaded = new WeakMap<PublishContext, Map<string, Promise<Scored[]>>>();

function scoredWindow(context: PublishContext, day: string): Promise<Scored[]> {
  let byDay = loaded.get(context);
  if (!byDay) {
    byDay = new Map();
    loaded.set(context, byDay);
  }
  const dayBefore = addDays(day, -1);
  for (const cached of byDay.keys()) if (cached < dayBefore) byDay.delete(cached);
  let performers = byDay.get(day);
  if (!performers) {
    performers = windowPerformers(context.db, day).then((rows) => rows.map(withScore));
    byDay.set(day, performers);
  }
  return performers;
}

/** The pools of the day's window and of the day before's (for pr), the excluded username left out. */
export async function windowPools(
  context: PublishContext,
  day: string,
): Promise<{ current: Pool; previous: Pool }> {
  const excluded = context.options.excludedUsername;
  const [current, previous] = await Promise.all([
    scoredWindow(context, day),
    scoredWindow(context, addDays(day, -1)),
  ]);
  return { current: poolOf(current, excluded), previous: poolOf(previous, excluded) };
}
