import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/** A stored image's name: the SHA-256 of its bytes. Anything else is never read. */
export const IMAGE_FILE = /^[0-9a-f]{64}\.webp$/;
/** An image nothing uses is kept this long: an upload names its file before a row does. */
export const UNUSED_IMAGE_KEPT_MS = 24 * 3600_000;

const TEMP_PREFIX = ".upload-";

/**
 * A folder of images named by their hash, served under `publicPath` (as /images/lists): lists and
 * profiles each have one, under DATA_DIR/images.
 */
export interface ImageFolder {
  dir: string;
  publicPath: string;
}

/**
 * Stores an image under its hash and answers its public path. Written to a temporary name and
 * renamed, so a reader never sees half a file; written again when it exists, which is the same
 * bytes and renews its time, so the cleanup cannot take it while a row is being set to it.
 */
export async function storeImage(
  folder: ImageFolder,
  image: { hash: string; webp: Buffer },
): Promise<string> {
  const file = `${image.hash}.webp`;
  if (!IMAGE_FILE.test(file)) throw new Error(`not an image hash: ${image.hash}`);
  await mkdir(folder.dir, { recursive: true });
  const temp = path.join(folder.dir, `${TEMP_PREFIX}${randomBytes(8).toString("hex")}`);
  try {
    await writeFile(temp, image.webp, { flag: "wx" });
    await rename(temp, path.join(folder.dir, file));
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  return `${folder.publicPath}/${file}`;
}

/** A stored image's bytes; null for a name that is not one, or a file that is not there. */
export async function readImage(dir: string, file: string): Promise<Buffer | null> {
  if (!IMAGE_FILE.test(file)) return null;
  try {
    return await readFile(path.join(dir, file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
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
  let names: string[];
  try {
    names = await readdir(folder.dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const used = await usedPaths();
  let deleted = 0;
  for (const name of names) {
    const image = IMAGE_FILE.test(name);
    if (!image && !name.startsWith(TEMP_PREFIX)) continue;
    if (image && used.has(`${folder.publicPath}/${name}`)) continue;
    const file = path.join(folder.dir, name);
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
