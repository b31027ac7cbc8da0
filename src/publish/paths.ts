import {
  isFileSegment,
  type RankingGender,
  SUPPORTER_ORDERS,
  type SupporterOrder,
} from "../stats/rankings/vocabulary.ts";

/**
 * The exact paths of the published JSON files (SPEC §7, "Static JSON GET"), in one place. Every
 * variable part is checked, so no tag, location or date can produce a path outside its family.
 * The words of the lists (genders, supporter orders, tags as file names) are the rankings' own
 * (src/stats/rankings/vocabulary.ts).
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class PathError extends Error {
  override name = "PathError";
}

function date(value: string): string {
  const parsed = new Date(`${value}T00:00:00Z`);
  if (!DATE.test(value) || Number.isNaN(parsed.getTime()) || !parsed.toISOString().startsWith(value)) {
    throw new PathError(`not a date (YYYY-MM-DD): ${JSON.stringify(value)}`);
  }
  return value;
}

function segment(kind: string, value: string): string {
  if (!isFileSegment(value)) throw new PathError(`${kind} cannot name a file: ${JSON.stringify(value)}`);
  return value;
}

/** A period folder of /stats: a date or a named period such as 30days. */
function period(value: string): string {
  return DATE.test(value) ? date(value) : segment("period", value);
}

const genderSuffix = (gender: RankingGender) => (gender === "all" ? "" : `-${gender}`);

/** Daily viewer ranking: most-popular.json, most-popular-{gender}.json, tag-{tag}-…, {gender}_tag-{tag}-…. */
export function dailyViewerRankingPath(day: string, gender: RankingGender, tag?: string): string {
  const folder = `/stats/${date(day)}`;
  if (tag === undefined) return `${folder}/most-popular${genderSuffix(gender)}.json`;
  const t = segment("tag", tag);
  return gender === "all"
    ? `${folder}/tag-${t}-most-popular.json`
    : `${folder}/${gender}_tag-${t}-most-popular.json`;
}

/** Top 50 tags of a day (per gender too). */
export function dailyTagFrequencyPath(day: string, gender: RankingGender = "all"): string {
  return `/stats/${date(day)}/tag-frequency${genderSuffix(gender)}.json`;
}

/** Top monthly: the most-popular variants over the last 30 days. */
export function monthlyViewerRankingPath(gender: RankingGender, tag?: string): string {
  const suffix = genderSuffix(gender);
  if (tag === undefined) return `/stats/30days/most-popular${suffix}.json`;
  const t = segment("tag", tag);
  return gender === "all"
    ? `/stats/30days/tag-${t}-most-popular.json`
    : `/stats/30days/${gender}_tag-${t}-most-popular.json`;
}

export function userFollowersPath(periodName: string, gender: RankingGender = "all"): string {
  return `/stats/${period(periodName)}/user_followers${genderSuffix(gender)}.json`;
}

export function tagFrequencyPath(periodName: string, gender: RankingGender = "all"): string {
  return `/stats/${period(periodName)}/tag-frequency${genderSuffix(gender)}.json`;
}

/**
 * Fastest rising of a day. Not among SPEC §7's files, which give only the latest edition
 * (FIXED_PATHS.userFollowerGain); the dated route /top/growing/{tag}/{date} needs one per day.
 */
export function userFollowerGainPath(day: string, gender: RankingGender = "all"): string {
  return `/stats/${date(day)}/user_follower_gain${genderSuffix(gender)}.json`;
}

/** Fastest rising with a tag (latest): the tag overview's fourth tab; beside SPEC §7's tag-{tag}-followers. */
export function tagFollowerGainPath(tag: string): string {
  return `/api/followers/tag-${segment("tag", tag)}-follower_gain.json`;
}

/**
 * Dated editions of the tag lists of most followed and fastest rising (all genders, 100 rows):
 * /top/followers/{tag}/{date} and /top/growing/{tag}/{date} need one per day, beside SPEC §7's
 * latest /api/followers/tag-{tag}-followers.json.
 */
export function datedTagFollowersPath(day: string, tag: string): string {
  return `/stats/${date(day)}/tag-${segment("tag", tag)}-user_followers.json`;
}

export function datedTagFollowerGainPath(day: string, tag: string): string {
  return `/stats/${date(day)}/tag-${segment("tag", tag)}-user_follower_gain.json`;
}

/** The tags with dated most followed and fastest rising lists that day: {day, tags}. */
export function followerIndexPath(day: string): string {
  return `/stats/${date(day)}/follower-index.json`;
}

/** The supporter ranking of a day in one order: /stats/{date}/supporters-{order}.json. */
export function supportersPath(day: string, order: SupporterOrder): string {
  if (!SUPPORTER_ORDERS.includes(order))
    throw new PathError(`not a supporter order: ${JSON.stringify(order)}`);
  return `/stats/${date(day)}/supporters-${order}.json`;
}

const YEAR = /^\d{4}$/;

/**
 * A calendar year's top performers (/top/2021…): /stats/{year}/most-popular{-gender}.json and the
 * tag variants, the same names as the 30-day lists in a year's folder.
 */
