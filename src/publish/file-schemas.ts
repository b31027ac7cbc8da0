import type { z } from "zod";
import { additionalTagsFileSchema } from "./additional-tags.ts";
import { bingoDataFileSchema } from "./bingo-data.ts";
import { cameraTrendsFileSchema } from "./camera-trends.ts";
import { celebrationsFileSchema } from "./celebrations.ts";
import { dailyIndexSchema } from "./daily-viewer-files.ts";
import { modelCountByLocationSchema } from "./location-files.ts";
import { manifestSchema } from "./manifest.ts";
import { monthlyIndexSchema } from "./monthly-files.ts";
import { onlineUsersDeltaSchema, onlineUsersSchema } from "./online-users.ts";
import {
  BINGO_PATHS,
  EXTRA_PATHS,
  FIXED_PATHS,
  LIST_PATHS,
  TAG_EXPLORER_DATASETS,
  TAG_RELATED_PATH,
  tagExplorerPath,
} from "./paths.ts";
import { possibleTagsFileSchema } from "./possible-tags.ts";
import { publicListsFileSchema } from "./public-lists.ts";
import {
  dailyViewerFileSchema,
  followerIndexSchema,
  rankedFileSchema,
  supporterFileSchema,
  tagFrequencyFileSchema,
  yearIndexSchema,
} from "./ranking-schemas.ts";
import { recentProfileUpdatesFileSchema } from "./recent-profile-updates.ts";
import { REPORT_INDEX_PATH, reportFileSchema, reportIndexSchema } from "./reports/report-file.ts";
import {
  allTagsFileSchema,
  monthlyFileSchema,
  relatedTagsFileSchema,
  tagCountsFileSchema,
  tagFigureFileSchema,
  tagMapFileSchema,
} from "./tag-explorer-schemas.ts";
import {
  activeUserCountSchema,
  activeUserCountTrendsYoySchema,
  recentBroadcasterStatsSchema,
} from "./traffic-files.ts";

/**
 * The schema of every published file, by its URL path: one place that says what each file family
 * holds, for the tests that check every file and for anyone reading the files.
 */
const EXACT: ReadonlyMap<string, z.ZodType> = new Map<string, z.ZodType>([
  [FIXED_PATHS.manifest, manifestSchema],
  [FIXED_PATHS.monthlyIndex, monthlyIndexSchema],
  [FIXED_PATHS.modelCountByLocation, modelCountByLocationSchema],
  [FIXED_PATHS.userFollowerGain, rankedFileSchema],
  [FIXED_PATHS.activeUserCount, activeUserCountSchema],
  [FIXED_PATHS.activeUserCountTrendsYoy, activeUserCountTrendsYoySchema],
  [FIXED_PATHS.recentBroadcasterStats, recentBroadcasterStatsSchema],
  [EXTRA_PATHS.celebrations, celebrationsFileSchema],
  [EXTRA_PATHS.cameraTrends, cameraTrendsFileSchema],
  [REPORT_INDEX_PATH, reportIndexSchema],
  [EXTRA_PATHS.recentProfileUpdates, recentProfileUpdatesFileSchema],
  [EXTRA_PATHS.possibleTags, possibleTagsFileSchema],
  [EXTRA_PATHS.additionalTags, additionalTagsFileSchema],
  [LIST_PATHS.publicLists, publicListsFileSchema],
  [BINGO_PATHS.data, bingoDataFileSchema],
  [tagExplorerPath("tagMap"), tagMapFileSchema],
  [tagExplorerPath("tagCounts"), tagCountsFileSchema],
  [tagExplorerPath("allTags"), allTagsFileSchema],
  [tagExplorerPath("monthly"), monthlyFileSchema],
  [tagExplorerPath("viewers"), tagFigureFileSchema],
  [tagExplorerPath("follower_count"), tagFigureFileSchema],
  [tagExplorerPath("follower_gain"), tagFigureFileSchema],
  [TAG_RELATED_PATH, relatedTagsFileSchema],
]);

const PATTERNS: ReadonlyArray<[RegExp, z.ZodType]> = [
  [/^\/stats\/\d{4}-\d{2}-\d{2}\/index\.json$/, dailyIndexSchema],
  [/^\/api\/reports\/\d{4}-\d{2}\.json$/, reportFileSchema],
  [/^\/stats\/[^/]+\/tag-frequency(-[a-z]+)?\.json$/, tagFrequencyFileSchema],
  [
    /^\/stats\/\d{4}-\d{2}-\d{2}\/([a-z]+_)?(tag-[^/]+-)?most-popular(-[a-z]+)?\.json$/,
    dailyViewerFileSchema,
  ],
  [/^\/stats\/30days\/([a-z]+_)?(tag-[^/]+-)?most-popular(-[a-z]+)?\.json$/, rankedFileSchema],
  [/^\/stats\/\d{4}\/([a-z]+_)?(tag-[^/]+-)?most-popular(-[a-z]+)?\.json$/, rankedFileSchema],
  [/^\/stats\/\d{4}\/index\.json$/, yearIndexSchema],
  [/^\/stats\/\d{4}-\d{2}-\d{2}\/user_follower(s|_gain)(-[a-z]+)?\.json$/, rankedFileSchema],
  [/^\/stats\/\d{4}-\d{2}-\d{2}\/tag-[^/]+-user_follower(s|_gain)\.json$/, rankedFileSchema],
  [/^\/stats\/\d{4}-\d{2}-\d{2}\/follower-index\.json$/, followerIndexSchema],
  [/^\/stats\/\d{4}-\d{2}-\d{2}\/supporters-(gained|per-hour)\.json$/, supporterFileSchema],
  [/^\/api\/followers\/tag-[^/]+-(followers|follower_gain)\.json$/, rankedFileSchema],
  [/^\/api\/location\/[^/]+_(user_followers|most-popular)(-[a-z]+)?\.json$/, rankedFileSchema],
  [/^\/api\/[a-z0-9]+_online_users\.json$/, onlineUsersSchema],
  [/^\/api\/[a-z0-9]+_online_users_delta\.json$/, onlineUsersDeltaSchema],
  // A kept day's edition of the tag explorer (tag-explorer.ts): the same schema as the latest.
  ...[...TAG_EXPLORER_DATASETS.map((d) => tagExplorerPath(d)), TAG_RELATED_PATH].map(
    (latest): [RegExp, z.ZodType] => [
      new RegExp(
        `^/api/tag_explorer/\\d{4}-\\d{2}-\\d{2}/${latest.slice(latest.lastIndexOf("/") + 1).replace(".", "\\.")}$`,
      ),
      EXACT.get(latest) as z.ZodType,
    ],
  ),
];

/** The schema of the file at `urlPath`, or undefined for a path no family of ours has. */
export function schemaForPath(urlPath: string): z.ZodType | undefined {
  return EXACT.get(urlPath) ?? PATTERNS.find(([pattern]) => pattern.test(urlPath))?.[1];
}
