import type { PageContext } from "../../../page-context.ts";
import { celebrationsFileSchema } from "../../../publish/celebrations.ts";
import { EXTRA_PATHS, userFollowersPath } from "../../../publish/paths.ts";
import { rankedFileSchema } from "../../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { milestoneRace } from "../../../rules/formulas/milestone-race.ts";
import { isRankingGender, RANKING_GENDERS, type RankingGender } from "../../../stats/rankings/vocabulary.ts";
import { publishedPlace } from "../../lib/daily-viewers/place.server.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import { type Finisher, type RaceData, racePath } from "./page-data.ts";

/** How many recent finishers the page lists. */
export const FINISHERS_SHOWN = 30;

/**
 * The race page's data: the latest day's most followed list (user_followers{-gender}, 500 rows
 * with f and fg) run through milestoneRace, and the followers milestones of the celebrations
 * file. A 503 before anything is published; a gender segment that is not a ranking gender (or
 * `all`, whose address is /race) is a 404.
 */
export async function loadRace(
  genderSegment: string | undefined,
  context: PageContext,
  now: number = Date.now(),
): Promise<RaceData> {
  let gender: RankingGender = "all";
  if (genderSegment !== undefined) {
    const word = genderSegment.toLowerCase();
    if (!isRankingGender(word) || word === "all") throw notFound();
    gender = word;
  }
  const place = await publishedPlace(context.publishDir, null, now);
  const [rows, celebrations] = await Promise.all([
    readPublishedJson(context.publishDir, userFollowersPath(place.day, gender), rankedFileSchema),
    readPublishedJson(context.publishDir, EXTRA_PATHS.celebrations, celebrationsFileSchema),
  ]);
  const finishers: Finisher[] | null =
    celebrations === null
      ? null
      : celebrations.celebrations
          .filter((c) => c.kind === "followers")
          .map((c) => ({ day: c.day, username: c.username, milestone: c.value }))
          .sort(
            (a, b) =>
              b.day.localeCompare(a.day) || b.milestone - a.milestone || a.username.localeCompare(b.username),
          )
          .slice(0, FINISHERS_SHOWN);
  return {
    gender,
    day: place.day,
    path: racePath(gender),
    genderPaths: RANKING_GENDERS.map((g) => ({ gender: g, path: racePath(g) })),
    runners: milestoneRace(rows ?? []),
    field: rows?.length ?? 0,
    finishers,
    finishersFrom: celebrations?.from ?? null,
  };
}
