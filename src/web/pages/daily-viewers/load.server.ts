import type { PageContext } from "../../../page-context.ts";
import { dailyIndexPath, dailyTagFrequencyPath, dailyViewerRankingPath } from "../../../publish/paths.ts";
import {
  type DailyIndex,
  dailyIndexSchema,
  dailyViewerFileSchema,
  tagFrequencyFileSchema,
} from "../../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { isCrawler } from "../../../site/crawler.ts";
import {
  dailyViewerPath,
  isAddressableTag,
  parseDailyViewerSplat,
} from "../../../site/urls/daily-viewers.ts";
import { RANKING_GENDERS, type RankingGender } from "../../../stats/rankings/vocabulary.ts";
import { coverImagePath } from "../../lib/daily-viewers/cover.ts";
import { publishedPlace } from "../../lib/daily-viewers/place.server.ts";
import { TAG_CLOUD_MAX_TAGS } from "../../lib/daily-viewers/tag-cloud.ts";
import { liveStatesOf } from "../../lib/live-rows.server.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import { liveParam, pickedTag, tagFormRedirect } from "../../lib/tag-form.server.ts";
import type { DailyViewersData } from "./page-data.ts";

/** The addressable tags of a gender's lists that day (a tag reading as a gender word or date has no address). */
const tagsOf = (index: DailyIndex, gender: RankingGender) => index.lists[gender].filter(isAddressableTag);

/**
 * The daily viewer ranking page's data (SPEC §2, §4), read from the published files: the manifest
 * (which days exist), the day's index (which tag lists exist), the ranking list, the day's tag
 * frequency for the cloud, and the online list for the live state. A day without files, an unknown
 * tag or an address the rules cannot read throws a 404. A `tag` query parameter (the tag picker's
 * form without scripts) redirects to the tag's own address.
 */
export async function loadDailyViewers(
  request: Request,
  splat: string | undefined,
  context: PageContext,
  now: number = Date.now(),
): Promise<DailyViewersData> {
  const url = new URL(request.url);
  const view = parseDailyViewerSplat(splat);
  if (view === null) throw notFound();
  const place = await publishedPlace(context.publishDir, view.date, now);

  const target = pickedTag(url);
  if (target !== undefined) {
    if (target !== null && !isAddressableTag(target)) throw notFound();
    throw tagFormRedirect(
      dailyViewerPath({ gender: view.gender, tag: target, day: place.day }, place.latest),
      url,
    );
  }

  const index = await readPublishedJson(context.publishDir, dailyIndexPath(place.day), dailyIndexSchema);
  if (index === null) throw notFound();
  const tags = tagsOf(index, view.gender);
  if (view.tag !== null && !tags.includes(view.tag)) throw notFound();
  const [rows, frequency, prevIndex, nextIndex] = await Promise.all([
    readPublishedJson(
      context.publishDir,
      dailyViewerRankingPath(place.day, view.gender, view.tag ?? undefined),
      dailyViewerFileSchema,
    ),
    readPublishedJson(
      context.publishDir,
      dailyTagFrequencyPath(place.day, view.gender),
      tagFrequencyFileSchema,
    ),
    view.tag !== null && place.prev !== null
      ? readPublishedJson(context.publishDir, dailyIndexPath(place.prev), dailyIndexSchema)
      : null,
    view.tag !== null && place.next !== null
      ? readPublishedJson(context.publishDir, dailyIndexPath(place.next), dailyIndexSchema)
      : null,
  ]);
  if (rows === null) throw notFound();

  // SPEC §6: crawlers skip the live-status lookup entirely.
  const crawler = isCrawler(request);
  const usernames = rows.map((r) => r.u);
  // With a current online list, the last sightings add those seen under 5 minutes ago (SPEC §4)
  // and say how long ago the others were live; without one, nobody's state is known.
  const { onlineListKnown, stateOf } = await liveStatesOf(context, usernames, crawler, now);
  let live: string[] | null = null;
  let liveTexts: Record<string, string> | null = null;
  if (onlineListKnown) {
    live = [];
    liveTexts = {};
    for (const username of usernames) {
      const state = stateOf(username);
      if (state.live) live.push(username);
      else if (state.liveText !== null) liveTexts[username] = state.liveText;
    }
  }

  const at = (day: string, dayIndex: DailyIndex | null) => {
    // A day without this tag's list gets the gender's list rather than a link to a 404.
    const tag =
      view.tag !== null && dayIndex !== null && tagsOf(dayIndex, view.gender).includes(view.tag)
        ? view.tag
        : null;
    return dailyViewerPath({ gender: view.gender, tag, day }, place.latest);
  };
  const tagSet = new Set(tags);
  return {
    gender: view.gender,
    tag: view.tag,
    day: place.day,
    latest: place.latest,
    isLeadingEdge: view.date === null,
    path: dailyViewerPath({ gender: view.gender, tag: view.tag, day: place.day }, place.latest),
    prevPath: place.prev === null ? null : at(place.prev, prevIndex),
    nextPath: place.next === null ? null : at(place.next, nextIndex),
    genderPaths: RANKING_GENDERS.map((gender) => ({
      gender,
      // Switching gender keeps the tag when that gender has a list for it that day.
      path: dailyViewerPath(
        {
          gender,
          tag: view.tag !== null && tagsOf(index, gender).includes(view.tag) ? view.tag : null,
          day: place.day,
        },
        place.latest,
      ),
    })),
    rows,
    tags,
    cloud: (frequency ?? [])
      .filter((f) => tagSet.has(f.tag))
      .slice(0, TAG_CLOUD_MAX_TAGS)
      .map(({ tag, count }) => ({ tag, count })),
    live,
    liveTexts,
    liveOnly: liveParam(url),
    crawler,
    imageHost: context.imageHost?.replace(/\/+$/, "") ?? null,
    player: crawler || !context.affiliate.embedOrigin ? null : context.affiliate,
    cover: coverImagePath(context.config.PLATFORM_SLUG, view.gender, view.tag),
  };
}
