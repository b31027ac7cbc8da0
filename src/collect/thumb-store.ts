import path from "node:path";
import { USERNAME } from "../platform/parse-room.ts";
import { asStorage } from "../storage/directory-storage.ts";
import type { StorageOrDir } from "../storage/storage.ts";

/**
 * The kept profile thumbnails (decision 0023): {username}.jpg in the thumbnails' store
 * (DATA_DIR/thumbs by default, decision 0045), one a performer, replaced as a new one is kept.
 * Only a platform username names a file (no slash, never starting with a dot), so no request can
 * reach outside the folder.
 */
export const thumbsDir = (dataDir: string) => path.join(dataDir, "thumbs");

function keyOf(username: string): string {
  if (!USERNAME.test(username)) throw new Error(`not a username: ${JSON.stringify(username)}`);
  return `${username}.jpg`;
}

/** The type a kept thumbnail is stored with. */
export const THUMB_CONTENT_TYPE = "image/jpeg";

/** Stores a performer's thumbnail whole or not at all (the store's put): a reader never sees half a file. */
export async function storeThumb(store: StorageOrDir, username: string, jpeg: Buffer): Promise<void> {
  await asStorage(store).put(keyOf(username), jpeg, { contentType: THUMB_CONTENT_TYPE });
}

/** A performer's kept thumbnail; null for a name that cannot be a username, or none kept. */
export async function readThumb(store: StorageOrDir, username: string): Promise<Buffer | null> {
  if (!USERNAME.test(username)) return null;
  return (await asStorage(store).get(keyOf(username)))?.bytes ?? null;
}

/** Deletes a performer's thumbnail; none kept is fine. */
export async function deleteThumb(store: StorageOrDir, username: string): Promise<void> {
  await asStorage(store).delete(keyOf(username));
}
