import { dayCandidates } from "../db/queries/day-candidates.ts";
import { dailyViewerRankings } from "../stats/rankings/daily-viewers.ts";
import { RANKING_GENDERS } from "../stats/rankings/vocabulary.ts";
import type { DayPublisher } from "./context.ts";
import { dailyIndexPath, dailyTagFrequencyPath, dailyViewerRankingPath } from "./paths.ts";
import type { DailyIndex } from "./ranking-schemas.ts";
import { type PublishedFile, publishJson } from "./write-file.ts";

// The index's schema sits with the other ranking schemas, which pages read without the publisher.
export { type DailyIndex, dailyIndexSchema } from "./ranking-schemas.ts";

/**
 * The daily viewer ranking files of one day (SPEC §7): most-popular{-gender}.json, the tag lists
 * tag-{tag}-most-popular.json and {gender}_tag-{tag}-most-popular.json, and tag-frequency{-gender}.json,
 * and the day's index of the lists it has.
 */
export const publishDailyViewerRankings: DayPublisher = async ({ db, root, options }, day) => {
  const rankings = dailyViewerRankings(await dayCandidates(db, day), options);
  const files: PublishedFile[] = [];
  for (const list of rankings.lists) {
    files.push(await publishJson(root, dailyViewerRankingPath(day, list.gender, list.tag), list.entries));
  }
  const index: DailyIndex = { day, lists: {} as DailyIndex["lists"] };
  for (const gender of RANKING_GENDERS) {
    files.push(await publishJson(root, dailyTagFrequencyPath(day, gender), rankings.tagFrequency[gender]));
    index.lists[gender] = rankings.lists.flatMap((l) => (l.gender === gender && l.tag ? [l.tag] : [])).sort();
  }
  files.push(await publishJson(root, dailyIndexPath(day), index));
  return files;
};
