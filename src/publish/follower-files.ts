import { isFileSegment, RANKING_GENDERS } from "../stats/rankings/vocabulary.ts";
import type { DayPublisher } from "./context.ts";
import { windowTagCounts } from "./monthly-files.ts";
import {
  datedTagFollowerGainPath,
  datedTagFollowersPath,
  followerIndexPath,
  userFollowerGainPath,
  userFollowersPath,
} from "./paths.ts";
import {
  type ListSpec,
  ofGender,
  ofTag,
  publishRankedLists,
  SITE_LIST_SIZE,
  SUBSET_LIST_SIZE,
} from "./ranked-list-files.ts";
import type { FollowerIndex } from "./ranking-schemas.ts";
import { windowPools } from "./window-pools.ts";
import { publishJson } from "./write-file.ts";

/**
 * A day's editions of most followed (/stats/{date}/user_followers{-gender}.json) and fastest rising
 * (/stats/{date}/user_follower_gain{-gender}.json): 500 ranked rows each, pr from the day before.
 * With them the dated tag lists that /top/followers/{tag}/{date} and /top/growing/{tag}/{date} read
 * (tag-{tag}-user_followers.json, tag-{tag}-user_follower_gain.json, 100 rows, every gender), for
 * each tag at least tagMinPerformers performers used in the 30-day window (the rule of the latest
 * tag lists, monthly-files.ts), and follower-index.json naming those tags.
 */
export const publishFollowerRankings: DayPublisher = async (context, day) => {
  const specs: ListSpec[] = RANKING_GENDERS.flatMap((gender) => [
    {
      path: userFollowersPath(day, gender),
      order: "followers",
      limit: SITE_LIST_SIZE,
      select: ofGender(gender),
    },
    {
      path: userFollowerGainPath(day, gender),
      order: "gain",
      limit: SITE_LIST_SIZE,
      select: ofGender(gender),
    },
  ]);
  const { current, previous } = await windowPools(context, day);
  const index: FollowerIndex = { day, tags: [] };
  for (const { tag, count } of windowTagCounts(current, "all")) {
    if (count < context.options.tagMinPerformers || !isFileSegment(tag)) continue;
    index.tags.push(tag);
    const select = ofTag(tag, "all");
    specs.push({
      path: datedTagFollowersPath(day, tag),
      order: "followers",
      limit: SUBSET_LIST_SIZE,
      select,
    });
    specs.push({ path: datedTagFollowerGainPath(day, tag), order: "gain", limit: SUBSET_LIST_SIZE, select });
  }
  index.tags.sort();
  const files = await publishRankedLists(context.root, specs, current, previous);
  files.push(await publishJson(context.root, followerIndexPath(day), index));
  return files;
};
