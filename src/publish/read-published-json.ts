import type { z } from "zod";
import { namedCache } from "../cache/named-cache.ts";
import { asStorage } from "../storage/directory-storage.ts";
import type { StorageOrDir } from "../storage/storage.ts";
import { publishedKey } from "./write-file.ts";

/**
 * A published JSON file (docs/published-files.md) read by a page loader, the sitemap or a publisher
 * from the published files' store (STORAGE_URL's; a directory's path stands for the directory there,
 * PUBLISH_DIR by default): null when it is not there (a day or a list that was never published). A
 * file that is there but does not match its schema is an error, not a missing page: the publisher
 * and the page disagree, and the log should say so.
 */
export async function readPublishedJson<T>(
  where: StorageOrDir,
  urlPath: string,
  schema: z.ZodType<T>,
): Promise<T | null> {
  const store = asStorage(where);
  const key = publishedKey(urlPath);
  const cacheKey = `${store.description}\n${key}`;
  const stamp = await store.stamp(key);
  if (stamp === null) return null;
  const cached = parsedFiles.get(cacheKey);
  if (cached?.version === stamp.version && cached.schema === schema) return cached.data as T;
  const found = await store.get(key);
  if (found === null) return null;
  const parsed = schema.safeParse(JSON.parse(found.bytes.toString("utf8")));
  if (!parsed.success) throw new Error(`${urlPath} does not match its schema: ${parsed.error.message}`);
  // Kept under the stamp taken before the read: a file replaced in between is read again next time.
  parsedFiles.set(cacheKey, { version: stamp.version, schema, data: parsed.data });
  return parsed.data;
}

/**
 * Parsed and checked files, by store and key, kept while the object's stamp (a directory's
 * modification time and size, a bucket's ETag) stays the same: a page reads up to six files, and
 * reading, parsing and checking them again on every view was most of its render time. A file
 * rewritten by the daily job (or a rebuild) is read afresh.
 */
const parsedFiles = namedCache<string, { version: string; schema: unknown; data: unknown }>({
  name: "published-json",
  key: "the store's description and the file's key (the entry holds its stamp, and the schema it was checked by)",
  bound: { entries: 500 },
  ttlMs: Number.POSITIVE_INFINITY,
});
