import { polledDays } from "../../db/queries/rollup-days.ts";
import { manifestSchema } from "../../publish/manifest.ts";
import { FIXED_PATHS } from "../../publish/paths.ts";
import { readPublishedJson } from "../../publish/read-published-json.ts";
import type { PageContext } from "../../server/page-context.ts";
import { addDays } from "../../stats/calendar.ts";
import type { OlderDays } from "./older-days.ts";

/**
 * Whether older days are still on their way: after a first start the newest day is published first
 * and the older collected days after it (docs/decisions/0015), so for a few minutes the published
 * days (the manifest) lack some of the days collected before the newest. Null when none is missing.
 */
export async function olderDaysComing(
  context: Pick<PageContext, "db" | "publishDir">,
): Promise<OlderDays | null> {
  const [manifest, polled] = await Promise.all([
    readPublishedJson(context.publishDir, FIXED_PATHS.manifest, manifestSchema),
    polledDays(context.db),
  ]);
  if (manifest === null || polled === null || polled.first > manifest.latest) return null;
  let total = 0;
  for (let day = polled.first; day <= manifest.latest; day = addDays(day, 1)) total++;
  const published = manifest.days.filter((day) => day >= polled.first).length;
  return published >= total ? null : { published, total };
}
