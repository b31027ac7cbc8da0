import path from "node:path";
import type { Db } from "../db/connect.ts";
import { listImagePaths } from "../db/queries/list-image.ts";
import { IMAGE_FILE, pruneImages, readImage, storeImage } from "../images/image-store.ts";
import type { StorageOrDir } from "../storage/storage.ts";

export { UNUSED_IMAGE_KEPT_MS } from "../images/image-store.ts";

/** Where list images are served from; a list's `image` is this path and the file's name. */
export const LIST_IMAGES_PATH = "/images/lists";
/** A stored image's name: the SHA-256 of its bytes. Anything else is never read. */
export const LIST_IMAGE_FILE = IMAGE_FILE;

/** DATA_DIR/images/lists: the list images' store when STORAGE_URL is unset (decision 0045). */
export const listImagesDir = (dataDir: string) => path.join(dataDir, "images", "lists");

/** Stores a list image under its hash (src/images/image-store.ts) and answers its public path. */
export const storeListImage = (dir: StorageOrDir, image: { hash: string; webp: Buffer }): Promise<string> =>
  storeImage({ dir, publicPath: LIST_IMAGES_PATH }, image);

/** A stored list image's bytes; null for a name that is not one, or a file that is not there. */
export const readListImage = (dir: StorageOrDir, file: string): Promise<Buffer | null> =>
  readImage(dir, file);

/** Deletes the list images no list uses, once older than `before` (the hourly cleanup). */
export const pruneListImages = (db: Db, dir: StorageOrDir, before: Date): Promise<number> =>
  pruneImages({ dir, publicPath: LIST_IMAGES_PATH }, () => listImagePaths(db), before);
