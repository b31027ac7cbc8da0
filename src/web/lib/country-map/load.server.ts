import { redirect } from "react-router";
import type { PageContext } from "../../../page-context.ts";
import { modelCountByLocationSchema } from "../../../publish/location-files.ts";
import { FIXED_PATHS } from "../../../publish/paths.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { locationPath } from "../../../site/urls/location.ts";
import { locationName } from "../../../stats/rankings/locations.ts";
import { formatCount } from "../format.ts";
import { notFound, notPublishedYet } from "../page-errors.server.ts";
import { PAGE_GENDER_LABELS, PAGE_GENDERS, RANKING_WORD } from "../page-genders.ts";
import { ISO_NUMERIC, NAMED_SHAPES, shapeKeyOf } from "./iso-numeric.ts";
import { MAP_HEIGHT, MAP_WIDTH, mapShapes } from "./map-shapes.server.ts";
import type { CountryMapData, MapCountryRow } from "./page-data.ts";
import { shadeClass, shadeColor, shadeLegend, shadeThresholds } from "./shading.ts";
import { mapPath, readMapGender } from "./url.ts";

const performers = (n: number) => `${formatCount(n)} performer${n === 1 ? "" : "s"}`;

/** The alpha-2 code of each shape key (numeric id or name), for the names of countries without performers. */
const codeOfShape = new Map<string, string>(
  [...Object.entries(ISO_NUMERIC), ...Object.entries(NAMED_SHAPES)].map(([code, key]) => [key, code]),
);

/**
 * /map[/{gender}]: performers by country on the latest day (/api/location/modelCountByLocation.json),
 * as a shaded world map (an SVG drawn here, with a <title> per country) and a table linking each
 * country's location page. Before the file is published: 503.
 */
export async function loadCountryMap(
  segment: string | undefined,
  context: PageContext,
): Promise<CountryMapData> {
  const read = readMapGender(segment);
  if (read === null) throw notFound();
  if ("redirect" in read) throw redirect(read.redirect, 301);
  const { gender } = read;
  const file = await readPublishedJson(
    context.publishDir,
    FIXED_PATHS.modelCountByLocation,
    modelCountByLocationSchema,
  );
  if (file === null) throw notPublishedYet("The first map is on its way");

  const word = RANKING_WORD[gender];
  const rows: MapCountryRow[] = file
    .filter((entry) => entry.count[word] > 0)
    .sort((a, b) => b.count[word] - a.count[word] || a.name.localeCompare(b.name, "en"))
    .map((entry, i) => ({
      rank: i + 1,
      country: entry.country,
      location: entry.location,
      name: entry.name,
      count: entry.count[word],
      path: locationPath(entry.location, word),
    }));
  const byShape = new Map<string, MapCountryRow>();
  for (const row of rows) {
    const key = shapeKeyOf(row.country);
    if (key !== null) byShape.set(key, row);
  }
  const thresholds = shadeThresholds(rows[0]?.count ?? 0);
  const noun = gender === "all" ? "performers" : `${PAGE_GENDER_LABELS[gender].toLowerCase()} performers`;

  return {
    gender,
    path: mapPath(gender),
    genderTabs: PAGE_GENDERS.map((g) => ({ gender: g, label: PAGE_GENDER_LABELS[g], path: mapPath(g) })),
    width: MAP_WIDTH,
    height: MAP_HEIGHT,
    shapes: mapShapes().map((shape) => {
      const row = byShape.get(shape.key);
      const code = codeOfShape.get(shape.key);
      const name = row?.name ?? (code === undefined ? shape.atlasName : locationName(code));
      return {
        key: shape.key,
        d: shape.d,
        fill: shadeColor(shadeClass(row?.count ?? 0, thresholds), thresholds.length),
        title: row === undefined ? `${name}: no ${noun}` : `${name}: ${performers(row.count)}`,
      };
    }),
    legend: shadeLegend(thresholds),
    rows,
    total: rows.reduce((sum, row) => sum + row.count, 0),
  };
}
