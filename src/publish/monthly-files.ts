import { z } from "zod";
import { TAG_FREQUENCY_TOP, type TagFrequencyEntry } from "../stats/rankings/daily-viewers.ts";
import { isFileSegment, RANKING_GENDERS, type RankingGender } from "../stats/rankings/vocabulary.ts";
import type { DayPublisher } from "./context.ts";
import {
  FIXED_PATHS,
  monthlyViewerRankingPath,
  tagFollowerGainPath,
  tagFollowersPath,
  tagFrequencyPath,
} from "./paths.ts";
import {
  type ListSpec,
  ofGender,
  ofTag,
  type Pool,
  publishRankedLists,
  SITE_LIST_SIZE,
  SUBSET_LIST_SIZE,
} from "./ranked-list-files.ts";
import { windowPools } from "./window-pools.ts";
import { publishJson } from "./write-file.ts";

const tagList = z.array(z.string().min(1));

/**
 * /stats/30days/index.json: the tags with 30-day lists per gender, and the tags with most followed and
 * fastest rising lists (/api/followers/tag-{tag}-…), as of `day`.
 */
export const monthlyIndexSchema = z.strictObject({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  lists: z.strictObject(
    Object.fromEntries(RANKING_GENDERS.map((g) => [g, tagList])) as Record<RankingGender, typeof tagList>,
  ),
  tagFollowers: tagList,
});
export type MonthlyIndex = z.infer<typeof monthlyIndexSchema>;

/** The window's tags of a gender with how many performers used them, most used first (ties by tag). */
export function windowTagCounts(pool: Pool, gender: RankingGender): TagFrequencyEntry[] {
  const suffix = `\u0000${gender}`;
  return [...pool.byTagGender]
    .filter(([k]) => k.endsWith(suffix))
    .map(([k, performers]) => ({ tag: k.slice(0, -suffix.length), count: performers.length }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
    .map((t, i) => ({ ...t, rank: i + 1 }));
}

/**
 * The latest editions over the 30 days ending with the day: top monthly (/stats/30days/most-popular
 * variants by score, per gender and per tag), the 30-day tag frequency, fastest rising
 * (/api/followers/user_follower_gain.json), and most followed and fastest rising per tag
 * (/api/followers/tag-{tag}-followers.json, tag-{tag}-follower_gain.json). A tag gets lists where at
 * least tagMinPerformers performers of the gender used it in the window.
 */
export const publishMonthlyRankings: DayPublisher = async (context, day) => {
  const { current, previous } = await windowPools(context, day);
  const specs: ListSpec[] = [
    { path: FIXED_PATHS.userFollowerGain, order: "gain", limit: SITE_LIST_SIZE, select: ofGender("all") },
  ];
  const frequencies = [];
  const index: MonthlyIndex = { day, lists: {} as MonthlyIndex["lists"], tagFollowers: [] };
  for (const gender of RANKING_GENDERS) {
    index.lists[gender] = [];
    specs.push({
      path: monthlyViewerRankingPath(gender),
      order: "score",
      limit: SITE_LIST_SIZE,
      select: ofGender(gender),
    });
    const counts = windowTagCounts(current, gender);
    frequencies.push({
      path: tagFrequencyPath("30days", gender),
      entries: counts.slice(0, TAG_FREQUENCY_TOP),
    });
    for (const { tag, count } of counts) {
      if (count < context.options.tagMinPerformers || !isFileSegment(tag)) continue;
      const select = ofTag(tag, gender);
      specs.push({
        path: monthlyViewerRankingPath(gender, tag),
        order: "score",
        limit: SUBSET_LIST_SIZE,
        select,
      });
      index.lists[gender].push(tag);
      if (gender !== "all") continue;
      index.tagFollowers.push(tag);
      specs.push({ path: tagFollowersPath(tag), order: "followers", limit: SUBSET_LIST_SIZE, select });
      specs.push({ path: tagFollowerGainPath(tag), order: "gain", limit: SUBSET_LIST_SIZE, select });
    }
  }
  const files = await publishRankedLists(context.root, specs, current, previous);
  for (const { path, entries } of frequencies) files.push(await publishJson(context.root, path, entries));
  index.tagFollowers.sort();
  for (const gender of RANKING_GENDERS) index.lists[gender].sort();
  files.push(await publishJson(context.root, FIXED_PATHS.monthlyIndex, index));
  return files;
};
