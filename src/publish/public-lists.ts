import { z } from "zod";
import type { Db } from "../db/connect.ts";
import { publicLists, publicListsFingerprint } from "../db/queries/public-lists.ts";
import type { StorageOrDir } from "../storage/storage.ts";
import { LIST_PATHS } from "./paths.ts";
import { type PublishedFile, publishJson } from "./write-file.ts";

/** The most lists the file holds: the newest changed. */
export const PUBLIC_LISTS_MAX = 1000;

export const publicListSchema = z.strictObject({
  listId: z.string(),
  name: z.string(),
  description: z.string(),
  isPublic: z.literal(true),
  performers: z.array(z.string()),
  performerCount: z.number().int().nonnegative(),
  image: z.string().nullable(),
  updatedAt: z.string(),
});
export const publicListsFileSchema = z.strictObject({
  /** The newest change among the lists; null when there are none. */
  updatedAt: z.string().nullable(),
  lists: z.array(publicListSchema).max(PUBLIC_LISTS_MAX),
});
export type PublicListsFile = z.infer<typeof publicListsFileSchema>;

/** /api/lists/public_lists.json (SPEC §7): the public lists, newest changed first (SPEC §3 List, with a count and when). */
export async function publishPublicLists(db: Db, root: StorageOrDir): Promise<PublishedFile> {
  const rows = await publicLists(db, PUBLIC_LISTS_MAX);
  const file: PublicListsFile = {
    updatedAt: rows[0]?.updatedAt.toISOString() ?? null,
    lists: rows.map((row) => ({
      listId: row.listId,
      name: row.name,
      description: row.description,
      isPublic: true,
      performers: row.performers,
      performerCount: row.performers.length,
      image: row.image,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
  return publishJson(root, LIST_PATHS.publicLists, file);
}

/**
 * Republishes the file when what it depends on changed since the last call (one cheap read
 * otherwise), so it can run every few seconds; the first call always publishes.
 */
export function publicListsPublisher(db: Db, root: StorageOrDir): () => Promise<PublishedFile | null> {
  let last: string | null = null;
  return async () => {
    const fingerprint = await publicListsFingerprint(db);
    if (fingerprint === last) return null;
    const published = await publishPublicLists(db, root);
    last = fingerprint;
    return published;
  };
}
