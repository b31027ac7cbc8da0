import { redirect } from "react-router";
import type { PageContext } from "../../../page-context.ts";
import { modelCountByLocationSchema } from "../../../publish/location-files.ts";
import { FIXED_PATHS, locationFollowersPath, locationMostPopularPath } from "../../../publish/paths.ts";
import { rankedFileSchema } from "../../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { isCrawler } from "../../../site/crawler.ts";
import { locationPath, readLocationAddress } from "../../../site/urls/location.ts";
import { locationName } from "../../../stats/rankings/locations.ts";
import { RANKING_GENDERS, type RankingGender } from "../../../stats/rankings/vocabulary.ts";
import { mapPath } from "../../lib/country-map/url.ts";
import { liveStatesOf } from "../../lib/live-rows.server.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import type { PageGender } from "../../lib/page-genders.ts";
import { imageHostOf } from "../../lib/ranked-lists/ranked-page.server.ts";
import { fromRankedRow } from "../../lib/ranked-lists/table-rows.ts";
import { countryOfLocation } from "./country-of.ts";
import type { LocationData } from "./page-data.ts";

/** Rows shown of each list (the files hold 100): one page of the ranked lists. */
export const LOCATION_ROWS = 50;

const PAGE_WORD: Readonly<Record<RankingGender, PageGender>> = {
  all: "all",
  couples: "couples",
  women: "female",
  men: "male",
  trans: "trans",
};

/**
 * A location's page: its most followed and most popular (SPEC §7's
 * /api/location/{location}_user_followers{-gender}.json and _most-popular{-gender}.json), the
 * country's name, flag and count from the map's file, and the live state of the rows shown. A
 * location or gender without lists and without performers on the latest day is a 404 (the
 * publisher writes lists for every country and gender with performers in the 30 days).
 */
export async function loadLocation(
  request: Request,
  params: { location?: string; gender?: string },
  context: PageContext,
  now: number = Date.now(),
): Promise<LocationData> {
  const read = readLocationAddress(params.location, params.gender);
  if (read === null) throw notFound();
  if ("redirect" in read) throw redirect(read.redirect, 301);
  const { location, gender } = read;
  const dir = context.publishDir;

  const [followerFiles, popular, counts] = await Promise.all([
    Promise.all(
      RANKING_GENDERS.map((g) =>
        readPublishedJson(dir, locationFollowersPath(location, g), rankedFileSchema),
      ),
    ),
    readPublishedJson(dir, locationMostPopularPath(location, gender), rankedFileSchema),
    readPublishedJson(dir, FIXED_PATHS.modelCountByLocation, modelCountByLocationSchema),
  ]);
  const followers = followerFiles[RANKING_GENDERS.indexOf(gender)] ?? null;
  const entry = counts?.find((e) => e.location === location);
  const listed = followers !== null && popular !== null;
  // The map links every country with performers on the latest day; the lists come from the 30 days
  // around it, so they should exist too, but a page that says so beats a 404 from the map's own link.
  if (!listed && (entry?.count[gender] ?? 0) === 0) throw notFound();

  const country = entry?.country ?? countryOfLocation(location);
  const shownFollowers = (followers ?? []).slice(0, LOCATION_ROWS);
  const shownPopular = (popular ?? []).slice(0, LOCATION_ROWS);
  const crawler = isCrawler(request);
  const { stateOf } = await liveStatesOf(
    context,
    [...new Set([...shownFollowers, ...shownPopular].map((r) => r.u))],
    crawler,
    now,
  );
  return {
    location,
    country,
    name: entry?.name ?? (country === null ? location : locationName(country)),
    gender,
    path: locationPath(location, gender),
    genderTabs: RANKING_GENDERS.filter((g, i) => followerFiles[i] !== null || (entry?.count[g] ?? 0) > 0).map(
      (g) => ({
        gender: g,
        path: locationPath(location, g),
      }),
    ),
    count: entry?.count[gender] ?? 0,
    listed,
    mapPath: mapPath(PAGE_WORD[gender]),
    followers: shownFollowers.map((row) => fromRankedRow(row, false, stateOf)),
    popular: shownPopular.map((row) => fromRankedRow(row, false, stateOf)),
    crawler,
    imageHost: imageHostOf(context),
  };
}
