import { z } from "zod";
import type { StorageOrDir } from "../storage/storage.ts";
import { FIXED_PATHS } from "./paths.ts";
import { type PublishedFile, publishJson } from "./write-file.ts";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * /stats/manifest.json: every day with published rankings, oldest first, and the latest. A page
 * shows Prev when the day before is listed and Next when the day after is (SPEC §4); each day's
 * own lists are in /stats/{date}/index.json, the latest 30-day lists in /stats/30days/index.json.
 * `coming`, while a catch-up publishes the newest day first (docs/decisions/0015), counts the older
 * collected days not yet listed: the pages over several days say so from this file alone.
 */
export const manifestSchema = z.strictObject({
  latest: day,
  days: z.array(day).min(1),
  coming: z.number().int().min(1).optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export async function publishManifest(
  root: StorageOrDir,
  days: string[],
  coming = 0,
): Promise<PublishedFile> {
  const sorted = [...days].sort();
  const latest = sorted.at(-1);
  if (latest === undefined) throw new Error("a manifest needs at least one published day");
  const manifest: Manifest = coming > 0 ? { latest, days: sorted, coming } : { latest, days: sorted };
  return publishJson(root, FIXED_PATHS.manifest, manifest);
}
