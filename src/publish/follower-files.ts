import type { DayPublisher } from "./context.ts";
import { RANKING_GENDERS, userFollowerGainPath, userFollowersPath } from "./paths.ts";
import { type ListSpec, ofGender, publishRankedLists, SITE_LIST_SIZE } from "./ranked-list-files.ts";
import { windowPools } from "./window-pools.ts";

/**
 * A day's editions of most followed (/stats/{date}/user_followers{-gender}.json) and fastest rising
 * (/stats/{date}/user_follower_gain{-gender}.json): 500 ranked rows each, pr from the day before.
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
  return publishRankedLists(context.root, specs, current, previous);
};
