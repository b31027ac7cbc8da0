import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { USERNAME } from "../platform/parse-room.ts";

/**
 * The kept profile thumbnails (decision 0023): DATA_DIR/thumbs/{username}.jpg, one a performer,
 * replaced as a new one is kept. Only a platform username names a file (no slash, never starting
 * with a dot), so no request can reach outside the folder.
 */
export const thumbsDir = (dataDir: string) => path.join(dataDir, "thumbs");

const TEMP_PREFIX = ".thumb-";

function fileOf(dir: string, username: string): string {
  if (!USERNAME.test(username)) throw new Error(`not a username: ${JSON.stringify(username)}`);
  return path.join(dir, `${username}.jpg`);
}

/** Writes a performer's thumbnail under a temporary name and renames it: a reader never sees half a file. */
export async function storeThumb(dir: string, username: string, jpeg: Buffer): Promise<void> {
  const file = fileOf(dir, username);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `${TEMP_PREFIX}${randomBytes(8).toString("hex")}`);
  try {
    await writeFile(temp, jpeg, { flag: "wx" });
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** A performer's kept thumbnail; null for a name that cannot be a username, or none kept. */
export async function readThumb(dir: string, username: string): Promise<Buffer | null> {
  if (!USERNAME.test(username)) return null;
  try {
    return await readFile(fileOf(dir, username));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Deletes a performer's thumbnail; none kept is fine. */
export async function deleteThumb(dir: string, username: string): Promise<void> {
  try {
    await unlink(fileOf(dir, username));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
