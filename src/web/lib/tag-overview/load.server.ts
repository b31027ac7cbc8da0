import type { PageContext } from "../../../page-context.ts";
import { manifestSchema } from "../../../publish/manifest.ts";
import { monthlyIndexSchema } from "../../../publish/monthly-files.ts";
import {
  dailyIndexPath,
  dailyViewerRankingPath,
  FIXED_PATHS,
  monthlyViewerRankingPath,
  tagExplorerPath,
  tagFollowerGainPath,
  tagFollowersPath,
  userFollowerGainPath,
  userFollowersPath,
} from "../../../publish/paths.ts";
import {
  dailyIndexSchema,
  dailyViewerFileSchema,
  rankedFileSchema,
} from "../../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { tagCountsFileSchema, tagMapFileSchema } from "../../../publish/tag-explorer-schemas.ts";
import { isCrawler } from "../../../site/crawler.ts";
import { latestShownDay } from "../../../site/shown-days.ts";
import {
  isOverviewTag,
  type OverviewView,
  parseOverviewSegments,
  showMorePath,
  tagOverviewPath,
} from "../../../site/urls/tag-overview.ts";
import { RANKING_GENDERS, type RankingGender } from "../../../stats/rankings/vocabulary.ts";
import type { StorageOrDir } from "../../../storage/storage.ts";
import { TAG_CLOUD_MAX_TAGS } from "../daily-viewers/tag-cloud.ts";
import { liveStatesOf } from "../live-rows.server.ts";
import { notFound } from "../page-errors.server.ts";
import { liveParam, pickedTag, tagFormRedirect } from "../tag-form.server.ts";
import type { TagOverviewData } from "./page-data.ts";
import { tagRank } from "./rank-badge.ts";
import { firstLive, OVERVIEW_ROWS, OVERVIEW_TABS, type OverviewRow, type OverviewTabId } from "./tabs.ts";

/** A tab's list read from its file, as rows of the overview's table; null when not published. */
export async function readList(publishDir: StorageOrDir, tab: OverviewTabId, path: string | null) {
  if (path === null) return null;
  if (tab === "viewers") {
    const rows = await readPublishedJson(publishDir, path, dailyViewerFileSchema);
    return rows?.map((r, i): OverviewRow => ({ rank: i + 1, u: r.u, value: r.max_u })) ?? null;
  }
  const rows = await readPublishedJson(publishDir, path, rankedFileSchema);
  const value = { followers: "f", monthly: "score", growing: "fg" } as const;
  return rows?.map((r): OverviewRow => ({ rank: r.rank, u: r.u, value: r[value[tab]] })) ?? null;
}

/**
 * Which file each tab reads (docs/pages.md, "Tag ranking overview"). A tag's most followed and
 * fastest rising lists are published for every gender only, so a page with a tag and a gender
 * shows those and says so (`allGenders`). The day's lists need the day: none before the first
 * day is published.
 */
export function listPaths(view: OverviewView, day: string | null): Record<OverviewTabId, string | null> {
  const { gender, tag } = view;
  if (tag === null) {
    return {
      followers: day === null ? null : userFollowersPath(day, gender),
      monthly: monthlyViewerRankingPath(gender),
      viewers: day === null ? null : dailyViewerRankingPath(day, gender),
      growing: day === null ? null : userFollowerGainPath(day, gender),
    };
  }
  return {
    followers: tagFollowersPath(tag),
    monthly: monthlyViewerRankingPath(gender, tag),
    viewers: day === null ? null : dailyViewerRankingPath(day, gender, tag),
    growing: tagFollowerGainPath(tag),
  };
}

/**
 * The tag ranking overview's data (SPEC §2), from the latest editions of the published files: the
 * four lists, the tag explorer's rank and counts, and who is live now. A malformed address, or a
 * tag without any list for the gender (neither a 30-day list nor one of the latest day), throws a
 * 404; a single list that is missing is an empty tab, not a failed page. A `tag` query parameter
 * (the tag picker's form without scripts) redirects to the tag's own address.
 */
