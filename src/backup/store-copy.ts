import { copyFile, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { thumbsDir } from "../collect/thumb-store.ts";
import type { Config } from "../config.ts";

/**
 * The store's folders a backup copies: uploaded images, kept thumbnails and the published files.
 * The one place that knows where the store is, so it can move to the storage interface
 * (src/storage/) in one change. The published files could be rebuilt (`npm run rebuild`), but a
 * restored site must serve at once, so they are copied too.
 */
export function storeFolders(
  config: Pick<Config, "DATA_DIR" | "PUBLISH_DIR">,
): { name: string; dir: string }[] {
  return [
    { name: "images", dir: path.join(config.DATA_DIR, "images") },
    { name: "thumbs", dir: thumbsDir(config.DATA_DIR) },
    { name: "publish", dir: config.PUBLISH_DIR },
  ];
}

/** Files being written (renamed into place when whole): never copied. */
const isTemporary = (name: string) => /^\.(upload|thumb)-/.test(name) || name.endsWith(".tmp");

/**
 * Copies a folder tree file by file. A file that vanishes between listing and copying (replaced
 * by a newer one, or deleted) is skipped: the site writes each file whole under a temporary name
 * and renames it, so any file copied is whole. Returns the number of files copied.
 */
export async function copyTree(from: string, to: string): Promise<number> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  await mkdir(to, { recursive: true });
  let copied = 0;
  for (const entry of entries) {
    if (isTemporary(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copied += await copyTree(source, target);
    else if (entry.isFile()) {
      try {
        await copyFile(source, target);
        copied++;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
  return copied;
}

/** Whether a folder holds any file (a restore fills only an empty store). */
export async function holdsFiles(dir: string): Promise<boolean> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
  for (const entry of entries) {
    if (entry.isFile() || (entry.isDirectory() && (await holdsFiles(path.join(dir, entry.name)))))
      return true;
  }
  return false;
}
