import { asStorage } from "../storage/directory-storage.ts";
import type { StorageOrDir } from "../storage/storage.ts";

/** A stored image's name: the SHA-256 of its bytes. Anything else is never read. */
export const IMAGE_FILE = /^[0-9a-f]{64}\.webp$/;
/** An image nothing uses is kept this long: an upload names its file before a row does. */
export const UNUSED_IMAGE_KEPT_MS = 24 * 3600_000;

/**
 * A folder of images named by their hash, served under `publicPath` (as /images/lists): lists and
 * profiles each have one, under DATA_DIR/images, or the store STORAGE_URL names (decision 0045).
 */
export interface ImageFolder {
  dir: StorageOrDir;
  publicPath: string;
}

/**
 * Stores an image under its hash and answers its public path. Whole or not at all (the store's
 * put), so a reader never sees half a file; written again when it exists, which is the same bytes
 * and renews its time, so the cleanup cannot take it while a row is being set to it.
 */
/** The type every stored image is kept with: they are all re-encoded as WebP. */
export const IMAGE_CONTENT_TYPE = "image/webp";

export async function storeImage(
  folder: ImageFolder,
  image: { hash: string; webp: Buffer },
): Promise<string> {
  const file = `${image.hash}.webp`;
  if (!IMAGE_FILE.test(file)) throw new Error(`not an image hash: ${image.hash}`);
  await asStorage(folder.dir).put(file, image.webp, { contentType: IMAGE_CONTENT_TYPE });
  return `${folder.publicPath}/${file}`;
}

/** A stored image's bytes; null for a name that is not one, or a file that is not there. */
export async function readImage(dir: StorageOrDir, file: string): Promise<Buffer | null> {
  if (!IMAGE_FILE.test(file)) return null;
  return (await asStorage(dir).get(file))?.bytes ?? null;
}

/**
 * Deletes the images of the folder whose public path `used` does not hold (replaced, removed, or
 * their row deleted) and the leftovers of interrupted uploads, once older than `before`. Never at
 * the change itself: another row may show the same picture, which is the same file. `used` is read
 * after the folder is listed, so a file stored meanwhile is young and stays. Answers how many went.
 */
export async function pruneImages(
  folder: ImageFolder,
  usedPaths: () => Promise<Set<string>>,
  before: Date,
): Promise<number> {
  const store = asStorage(folder.dir);
  const stored = await store.list("");
  const used = await usedPaths();
  let deleted = await store.sweepUnfinished(before);
  for (const { key, modifiedMs } of stored) {
    if (!IMAGE_FILE.test(key) || used.has(`${folder.publicPath}/${key}`)) continue;
    if (modifiedMs >= before.getTime()) continue;
    await store.delete(key);
    deleted++;
  }
  return deleted;
}
