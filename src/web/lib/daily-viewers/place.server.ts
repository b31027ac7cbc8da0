import { manifestSchema } from "../../../publish/manifest.ts";
import { FIXED_PATHS } from "../../../publish/paths.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { type DayPlace, placeDay } from "../../../site/shown-days.ts";
import type { StorageOrDir } from "../../../storage/storage.ts";
import { notFound, notPublishedYet } from "../page-errors.server.ts";

/**
 * The published day a dated ranking page shows and its neighbours (placeDay's rules, from
 * /stats/manifest.json): a 503 before anything is published, a 404 for a day the manifest does
 * not list.
 */
export async function publishedPlace(
  publishDir: StorageOrDir,
  urlDate: string | null,
  now: number,
): Promise<DayPlace> {
  const manifest = await readPublishedJson(publishDir, FIXED_PATHS.manifest, manifestSchema);
  if (manifest === null) throw notPublishedYet();
  const place = placeDay(urlDate, manifest, now);
  if (place === null) throw notFound();
  return place;
}
