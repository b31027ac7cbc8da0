import { z } from "zod";
import type { Db } from "../db/connect.ts";
import { approvedTagSuggestions, approvedTagsFingerprint } from "../db/queries/tag-usage.ts";
import type { StorageOrDir } from "../storage/storage.ts";
import type { DayPublisher } from "./context.ts";
import { EXTRA_PATHS } from "./paths.ts";
import { type PublishedFile, publishJson } from "./write-file.ts";

export const additionalTagsFileSchema = z.strictObject({
  /** The newest approval among the tags listed; null when none is. */
  updatedAt: z.string().nullable(),
  /** username → the approved suggested tags, sorted. */
  performers: z.record(z.string(), z.array(z.string().min(1)).min(1)),
});
export type AdditionalTagsFile = z.infer<typeof additionalTagsFileSchema>;

/**
 * /api/tags/additional_tags.json: tags that visitors suggested and a reviewer approved, per
 * performer, as approved now (issue 30: an approval shows within a minute; decision 0041). The
 * same state writes the same bytes, whoever writes it: the daily job or the watcher below.
 */
export async function publishAdditionalTagsNow(db: Db, root: StorageOrDir): Promise<PublishedFile> {
  const approved = await approvedTagSuggestions(db);
  const newest = approved.reduce<Date | null>((n, a) => (n === null || a.newest > n ? a.newest : n), null);
  const file: AdditionalTagsFile = {
    updatedAt: newest?.toISOString() ?? null,
    performers: Object.fromEntries(approved.map((a) => [a.username, a.tags])),
  };
  return publishJson(root, EXTRA_PATHS.additionalTags, file);
}

/** The daily job's step: the file as it is now (the day does not change it). */
export const publishAdditionalTags: DayPublisher = async ({ db, root }) => [
  await publishAdditionalTagsNow(db, root),
];

/**
 * Republishes the file when a tag decision or an opt-out changed what it holds (one cheap read
 * otherwise), so it can run every few seconds; the first call always publishes.
 */
export function additionalTagsPublisher(db: Db, root: StorageOrDir): () => Promise<PublishedFile | null> {
  let last: string | null = null;
  return async () => {
    const fingerprint = await approvedTagsFingerprint(db);
    if (fingerprint === last) return null;
    const published = await publishAdditionalTagsNow(db, root);
    last = fingerprint;
    return published;
  };
}
