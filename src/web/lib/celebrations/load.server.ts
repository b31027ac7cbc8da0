import type { PageContext } from "../../../page-context.ts";
import { type CelebrationsFile, celebrationsFileSchema } from "../../../publish/celebrations.ts";
import { EXTRA_PATHS } from "../../../publish/paths.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";

/** /api/celebrations.json as published (checked against its schema), or null before the first publish. */
export function readCelebrations(context: PageContext): Promise<CelebrationsFile | null> {
  return readPublishedJson(context.publishDir, EXTRA_PATHS.celebrations, celebrationsFileSchema);
}
