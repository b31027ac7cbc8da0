import type { PageContext } from "../../../page-context.ts";
import { locationFollowersPath, locationMostPopularPath } from "../../../publish/paths.ts";
import { rankedFileSchema } from "../../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { shapeKeyOf } from "../../lib/country-map/iso-numeric.ts";
import { loadCountryMap } from "../../lib/country-map/load.server.ts";
import { type PageGender, RANKING_WORD, readPageGender } from "../../lib/page-genders.ts";
import type { LocationListRow, WorldLocationsData } from "./page-data.ts";
import { worldLocationsPath } from "./url.ts";

/** Rows of each list shown beside the map; the location page has the rest. */
export const EXPLORER_ROWS = 10;

/**
 * /world-locations[?country=&gender=]: the map of /map, every country with performers a link to
 * itself here, and beside it the chosen country's most popular and most followed (the location
 * page's files, their first rows). An unknown gender or country falls back to all and to the
 * biggest country: these are a form's fields, not addresses of their own.
 */
export async function loadWorldLocations(
  request: Request,
  context: PageContext,
): Promise<WorldLocationsData> {
  const params = new URL(request.url).searchParams;
  const read = readPageGender((params.get("gender") ?? "all").toLowerCase());
  const gender: PageGender = read?.gender ?? "all";
  const map = await loadCountryMap(gender === "all" ? undefined : gender, context);
  const asked = params.get("country")?.toLowerCase() ?? null;
  const row = map.rows.find((r) => r.location === asked) ?? map.rows[0];

  const hrefs: Record<string, string> = {};
  for (const r of map.rows) {
    const key = shapeKeyOf(r.country);
    if (key !== null) hrefs[key] = worldLocationsPath(gender, r.location);
  }
  if (row === undefined) return { map, path: worldLocationsPath(gender, null), hrefs, selected: null };

  const word = RANKING_WORD[gender];
  const [popular, followers] = await Promise.all([
    readPublishedJson(context.publishDir, locationMostPopularPath(row.location, word), rankedFileSchema),
    readPublishedJson(context.publishDir, locationFollowersPath(row.location, word), rankedFileSchema),
  ]);
  const rows = (file: typeof popular, value: (r: NonNullable<typeof popular>[number]) => number) =>
    file === null
      ? null
      : file
          .slice(0, EXPLORER_ROWS)
          .map((r): LocationListRow => ({ rank: r.rank, username: r.u, value: value(r) }));
  return {
    map,
    // The biggest country is the default: its address leaves it out.
    path: worldLocationsPath(gender, row === map.rows[0] ? null : row.location),
    hrefs,
    selected: {
      location: row.location,
      country: row.country,
      name: row.name,
      shapeKey: shapeKeyOf(row.country),
      rank: row.rank,
      count: row.count,
      popular: rows(popular, (r) => r.max_u),
      followers: rows(followers, (r) => r.f),
      locationPath: row.path,
    },
  };
}
