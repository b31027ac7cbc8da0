import { z } from "zod";
import { FIXED_PATHS } from "./paths.ts";
import { type PublishedFile, publishJson } from "./write-file.ts";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * /stats/manifest.json: every day with published rankings, oldest first, and the latest. A page
 * shows Prev when the day before is listed and Next when the day after is (SPEC §4); each day's
 * own lists are in /stats/{date}/index.json, the latest 30-day lists in /stats/30days/index.json.
 */
export const manifestSchema = z.strictObject({ latest: day, days: z.array(day).min(1) });
export type Manifest = z.infer<typeof manifestSchema>;

export async function publishManifest(root: string, days: string[]): Promise<PublishedFile> {
  const sorted = [...days].sort();
  const latest = sorted.at(-1);
  if (latest === undefined) throw new Error("a manifest needs at least one published day");
  return publishJson(root, FIXED_PATHS.manifest, { latest, days: sorted } satisfies Manifest);
}
