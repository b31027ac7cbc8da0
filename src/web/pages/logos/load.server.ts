import type { PageContext } from "../../../page-context.ts";
import { manifestSchema } from "../../../publish/manifest.ts";
import { dailyIndexPath, FIXED_PATHS } from "../../../publish/paths.ts";
import { dailyIndexSchema } from "../../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { GENDER_LABELS } from "../../../site/gender-labels.ts";
import { latestShownDay } from "../../../site/shown-days.ts";
import { RANKING_GENDERS } from "../../../stats/rankings/vocabulary.ts";
import { coverPath } from "../../lib/daily-viewers/cover.ts";

/** How many tag covers the gallery shows beside the five genders'. */
export const TAG_COVERS = 12;

export interface Cover {
  label: string;
  path: string;
}

export interface LogosData {
  covers: Cover[];
}

/**
 * The covers of /logos' gallery: one per ranking gender, and those of the first tags with a list
 * on the latest published day (none before the first publish: the page needs no rankings).
 */
export async function loadLogos(context: PageContext, now: number = Date.now()): Promise<LogosData> {
  const slug = context.config.PLATFORM_SLUG;
  const covers: Cover[] = RANKING_GENDERS.map((g) => ({ label: GENDER_LABELS[g], path: coverPath(slug, g) }));
  const manifest = await readPublishedJson(context.publishDir, FIXED_PATHS.manifest, manifestSchema);
  if (manifest !== null) {
    const index = await readPublishedJson(
      context.publishDir,
      dailyIndexPath(latestShownDay(manifest, now)),
      dailyIndexSchema,
    );
    for (const tag of index?.lists.all.slice(0, TAG_COVERS) ?? []) {
      covers.push({ label: `#${tag}`, path: coverPath(slug, tag) });
    }
  }
  return { covers };
}
