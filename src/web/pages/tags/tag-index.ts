import type {
  AllTagsFile,
  MonthlyFile,
  TagCountsFile,
  TagFigureFile,
  TagMapFile,
} from "../../../publish/tag-explorer-schemas.ts";
import type { TagIndexView } from "../../../site/urls/tag-explorer.ts";
import { own } from "./own.ts";
import type { TagIndexData, TagIndexRow } from "./page-data.ts";

/** The most tags a name search lists. */
export const TAG_MATCHES_SHOWN = 100;

/**
 * This month's average daily performers against the month before, in percent (one decimal); null
 * when either month is unknown or the earlier one is zero. Both are averages per day, so the
 * current, unfinished month compares fairly.
 */
export function monthGrowth(trend: readonly (number | null)[]): number | null {
  const now = trend.at(-1);
  const before = trend.at(-2);
  if (now === null || now === undefined || before === null || before === undefined || before === 0)
    return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

export interface TagIndexFiles {
  tagCounts: TagCountsFile;
  tagMap: TagMapFile;
  allTags: AllTagsFile;
  monthly: MonthlyFile | null;
  viewers: TagFigureFile | null;
  followers: TagFigureFile | null;
  gain: TagFigureFile | null;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Unknown figures sort last, whatever the order. */
const desc = (a: number | null, b: number | null) =>
  (b ?? Number.NEGATIVE_INFINITY) - (a ?? Number.NEGATIVE_INFINITY);

function compare(view: TagIndexView): (a: TagIndexRow, b: TagIndexRow) => number {
  const key = {
    performers: (r: TagIndexRow) => r.performers,
    growth: (r: TagIndexRow) => r.growth,
    viewers: (r: TagIndexRow) => r.averageViewers,
    followers: (r: TagIndexRow) => r.averageFollowers,
    gain: (r: TagIndexRow) => r.averageGain,
    name: null,
  }[view.sort];
  if (key === null) return (a, b) => byName(a.tag, b.tag);
  return (a, b) => desc(key(a), key(b)) || b.performers - a.performers || byName(a.tag, b.tag);
}

/**
 * The explorer's table and search from the tag explorer's files: the top tags with the chosen
 * gender's performers and averages (tags that gender did not use left out), filtered by the name
 * search and ordered as asked; with a search, also every tag of the 30 days whose name holds it.
 */
export function tagIndex(files: TagIndexFiles, view: TagIndexView, path: string): TagIndexData {
  const { gender } = view;
  const rows: TagIndexRow[] = [];
  for (const counts of files.tagCounts.tags) {
    const performers = gender === "all" ? counts.count : counts[gender];
    if (performers === 0) continue;
    if (view.search !== "" && !counts.tag.includes(view.search)) continue;
    const trend = own(files.monthly?.tags, counts.tag) ?? Array.from({ length: 12 }, () => null);
    rows.push({
      tag: counts.tag,
      rank: own(files.tagMap.tags, counts.tag)?.rank ?? 0,
      performers,
      trend,
      growth: monthGrowth(trend),
      averageViewers: own(files.viewers?.tags, counts.tag)?.[gender].average ?? null,
      averageFollowers: own(files.followers?.tags, counts.tag)?.[gender].average ?? null,
      averageGain: own(files.gain?.tags, counts.tag)?.[gender].average ?? null,
    });
  }
  rows.sort(compare(view));

  let matches: TagIndexData["matches"] = null;
  let matchesCut = false;
  if (view.search !== "") {
    const found = files.allTags.tags.filter((tag) => tag.includes(view.search));
    matchesCut = found.length > TAG_MATCHES_SHOWN;
    matches = found
      .map((tag) => ({ tag, count: own(files.tagMap.tags, tag)?.count ?? null }))
      // The exact tag first, then the most used, then by name.
      .sort(
        (a, b) =>
          Number(b.tag === view.search) - Number(a.tag === view.search) ||
          (b.count ?? -1) - (a.count ?? -1) ||
          byName(a.tag, b.tag),
      )
      .slice(0, TAG_MATCHES_SHOWN);
  }

  return {
    view,
    path,
    day: files.tagCounts.day,
    months: files.monthly?.months ?? [],
    rows,
    topCount: files.tagCounts.tags.length,
    allTagsCount: files.allTags.tags.length,
    allTagsFrom: files.allTags.from,
    matches,
    matchesCut,
  };
}
