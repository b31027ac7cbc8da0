import { modelCountByLocationSchema } from "../../publish/location-files.ts";
import { manifestSchema } from "../../publish/manifest.ts";
import { monthlyIndexSchema } from "../../publish/monthly-files.ts";
import { dailyIndexPath, EXTRA_PATHS, FIXED_PATHS, tagExplorerPath } from "../../publish/paths.ts";
import { possibleTagsFileSchema } from "../../publish/possible-tags.ts";
import { dailyIndexSchema } from "../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../publish/read-published-json.ts";
import { REPORT_INDEX_PATH, reportIndexSchema } from "../../publish/reports/report-file.ts";
import { tagCountsFileSchema } from "../../publish/tag-explorer-schemas.ts";
import { latestShownDay } from "../../site/shown-days.ts";
import type { StorageOrDir } from "../../storage/storage.ts";
import { contentPosts } from "../blog/content-posts.ts";
import type { PublishedSources } from "./site-pages.ts";

/**
 * Reads what the ranking and tag pages of the sitemap are listed from, the way the pages read it
 * (each file checked against its publisher's schema). A file not published yet (a fresh install)
 * lists nothing; the latest day is the one /top/viewers shows without a date.
 */
export async function readPublishedSources(
  publishDir: StorageOrDir,
  nowMs: number,
): Promise<PublishedSources> {
  const [manifest, monthly, possible, locations, tagCounts, reports] = await Promise.all([
    readPublishedJson(publishDir, FIXED_PATHS.manifest, manifestSchema),
    readPublishedJson(publishDir, FIXED_PATHS.monthlyIndex, monthlyIndexSchema),
    readPublishedJson(publishDir, EXTRA_PATHS.possibleTags, possibleTagsFileSchema),
    readPublishedJson(publishDir, FIXED_PATHS.modelCountByLocation, modelCountByLocationSchema),
    readPublishedJson(publishDir, tagExplorerPath("tagCounts"), tagCountsFileSchema),
    readPublishedJson(publishDir, REPORT_INDEX_PATH, reportIndexSchema),
  ]);
  let daily: PublishedSources["daily"] = null;
  if (manifest) {
    const day = latestShownDay(manifest, nowMs);
    const index = await readPublishedJson(publishDir, dailyIndexPath(day), dailyIndexSchema);
    if (index) daily = { day, index };
  }
  return {
    daily,
    monthly,
    possibleTags: possible?.tags.map((t) => t.tag) ?? [],
    locations: locations?.map((l) => l.location) ?? [],
    explorer: tagCounts === null ? null : { day: tagCounts.day, tags: tagCounts.tags.map((t) => t.tag) },
    blog: [...contentPosts(), ...(reports ?? [])].map(({ slug, date }) => ({ slug, date })),
  };
}
