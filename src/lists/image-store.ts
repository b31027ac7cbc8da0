import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/connect.ts";
import { listImagePaths } from "../db/queries/list-image.ts";

/** Where list images are served from; a list's `image` is this path and the file's name. */
export const LIST_IMAGES_PATH = "/images/lists";
/** A stored image's name: the SHA-256 of its bytes. Anything else is never read. */
export const LIST_IMAGE_FILE = /^[0-9a-f]{64}\.webp$/;
/** An image no list uses is kept this long: an upload names its file before a list does. */
export const UNUSED_IMAGE_KEPT_MS = 24 * 3600_000;

const TEMP_PREFIX = ".upload-";

/** DATA_DIR/images/lists. */
export const listImagesDir = (dataDir: string) => path.join(dataDir, "images", "lists");

/**
 * Stores an image under its hash and answers its public path. Written to a temporary name and
 * renamed, so a reader never sees half a file; written again when it exists, which is the same
 * bytes and renews its time, so the cleanup cannot take it while a list is being set to it.
 */
export async function storeListImage(dir: string, image: { hash: string; webp: Buffer }): Promise<string> {
  const file = `${image.hash}.webp`;
  if (!LIST_IMAGE_FILE.test(file)) throw new Error(`not an image hash: ${image.hash}`);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `${TEMP_PREFIX}${randomBytes(8).toString("hex")}`);
  try {
    await writeFile(temp, image.webp, { flag: "wx" });
    await rename(temp, path.join(dir, file));
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  return `${LIST_IMAGES_PATH}/${file}`;
}

/** A stored image's bytes; null for a name that is not one, or a file that is not there. */
export async function readListImage(dir: string, file: string): Promise<Buffer | null> {
  if (!LIST_IMAGE_FILE.test(file)) return null;
  try {
    return await readFile(path.join(dir, file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Deletes the images no list uses any more (replaced, removed, or their list deleted) and the
 * leftovers of interrupted uploads, once older than `before`. Never at the change itself: another
 * list may show the same picture, which is the same file. Answers how many files went.
 */
export async function pruneListImages(db: Db, dir: string, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const used = await listImagePaths(db);
  let deleted = 0;
  for (const name of names) {
    const image = LIST_IMAGE_FILE.test(name);
    if (!image && !name.startsWith(TEMP_PREFIX)) continue;
    if (image && used.has(`${LIST_IMAGES_PATH}/${name}`)) continue;
    const file = path.join(dir, name);
    const stats = await stat(file).catch(() => null);
    if (stats === null || stats.mtimeMs >= before.getTime()) continue;
    if (
      await unlink(file).then(
        () => true,
        () => false,
      )
    )
      deleted++;
  }
  return deleted;
}
