import type { PageContext } from "../../../page-context.ts";
import { manifestSchema } from "../../../publish/manifest.ts";
import {
  dailyIndexPath,
  dailyTagFrequencyPath,
  dailyViewerRankingPath,
  FIXED_PATHS,
  monthlyViewerRankingPath,
  tagExplorerPath,
} from "../../../publish/paths.ts";
import {
  dailyIndexSchema,
  dailyViewerFileSchema,
  rankedFileSchema,
  tagFrequencyFileSchema,
} from "../../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { tagMapFileSchema } from "../../../publish/tag-explorer-schemas.ts";
import { isCrawler } from "../../../site/crawler.ts";
import { placeDay } from "../../../site/shown-days.ts";
import { dailyViewerPath, isAddressableTag } from "../../../site/urls/daily-viewers.ts";
import { parsePopularParams, popularPath } from "../../../site/urls/popular.ts";
import { isOverviewTag, tagOverviewPath } from "../../../site/urls/tag-overview.ts";
import type { StorageOrDir } from "../../../storage/storage.ts";
import { formatCount, formatSignedCount } from "../../lib/format.ts";
import { liveStatesOf } from "../../lib/live-rows.server.ts";
import { notFound, notPublishedYet } from "../../lib/page-errors.server.ts";
import { fromRankedRow, type RankingRow } from "../../lib/ranked-lists/table-rows.ts";
import { tagRank } from "../../lib/tag-overview/rank-badge.ts";
import type { PopularData } from "./page-data.ts";
import { relatedTags } from "./related-tags.ts";

/** How far Prev and Next look for a day with the tag's list before giving up. */
const DAYS_SEARCHED = 14;
/** The rows of the tag's 30-day list shown beside the day's. */
export const MONTHLY_SHOWN = 10;

/** Whether the day's index lists the tag for every gender (the file this page reads). */
async function hasTagList(publishDir: StorageOrDir, day: string, tag: string): Promise<boolean> {
  const index = await readPublishedJson(publishDir, dailyIndexPath(day), dailyIndexSchema);
  return index?.lists.all.includes(tag) ?? false;
}

/** The nearest of `days` (nearest first) whose index lists the tag, within DAYS_SEARCHED. */
async function nearestWithTag(
  publishDir: StorageOrDir,
  days: readonly string[],
  tag: string,
): Promise<string | null> {
  for (const day of days.slice(0, DAYS_SEARCHED)) {
    if (await hasTagList(publishDir, day, tag)) return day;
  }
  return null;
}

/**
 * The popular-by-tag page (/popular/{tag}[/{date}]): the tag's Top 100 by peak viewers that day,
 * every gender (/stats/{date}/tag-{tag}-most-popular.json), the top of its 30-day list, the tags
 * its performers also carry, and its rank among tags. 503 before anything is published; 404 for
 * an unreadable address, a day the manifest does not list, or a tag without a list that day.
 * Prev and Next go to the nearest days that have the tag's list.
 */
export async function loadPopular(
  request: Request,
  params: { tag?: string; date?: string },
  context: PageContext,
  now: number = Date.now(),
): Promise<PopularData> {
  const view = parsePopularParams(params.tag, params.date);
  if (view === null) throw notFound();
  const { publishDir } = context;
  const manifest = await readPublishedJson(publishDir, FIXED_PATHS.manifest, manifestSchema);
  if (manifest === null) throw notPublishedYet();
  const place = placeDay(view.date, manifest, now);
  if (place === null) throw notFound();
  const { day, latest } = place;
  const { tag } = view;

  const index = await readPublishedJson(publishDir, dailyIndexPath(day), dailyIndexSchema);
  if (index === null || !index.lists.all.includes(tag)) throw notFound();
  const earlier = manifest.days.filter((d) => d < day).reverse();
  const later = manifest.days.filter((d) => d > day && d <= latest);
  const [rows, monthly, frequency, tagMap, prev, next] = await Promise.all([
    readPublishedJson(publishDir, dailyViewerRankingPath(day, "all", tag), dailyViewerFileSchema),
    readPublishedJson(publishDir, monthlyViewerRankingPath("all", tag), rankedFileSchema),
    readPublishedJson(publishDir, dailyTagFrequencyPath(day), tagFrequencyFileSchema),
    readPublishedJson(publishDir, tagExplorerPath("tagMap"), tagMapFileSchema),
    nearestWithTag(publishDir, earlier, tag),
    nearestWithTag(publishDir, later, tag),
  ]);
  if (rows === null) throw notFound();

  // SPEC §6: crawlers skip the live-status lookup entirely.
  const crawler = isCrawler(request);
  const monthlyTop = monthly?.slice(0, MONTHLY_SHOWN) ?? null;
  const usernames = [...new Set([...rows.map((r) => r.u), ...(monthlyTop ?? []).map((r) => r.u)])];
  const { stateOf } = await liveStatesOf(context, usernames, crawler, now);

  const dayRows: RankingRow[] = rows.map((row, i) => ({
    u: row.u,
    rank: i + 1,
    pr: null,
    score: null,
    details: [
      { label: "Followers", value: formatCount(row.num_f) },
      { label: "7 days", value: formatSignedCount(row.fg) },
      { label: "Tags", value: row.t.join(", ") },
    ],
    viewers: row.max_u,
    followers: row.num_f,
    change: row.fg,
    tags: row.t,
    ...stateOf(row.u),
  }));
  const listed = new Set(index.lists.all);
  const ranked = frequency?.find((f) => f.tag === tag) ?? null;
  return {
    tag,
    day,
    isLeadingEdge: view.date === null,
    path: popularPath(tag, day, latest),
    prevPath: prev === null ? null : popularPath(tag, prev, latest),
    nextPath: next === null ? null : popularPath(tag, next, latest),
    rows: dayRows,
    monthly: monthlyTop?.map((row) => fromRankedRow(row, true, stateOf)) ?? null,
    related: relatedTags(rows, tag).map((r) => ({
      ...r,
      path: listed.has(r.tag) ? popularPath(r.tag, day, latest) : null,
    })),
    dayRank: ranked === null ? null : { rank: ranked.rank, count: ranked.count },
    explorerRank: tagMap === null ? null : tagRank(tagMap, tag, "all"),
    viewersPath: isAddressableTag(tag) ? dailyViewerPath({ gender: "all", tag, day }, latest) : null,
    overviewPath: isOverviewTag(tag) ? tagOverviewPath({ gender: "all", tag }) : null,
    trafficPath: `/traffic/${day}/${encodeURIComponent(tag)}`,
    performersPath: monthly === null ? null : `/top/performers/${encodeURIComponent(tag)}`,
    crawler,
    imageHost: context.imageHost?.replace(/\/+$/, "") ?? null,
  };
}
