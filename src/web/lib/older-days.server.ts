import type { PageContext } from "../../page-context.ts";
import { manifestSchema } from "../../publish/manifest.ts";
import { FIXED_PATHS } from "../../publish/paths.ts";
import { readPublishedJson } from "../../publish/read-published-json.ts";
import type { OlderDays } from "./older-days.ts";

/**
 * Whether older days are still on their way: after a first start the newest day is published first
 * and the older collected days after it (docs/decisions/0015); meanwhile the manifest counts the
 * days still coming. From the published files alone, as the pages that show it read no database.
 * Null when none is missing.
 */
export async function olderDaysComing(context: Pick<PageContext, "publishDir">): Promise<OlderDays | null> {
  const manifest = await readPublishedJson(context.publishDir, FIXED_PATHS.manifest, manifestSchema);
  if (!manifest?.coming) return null;
  const published = manifest.days.length;
  return { published, total: published + manifest.coming };
}

/** A page's own data with olderDaysComing beside it, both asked for at once. */
export async function withOlderDays<T extends object>(
  page: Promise<T>,
  context: Pick<PageContext, "publishDir">,
): Promise<T & { olderDays: OlderDays | null }> {
  const [data, olderDays] = await Promise.all([page, olderDaysComing(context)]);
  return { ...data, olderDays };
}
