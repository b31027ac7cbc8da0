import { daySupporters } from "../db/queries/day-supporters.ts";
import { addDays } from "../rules/calendar.ts";
import { supporterList } from "../stats/rankings/supporters.ts";
import { SUPPORTER_ORDERS } from "../stats/rankings/vocabulary.ts";
import type { DayPublisher } from "./context.ts";
import { supportersPath } from "./paths.ts";
import type { SupporterEntry } from "./ranking-schemas.ts";
import { type PublishedFile, publishJson } from "./write-file.ts";

/**
 * The supporter ranking of a day (/top/supporters/{order}/{date}; docs/decisions/0007): the
 * performers who won the most new followers that day, /stats/{date}/supporters-{order}.json in
 * each order (SUPPORTER_ORDERS), 100 rows, pr from the same list of the day before.
 */
export const publishSupporterRankings: DayPublisher = async ({ db, root, options }, day) => {
  const [current, previous] = await Promise.all([
    daySupporters(db, day),
    daySupporters(db, addDays(day, -1)),
  ]);
  const files: PublishedFile[] = [];
  for (const order of SUPPORTER_ORDERS) {
    const rows: SupporterEntry[] = supporterList(order, current, previous, options.excludedUsername);
    files.push(await publishJson(root, supportersPath(day, order), rows));
  }
  return files;
};
