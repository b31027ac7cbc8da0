import { z } from "zod";
import { locationCounts } from "../db/queries/location-counts.ts";
import { inRankingGender } from "../stats/rankings/genders.ts";
import { locationName, locationSlug } from "../stats/rankings/locations.ts";
import { RANKING_GENDERS, type RankingGender } from "../stats/rankings/vocabulary.ts";
import type { DayPublisher } from "./context.ts";
import { FIXED_PATHS, locationFollowersPath, locationMostPopularPath } from "./paths.ts";
import { type ListSpec, ofCountry, publishRankedLists, SUBSET_LIST_SIZE } from "./ranked-list-files.ts";
import { windowPools } from "./window-pools.ts";
import { publishJson } from "./write-file.ts";

const counts = z.strictObject(
  Object.fromEntries(RANKING_GENDERS.map((g) => [g, z.number().int().min(0)])) as Record<
    RankingGender,
    z.ZodNumber
  >,
);

/** /api/location/modelCountByLocation.json: performers seen on the day per country, most first. */
export const modelCountByLocationSchema = z.array(
  z.strictObject({
    location: z.string().min(1),
    country: z.string().regex(/^[A-Z]{2}$/),
    name: z.string().min(1),
    count: counts,
  }),
);
export type ModelCountByLocation = z.infer<typeof modelCountByLocationSchema>;

/**
 * The location files as of the day: the count of performers per country that day
 * (modelCountByLocation), and for every country with performers in the 30-day window its most
 * followed ({location}_user_followers{-gender}.json) and most popular by most viewers
 * ({location}_most-popular{-gender}.json), 100 ranked rows each, per gender that has performers.
 * A location is named by the slug of its country's English name (locations.ts).
 */
export const publishLocationFiles: DayPublisher = async (context, day) => {
  const byCountry = new Map<string, ModelCountByLocation[number]>();
  for (const row of await locationCounts(context.db, day)) {
    let entry = byCountry.get(row.country);
    if (!entry) {
      const zero = Object.fromEntries(RANKING_GENDERS.map((g) => [g, 0])) as Record<RankingGender, number>;
      entry = {
        location: locationSlug(row.country),
        country: row.country,
        name: locationName(row.country),
        count: zero,
      };
      byCountry.set(row.country, entry);
    }
    for (const gender of RANKING_GENDERS) {
      if (inRankingGender(row.gender, gender)) entry.count[gender] += row.performers;
    }
  }
  const countByLocation = [...byCountry.values()].sort(
    (a, b) => b.count.all - a.count.all || (a.location < b.location ? -1 : 1),
  );

  const { current, previous } = await windowPools(context, day);
  const specs: ListSpec[] = [];
  const countries = [...current.byCountryGender.keys()]
    .filter((k) => k.endsWith("\u0000all"))
    .map((k) => k.slice(0, 2));
  for (const country of countries.sort()) {
    const slug = locationSlug(country);
    for (const gender of RANKING_GENDERS) {
      const select = ofCountry(country, gender);
      if (!select(current)?.length) continue;
      specs.push({
        path: locationFollowersPath(slug, gender),
        order: "followers",
        limit: SUBSET_LIST_SIZE,
        select,
      });
      specs.push({
        path: locationMostPopularPath(slug, gender),
        order: "viewers",
        limit: SUBSET_LIST_SIZE,
        select,
      });
    }
  }
  const files = [await publishJson(context.root, FIXED_PATHS.modelCountByLocation, countByLocation)];
  files.push(...(await publishRankedLists(context.root, specs, current, previous)));
  return files;
};