export async function loadTagOverview(
  request: Request,
  segments: readonly (string | undefined)[],
  context: PageContext,
  now: number = Date.now(),
): Promise<TagOverviewData> {
  const url = new URL(request.url);
  const view = parseOverviewSegments(segments);
  if (view === null) throw notFound();

  const picked = pickedTag(url);
  if (picked !== undefined) {
    if (picked !== null && !isOverviewTag(picked)) throw notFound();
    throw tagFormRedirect(tagOverviewPath({ gender: view.gender, tag: picked }), url);
  }

  const { publishDir } = context;
  const manifest = await readPublishedJson(publishDir, FIXED_PATHS.manifest, manifestSchema);
  const day = manifest === null ? null : latestShownDay(manifest, now);
  const [monthlyIndex, dailyIndex] = await Promise.all([
    readPublishedJson(publishDir, FIXED_PATHS.monthlyIndex, monthlyIndexSchema),
    day === null ? null : readPublishedJson(publishDir, dailyIndexPath(day), dailyIndexSchema),
  ]);
  const tagsOf = (gender: RankingGender) =>
    [...new Set([...(monthlyIndex?.lists[gender] ?? []), ...(dailyIndex?.lists[gender] ?? [])])]
      .filter(isOverviewTag)
      .sort();
  const tags = tagsOf(view.gender);
  if (view.tag !== null && !tags.includes(view.tag)) throw notFound();

  const paths = listPaths(view, day);
  const [lists, tagMap, tagCounts] = await Promise.all([
    Promise.all(OVERVIEW_TABS.map((tab) => readList(publishDir, tab, paths[tab]))),
    view.tag === null ? null : readPublishedJson(publishDir, tagExplorerPath("tagMap"), tagMapFileSchema),
    readPublishedJson(publishDir, tagExplorerPath("tagCounts"), tagCountsFileSchema),
  ]);

  // SPEC §4's one live rule, as on the daily page: in the online list or seen under 5 minutes ago,
  // known only while a current online list exists. SPEC §6: crawlers skip the lookup entirely.
  const everyone = [...new Set(lists.flatMap((rows) => rows?.map((r) => r.u) ?? []))];
  const states = await liveStatesOf(context, everyone, isCrawler(request), now);
  const liveSet = states.onlineListKnown ? new Set(everyone.filter((u) => states.stateOf(u).live)) : null;

  const tabs = OVERVIEW_TABS.map((id, i) => {
    const rows = lists[i] ?? null;
    return {
      id,
      rows: rows?.slice(0, OVERVIEW_ROWS) ?? null,
      liveRows: rows === null || liveSet === null ? null : firstLive(rows, liveSet),
      allGenders: view.tag !== null && view.gender !== "all" && (id === "followers" || id === "growing"),
      morePath: showMorePath(id, view),
    };
  });
  const shown = new Set(tabs.flatMap((t) => [...(t.rows ?? []), ...(t.liveRows ?? [])].map((r) => r.u)));
  const cloudTags = new Set((monthlyIndex?.lists[view.gender] ?? []).filter(isOverviewTag));

  return {
    gender: view.gender,
    tag: view.tag,
    path: tagOverviewPath(view),
    day,
    genderPaths: RANKING_GENDERS.map((gender) => ({
      gender,
      // The switch keeps the tag where that gender has lists for it, rather than linking a 404.
      path: tagOverviewPath({
        gender,
        tag: view.tag !== null && tagsOf(gender).includes(view.tag) ? view.tag : null,
      }),
    })),
    tags,
    tabs,
    rank: view.tag === null || tagMap === null ? null : tagRank(tagMap, view.tag, view.gender),
    cloud: (tagCounts?.tags ?? [])
      .map((t) => ({ tag: t.tag, count: view.gender === "all" ? t.count : t[view.gender] }))
      .filter((t) => t.count > 0 && cloudTags.has(t.tag))
      .slice(0, TAG_CLOUD_MAX_TAGS),
    live: liveSet === null ? null : [...shown].filter((u) => liveSet.has(u)),
    liveOnly: liveParam(url),
  };
}
