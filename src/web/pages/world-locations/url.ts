import type { PageGender } from "../../lib/page-genders.ts";

/** The world location explorer (SPEC §2 names it): the map with a country's lists beside it. */
export const WORLD_LOCATIONS_PATH = "/world-locations";

/** Its address for a gender and a location, defaults (all, the biggest country) left out. */
export function worldLocationsPath(gender: PageGender, location: string | null): string {
  const params = new URLSearchParams();
  if (location !== null) params.set("country", location);
  if (gender !== "all") params.set("gender", gender);
  const query = params.toString();
  return query === "" ? WORLD_LOCATIONS_PATH : `${WORLD_LOCATIONS_PATH}?${query}`;
}
