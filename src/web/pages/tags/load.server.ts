import type { PageContext } from "../../../page-context.ts";
import { monthlyIndexSchema } from "../../../publish/monthly-files.ts";
import {
  dailyIndexPath,
  FIXED_PATHS,
  TAG_RELATED_PATH,
  type TagExplorerDataset,
  tagExplorerDayPath,
  tagExplorerPath,
} from "../../../publish/paths.ts";
import { dailyIndexSchema } from "../../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import {
  allTagsFileSchema,
  monthlyFileSchema,
  relatedTagsFileSchema,
  tagCountsFileSchema,
  tagFigureFileSchema,
  tagMapFileSchema,
} from "../../../publish/tag-explorer-schemas.ts";
import { explorerDayUtc } from "../../../site/shown-days.ts";
import {
  parseTagIndexQuery,
  parseTagPageParam,
  tagIndexPath,
  tagPagePath,
} from "../../../site/urls/tag-explorer.ts";
import { isOverviewTag, showMorePath, tagOverviewPath } from "../../../site/urls/tag-overview.ts";
import { RANKING_GENDERS } from "../../../stats/rankings/vocabulary.ts";
import type { StorageOrDir } from "../../../storage/storage.ts";
import { notFound, notPublishedYet } from "../../lib/page-errors.server.ts";
import { listPaths, readList } from "../../lib/tag-overview/load.server.ts";
import { OVERVIEW_TABS } from "../../lib/tag-overview/tabs.ts";
import { own } from "./own.ts";
import type { TagIndexData, TagPageData } from "./page-data.ts";
import { monthGrowth, tagIndex } from "./tag-index.ts";

/** The rows of each of the tag's four lists shown on its explorer page. */
export const TAG_LIST_ROWS = 10;
const FIRST_TAGS_HEADING = "The tag explorer's first day is on its way";

/**
 * The tag explorer's files of its day (SPEC §5: now − 1 day − 1 hour): that day's edition when
 * it is kept, otherwise the latest (a first start, or the daily job late); 503 until the daily job
 * has written them. `pathOf` gives the chosen edition's path of any explorer file.
 */
async function explorerFiles(publishDir: StorageOrDir, nowMs: number) {
  const day = explorerDayUtc(nowMs);
  const dated = await readPublishedJson(
    publishDir,
    tagExplorerDayPath(day, tagExplorerPath("tagCounts")),
    tagCountsFileSchema,
  );
  const pathOf = (latest: string) => (dated === null ? latest : tagExplorerDayPath(day, latest));
  const read = <T>(dataset: TagExplorerDataset, schema: Parameters<typeof readPublishedJson<T>>[2]) =>
    readPublishedJson(publishDir, pathOf(tagExplorerPath(dataset)), schema);
  const [tagCounts, tagMap, allTags, monthly, viewers, followers, gain] = await Promise.all([
    dated ?? read("tagCounts", tagCountsFileSchema),
    read("tagMap", tagMapFileSchema),
    read("allTags", allTagsFileSchema),
    read("monthly", monthlyFileSchema),
    read("viewers", tagFigureFileSchema),
    read("follower_count", tagFigureFileSchema),
    read("follower_gain", tagFigureFileSchema),
  ]);
  if (tagCounts === null || tagMap === null || allTags === null) throw notPublishedYet(FIRST_TAGS_HEADING);
  return { tagCounts, tagMap, allTags, monthly, viewers, followers, gain, pathOf };
}

/** /tags: every top tag of the latest day with its trend and averages, ordered, filtered and searched. */
export async function loadTagIndex(request: Request, context: PageContext): Promise<TagIndexData> {
  const view = parseTagIndexQuery(new URL(request.url).searchParams);
  return tagIndex(await explorerFiles(context.publishDir, Date.now()), view, tagIndexPath(view));
}

/**
 * /tags/{tag}: one tag of the last 30 days: its rank and performers on the day, its 12 months, the
 * day's figures per gender and the tags it goes with (for the top tags, which have them), and the
 * first rows of its four ranking lists. 404 for a tag nobody used in the 30 days.
 */
export async function loadTagPage(params: { tag?: string }, context: PageContext): Promise<TagPageData> {
  const tag = parseTagPageParam(params.tag);
  if (tag === null) throw notFound();
  const { publishDir } = context;
  const files = await explorerFiles(publishDir, Date.now());
  if (!files.allTags.tags.includes(tag) && own(files.tagMap.tags, tag) === undefined) throw notFound();
  const day = files.tagCounts.day;

  const [related, monthlyIndex, dailyIndex] = await Promise.all([
    readPublishedJson(publishDir, files.pathOf(TAG_RELATED_PATH), relatedTagsFileSchema),
    readPublishedJson(publishDir, FIXED_PATHS.monthlyIndex, monthlyIndexSchema),
    readPublishedJson(publishDir, dailyIndexPath(day), dailyIndexSchema),
  ]);
  const hasDayList = dailyIndex?.lists.all.includes(tag) ?? false;
  const hasOverview = isOverviewTag(tag) && (hasDayList || (monthlyIndex?.lists.all.includes(tag) ?? false));
  const view = { gender: "all" as const, tag };
  const paths = listPaths(view, hasDayList ? day : null);
  const lists = hasOverview
    ? await Promise.all(
        OVERVIEW_TABS.map(async (id) => ({
          id,
          rows: (await readList(publishDir, id, paths[id]))?.slice(0, TAG_LIST_ROWS) ?? null,
          morePath: showMorePath(id, view),
        })),
      )
    : [];

  const counts = own(files.tagMap.tags, tag);
  const trend = own(files.monthly?.tags, tag) ?? null;
  const viewers = own(files.viewers?.tags, tag);
  const followers = own(files.followers?.tags, tag);
  const gain = own(files.gain?.tags, tag);
  const ofTag = own(related?.tags, tag);
  return {
    tag,
    path: tagPagePath(tag),
    day,
    today:
      counts === undefined
        ? null
        : {
            rank: counts.rank,
            count: counts.count,
            byGender: { couples: counts.couples, women: counts.women, men: counts.men, trans: counts.trans },
          },
    months: files.monthly?.months ?? [],
    trend,
    growth: trend === null ? null : monthGrowth(trend),
    figures:
      viewers === undefined
        ? null
        : RANKING_GENDERS.map((gender) => ({
            gender,
            performers: counts === undefined ? 0 : gender === "all" ? counts.count : counts[gender],
            viewers: viewers[gender],
            followers: followers?.[gender] ?? { total: 0, average: null },
            gain: gain?.[gender] ?? { total: 0, average: null },
          })),
    related:
      ofTag === undefined || related === null
        ? null
        : { performers: ofTag.performers, from: related.from, tags: ofTag.related },
    lists,
    overviewPath: hasOverview ? tagOverviewPath(view) : null,
    popularPath: hasDayList ? `/popular/${encodeURIComponent(tag)}` : null,
    livePath: `/tag/${encodeURIComponent(tag)}`,
  };
}