export function yearRankingPath(year: string, gender: RankingGender, tag?: string): string {
  if (!YEAR.test(year)) throw new PathError(`not a year (YYYY): ${JSON.stringify(year)}`);
  const folder = `/stats/${year}`;
  if (tag === undefined) return `${folder}/most-popular${genderSuffix(gender)}.json`;
  const t = segment("tag", tag);
  return gender === "all"
    ? `${folder}/tag-${t}-most-popular.json`
    : `${folder}/${gender}_tag-${t}-most-popular.json`;
}

/** Which lists a year has: {year, from, to, lists: {gender: [tags]}}. */
export function yearIndexPath(year: string): string {
  if (!YEAR.test(year)) throw new PathError(`not a year (YYYY): ${JSON.stringify(year)}`);
  return `/stats/${year}/index.json`;
}

export function tagFollowersPath(tag: string): string {
  return `/api/followers/tag-${segment("tag", tag)}-followers.json`;
}

export function locationFollowersPath(location: string, gender: RankingGender = "all"): string {
  return `/api/location/${segment("location", location)}_user_followers${genderSuffix(gender)}.json`;
}

export function locationMostPopularPath(location: string, gender: RankingGender = "all"): string {
  return `/api/location/${segment("location", location)}_most-popular${genderSuffix(gender)}.json`;
}

/** Which lists a day has (the tags with files, per gender): pages offer only lists that exist. */
export function dailyIndexPath(day: string): string {
  return `/stats/${date(day)}/index.json`;
}

export const FIXED_PATHS = {
  /** The days published and the latest one: pages know whether a previous or next day exists. */
  manifest: "/stats/manifest.json",
  /** Which 30-day lists exist (tags per gender, tag and location lists). */
  monthlyIndex: "/stats/30days/index.json",
  userFollowerGain: "/api/followers/user_follower_gain.json",
  modelCountByLocation: "/api/location/modelCountByLocation.json",
  activeUserCount: "/api/active_user_count.json",
  activeUserCountTrendsYoy: "/api/active_user_count_trends_yoy.json",
  recentBroadcasterStats: "/api/recent_broadcaster_stats.json",
} as const;

/** The usernames online in public in the latest complete poll; abbr is the platform's (PLATFORM_ABBR). */
export function onlineUsersPath(abbr: string): string {
  return `/api/${segment("platform abbreviation", abbr)}_online_users.json`;
}

/** What changed between the last two online-users lists written. */
export function onlineUsersDeltaPath(abbr: string): string {
  return `/api/${segment("platform abbreviation", abbr)}_online_users_delta.json`;
}

/** Celebrations, recent profile updates and the tag files (issue 3, extras). */
export const EXTRA_PATHS = {
  celebrations: "/api/celebrations.json",
  recentProfileUpdates: "/api/recent_profile_updates.json",
  possibleTags: "/api/tags/possible_tags.json",
  additionalTags: "/api/tags/additional_tags.json",
  /** The camera trends page's year of room mix (issue 21). */
  cameraTrends: "/api/camera_trends.json",
} as const;

/** Model lists' files (issue 18). */
export const LIST_PATHS = {
  publicLists: "/api/lists/public_lists.json",
} as const;

/** The bingo card creator's suggestions (issue 20; SPEC §7's bingo data file). */
export const BINGO_PATHS = {
  data: "/api/bingo_data.json",
} as const;

/** The tag explorer's datasets (SPEC §3), one file each. */
export const TAG_EXPLORER_DATASETS = [
  "monthly",
  "viewers",
  "follower_count",
  "follower_gain",
  "tagCounts",
  "allTags",
  "tagMap",
] as const;
export type TagExplorerDataset = (typeof TAG_EXPLORER_DATASETS)[number];

export function tagExplorerPath(dataset: TagExplorerDataset): string {
  return `/api/tag_explorer/${dataset}.json`;
}

/** The tags co-used with each top tag (the tag explorer's pages; not among SPEC §3's datasets). */
export const TAG_RELATED_PATH = "/api/tag_explorer/related.json";

/** The tag explorer's folder: the latest edition's files, and a folder per kept day. */
export const TAG_EXPLORER_DIR = "/api/tag_explorer";

/** The folder of one day's edition of the tag explorer's files (the pages' day: SPEC §5). */
export function tagExplorerDayDir(day: string): string {
  return `${TAG_EXPLORER_DIR}/${day}`;
}

/**
 * A day's copy of the explorer file at `latestPath` (a dataset's or related.json):
 * /api/tag_explorer/{day}/{name}.json.
 */
export function tagExplorerDayPath(day: string, latestPath: string): string {
  return `${tagExplorerDayDir(day)}/${latestPath.slice(latestPath.lastIndexOf("/") + 1)}`;
}

/** A day's open data file of one ranking family (issue 21): /data/{date}/{family}.csv. */
export function openDataPath(day: string, family: string): string {
  return `/data/${date(day)}/${segment("family", family)}.csv`;
}

export const OPEN_DATA_README_PATH = "/data/README.md";
