import { firstPerformerDay } from "../db/queries/first-performer-day.ts";
import { windowPerformers } from "../db/queries/window-performers.ts";
import { withScore } from "../stats/rankings/ranked-rows.ts";
import { isFileSegment, RANKING_GENDERS } from "../stats/rankings/vocabulary.ts";
import type { DayPublisher } from "./context.ts";
import { windowTagCounts } from "./monthly-files.ts";
import { yearIndexPath, yearRankingPath } from "./paths.ts";
import {
  type ListSpec,
  ofGender,
  ofTag,
  poolOf,
  publishRankedLists,
  SITE_LIST_SIZE,
  SUBSET_LIST_SIZE,
} from "./ranked-list-files.ts";
import type { YearIndex } from "./ranking-schemas.ts";
import { publishJson } from "./write-file.ts";

/**
 * A year's top performers (/top/2021…), written once the year is over: by the daily job of its
 * December 31st (a dated step, so a rebuild of that day writes them again, and a rebuild of any
 * other day leaves them alone), over the whole year from its January 1st, by score like top
 * monthly: /stats/{year}/most-popular{-gender}.json (500 rows) and, for each tag at least
 * tagMinPerformers performers of the gender used in the year, the tag lists (100 rows); and
 * /stats/{year}/index.json. Any other day writes nothing: the only page that reads a year's lists
 * shows a finished year, and a year-to-date edition every day would read a whole year of
 * performer_days daily (BENCHMARKS.md). pr is null throughout: a year has no previous edition.
 */
export const publishYearRankings: DayPublisher = async (context, day) => {
  if (!day.endsWith("-12-31")) return [];
  const year = day.slice(0, 4);
  const yearStart = `${year}-01-01`;
  const [performers, from] = await Promise.all([
    windowPerformers(context.db, day, yearStart),
    firstPerformerDay(context.db, yearStart, day),
  ]);
  const pool = poolOf(performers.map(withScore), context.options.excludedUsername);
  const specs: ListSpec[] = [];
  const index: YearIndex = { year, from: from ?? day, to: day, lists: {} as YearIndex["lists"] };
  for (const gender of RANKING_GENDERS) {
    index.lists[gender] = [];
    specs.push({
      path: yearRankingPath(year, gender),
      order: "score",
      limit: SITE_LIST_SIZE,
      select: ofGender(gender),
    });
    for (const { tag, count } of windowTagCounts(pool, gender)) {
      if (count < context.options.tagMinPerformers || !isFileSegment(tag)) continue;
      index.lists[gender].push(tag);
      specs.push({
        path: yearRankingPath(year, gender, tag),
        order: "score",
        limit: SUBSET_LIST_SIZE,
        select: ofTag(tag, gender),
      });
    }
    index.lists[gender].sort();
  }
  // An empty previous pool: no row has a previous rank.
  const files = await publishRankedLists(context.root, specs, pool, poolOf([], undefined));
  files.push(await publishJson(context.root, yearIndexPath(year), index));
  return files;
};
