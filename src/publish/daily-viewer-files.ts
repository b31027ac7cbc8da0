import { z } from "zod";
import { dayCandidates } from "../stats/queries/day-candidates.ts";
import { dailyViewerRankings } from "../stats/rankings/daily-viewers.ts";
import type { DayPublisher } from "./context.ts";
import {
  dailyIndexPath,
  dailyTagFrequencyPath,
  dailyViewerRankingPath,
  RANKING_GENDERS,
  type RankingGender,
} from "./paths.ts";
import { type PublishedFile, publishJson } from "./write-file.ts";

const tagList = z.array(z.string().min(1));

/** /stats/{date}/index.json: the tags that have lists that day, per gender (every gender has its untagged list). */
export const dailyIndexSchema = z.strictObject({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  lists: z.strictObject(
    Object.fromEntries(RANKING_GENDERS.map((g) => [g, tagList])) as Record<RankingGender, typeof tagList>,
  ),
});
export type DailyIndex = z.infer<typeof dailyIndexSchema>;

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
