import type { PageContext } from "../../../page-context.ts";
import { manifestSchema } from "../../../publish/manifest.ts";
import { monthlyIndexSchema } from "../../../publish/monthly-files.ts";
import {
  FIXED_PATHS,
  monthlyViewerRankingPath,
  yearIndexPath,
  yearRankingPath,
} from "../../../publish/paths.ts";
import { rankedFileSchema, yearIndexSchema } from "../../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { isCrawler } from "../../../site/crawler.ts";
import {
  parseScoreListSegments,
  type ScoreList,
  scoreListPath,
  splatSegments,
} from "../../../site/urls/ranked-lists.ts";
import { RANKING_GENDERS, type RankingGender } from "../../../stats/rankings/vocabulary.ts";
import { notFound, notPublishedYet } from "../../lib/page-errors.server.ts";
import type { RankedListData } from "../../lib/ranked-lists/page-data.ts";
import { imageHostOf, pagedRows, requestedPage } from "../../lib/ranked-lists/ranked-page.server.ts";
import { fromRankedRow } from "../../lib/ranked-lists/table-rows.ts";
import { monthlyDescription, monthlyHeading, pageSuffix, yearDescription, yearHeading } from "./titles.ts";

/** The year of /top/2021 (SPEC §2). */
export const TOP_YEAR = "2021";

/** Which tags have lists per gender, and what the lists cover; null when the family has no index yet. */
interface ListIndex {
  lists: Record<RankingGender, string[]>;
  period: string;
}

async function readListIndex(list: ScoreList, context: PageContext): Promise<ListIndex | null> {
  if (list === "performers") {
    const index = await readPublishedJson(context.publishDir, FIXED_PATHS.monthlyIndex, monthlyIndexSchema);
    return index === null ? null : { lists: index.lists, period: `the 30 days to ${index.day}` };
  }
  const index = await readPublishedJson(context.publishDir, yearIndexPath(TOP_YEAR), yearIndexSchema);
  return index === null ? null : { lists: index.lists, period: `${index.from} to ${index.to}` };
}

const fileOf = (list: ScoreList, gender: RankingGender, tag: string | null) =>
  list === "performers"
    ? monthlyViewerRankingPath(gender, tag ?? undefined)
    : yearRankingPath(TOP_YEAR, gender, tag ?? undefined);

/**
 * Top monthly (/top/performers…) and top 2021 (/top/2021…), SPEC §2: [{tag}], [{gender}],
 * [{gender}/{tag}], read from the latest 30-day files or the year's, with their index (which tags
 * have lists per gender). An unknown tag, a missing file, a page past the last or an unreadable
 * address is a 404; a year we hold no lists for answers its empty state (200) on its untagged
 * addresses, saying when our records begin.
 */
export async function loadScoreList(
  list: ScoreList,
  request: Request,
  splat: string | undefined,
  context: PageContext,
  now: number = Date.now(),
): Promise<RankedListData> {
  const view = parseScoreListSegments(splatSegments(splat));
  if (view === null) throw notFound();
  const page = requestedPage(request);
  const index = await readListIndex(list, context);
  const platform = context.config.PLATFORM_NAME;
  const listPath = scoreListPath(list, view);
  const crawler = isCrawler(request);
  const base = {
    family: list,
    listPath,
    gender: view.gender,
    tag: view.tag,
    mode: "viewers" as const,
    scoreLabel: "Score",
    orderTabs: null,
    day: null,
    crawler,
    imageHost: imageHostOf(context),
  };

  if (index === null) {
    // No 30-day index yet: the daily job has not published its first newest day.
    if (list === "performers") throw notPublishedYet();
    if (view.tag !== null || page !== 1) throw notFound();
    const manifest = await readPublishedJson(context.publishDir, FIXED_PATHS.manifest, manifestSchema);
    return {
      ...base,
      heading: yearHeading(view, TOP_YEAR, platform),
      description: yearDescription(view, TOP_YEAR, platform),
      path: listPath,
      page: 1,
      pageCount: 1,
      total: 0,
      rows: [],
      genderTabs: null,
      period: null,
      noYearData: { year: TOP_YEAR, firstDay: manifest?.days[0] ?? null },
    };
  }

  if (view.tag !== null && !index.lists[view.gender].includes(view.tag)) throw notFound();
  const all = await readPublishedJson(
    context.publishDir,
    fileOf(list, view.gender, view.tag),
    rankedFileSchema,
  );
  if (all === null) throw notFound();
  const paged = await pagedRows(
    all,
    page,
    listPath,
    context,
    crawler,
    (row, liveOf) => fromRankedRow(row, true, liveOf),
    now,
  );
  const heading =
    list === "performers" ? monthlyHeading(view, platform) : yearHeading(view, TOP_YEAR, platform);
  return {
    ...base,
    heading: `${heading}${pageSuffix(page)}`,
    description:
      list === "performers" ? monthlyDescription(view, platform) : yearDescription(view, TOP_YEAR, platform),
    path: paged.path,
    page,
    pageCount: paged.pageCount,
    total: paged.total,
    rows: paged.rows,
    // Switching gender keeps the tag when that gender has a list for it.
    genderTabs: RANKING_GENDERS.map((gender) => ({
      gender,
      path: scoreListPath(list, {
        gender,
        tag: view.tag !== null && index.lists[gender].includes(view.tag) ? view.tag : null,
      }),
    })),
    period: index.period,
    noYearData: null,
  };
}
