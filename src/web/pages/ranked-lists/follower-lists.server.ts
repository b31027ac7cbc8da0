import type { PageContext } from "../../../page-context.ts";
import {
  datedTagFollowerGainPath,
  datedTagFollowersPath,
  followerIndexPath,
  userFollowerGainPath,
  userFollowersPath,
} from "../../../publish/paths.ts";
import {
  type FollowerIndex,
  followerIndexSchema,
  rankedFileSchema,
} from "../../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { isCrawler } from "../../../site/crawler.ts";
import {
  type FollowerList,
  followerListPath,
  parseFollowerListSegments,
  splatSegments,
} from "../../../site/urls/ranked-lists.ts";
import { RANKING_GENDERS, type RankingGender } from "../../../stats/rankings/vocabulary.ts";
import { publishedPlace } from "../../lib/daily-viewers/place.server.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import type { RankedListData } from "../../lib/ranked-lists/page-data.ts";
import { imageHostOf, pagedRows, requestedPage } from "../../lib/ranked-lists/ranked-page.server.ts";
import { fromRankedRow } from "../../lib/ranked-lists/table-rows.ts";
import {
  followersDescription,
  followersHeading,
  growingDescription,
  growingHeading,
  pageSuffix,
} from "./titles.ts";

/** The file of a view: the gender's list (500 rows) or the tag's (100 rows, every gender). */
function fileOf(list: FollowerList, day: string, gender: RankingGender, tag: string | null) {
  if (tag !== null)
    return list === "followers" ? datedTagFollowersPath(day, tag) : datedTagFollowerGainPath(day, tag);
  return list === "followers" ? userFollowersPath(day, gender) : userFollowerGainPath(day, gender);
}

const readIndex = (context: PageContext, day: string | null) =>
  day === null ? null : readPublishedJson(context.publishDir, followerIndexPath(day), followerIndexSchema);

/**
 * Most followed and fastest rising (SPEC §2: /top/{followers|growing}[/{tag}[/{date}]]), read from
 * the day's published files: the manifest (which days exist), the day's follower index (which tags
 * have lists), the list itself. A day without files, an unknown tag, a page past the last or an
 * address the rules cannot read is a 404.
 */
export async function loadFollowerList(
  list: FollowerList,
  request: Request,
  splat: string | undefined,
  context: PageContext,
  now: number = Date.now(),
): Promise<RankedListData> {
  const view = parseFollowerListSegments(splatSegments(splat));
  if (view === null) throw notFound();
  const page = requestedPage(request);
  const place = await publishedPlace(context.publishDir, view.date, now);

  const index = view.tag === null ? null : await readIndex(context, place.day);
  if (view.tag !== null && !index?.tags.includes(view.tag)) throw notFound();
  const [all, prevIndex, nextIndex] = await Promise.all([
    readPublishedJson(context.publishDir, fileOf(list, place.day, view.gender, view.tag), rankedFileSchema),
    view.tag === null ? null : readIndex(context, place.prev),
    view.tag === null ? null : readIndex(context, place.next),
  ]);
  if (all === null) throw notFound();

  const pathOf = (day: string, tag: string | null, gender = view.gender) =>
    followerListPath(list, { gender, tag, day }, place.latest);
  // Prev and Next keep the tag when that day has its list; otherwise the gender's list, not a 404.
  const at = (day: string, dayIndex: FollowerIndex | null) =>
    pathOf(day, view.tag !== null && dayIndex?.tags.includes(view.tag) ? view.tag : null);
  const listPath = pathOf(place.day, view.tag);
  const crawler = isCrawler(request);
  const paged = await pagedRows(
    all,
    page,
    listPath,
    context,
    crawler,
    (row, liveOf) => fromRankedRow(row, false, liveOf),
    now,
  );

  const titled = { gender: view.gender, tag: view.tag, day: place.day, isLeadingEdge: view.date === null };
  const platform = context.config.PLATFORM_NAME;
  const heading =
    list === "followers" ? followersHeading(titled, platform) : growingHeading(titled, platform);
  return {
    family: list,
    heading: `${heading}${pageSuffix(page)}`,
    description:
      list === "followers" ? followersDescription(titled, platform) : growingDescription(titled, platform),
    listPath,
    path: paged.path,
    page,
    pageCount: paged.pageCount,
    total: paged.total,
    gender: view.gender,
    tag: view.tag,
    mode: "followers",
    scoreLabel: null,
    rows: paged.rows,
    // A tag list is of every gender: the All tab keeps it, the others go to their gender's list.
    genderTabs: RANKING_GENDERS.map((gender) => ({
      gender,
      path: pathOf(place.day, gender === "all" ? view.tag : null, gender),
    })),
    orderTabs: null,
    day: {
      day: place.day,
      prevPath: place.prev === null ? null : at(place.prev, prevIndex),
      nextPath: place.next === null ? null : at(place.next, nextIndex),
    },
    period: null,
    noYearData: null,
    crawler,
    imageHost: imageHostOf(context),
  };
}
