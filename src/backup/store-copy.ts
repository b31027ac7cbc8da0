import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { THUMB_CONTENT_TYPE } from "../collect/thumb-store.ts";
import { IMAGE_CONTENT_TYPE } from "../images/image-store.ts";
import { publishedPutOptions } from "../publish/write-file.ts";
import { siteStores } from "../storage/site-stores.ts";
import type { Storage } from "../storage/storage.ts";

type StoreConfig = Parameters<typeof siteStores>[0];

/**
 * One family of the store as a backup keeps it: its folder under the backup's `store/` (the
 * layout a directory store has always had, so backups made before the bucket stores still
 * restore), the store STORAGE_URL names for it, and what an object of it is put with (as the
 * site's own writer puts it).
 */
export interface StoreFamily {
  name: string;
  store: Storage;
  putOptions(key: string): Parameters<Storage["put"]>[2];
}

/**
 * The families a backup copies: uploaded images, kept thumbnails and the published files, from
 * wherever STORAGE_URL keeps them (a directory or a bucket). The published files could be rebuilt
 * (`npm run rebuild`), but a restored site must serve at once, so they are copied too.
 */
export function storeFamilies(config: StoreConfig): StoreFamily[] {
  const stores = siteStores(config);
  return [
    {
      name: "images/lists",
      store: stores.listImages,
      putOptions: () => ({ contentType: IMAGE_CONTENT_TYPE }),
    },
    {
      name: "images/profiles",
      store: stores.profileImages,
      putOptions: () => ({ contentType: IMAGE_CONTENT_TYPE }),
    },
    { name: "thumbs", store: stores.thumbs, putOptions: () => ({ contentType: THUMB_CONTENT_TYPE }) },
    { name: "publish", store: stores.published, putOptions: publishedPutOptions },
  ];
}

/** A backup's folder names, read as today's: before the bucket stores, "images" held both image families. */
export function familiesOfBackup(names: readonly string[]): Set<string> {
  const found = new Set(names);
  if (found.has("images")) for (const name of ["images/lists", "images/profiles"]) found.add(name);
  return found;
}

/** Up to this many objects in flight: a bucket answers each over the network. */
const PARALLEL = 16;

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/**
 * Copies every object of a store into a folder, one file per key. An object that goes between
 * the listing and its read (replaced or deleted by the running site) is skipped: every put is
 * whole (src/storage/storage.ts), so whatever is read is a whole object. Returns how many were copied.
 */
export async function copyStoreToFolder(store: Storage, to: string): Promise<number> {
  const objects = await store.list("");
  let copied = 0;
  await inParallel(objects, async ({ key }) => {
    const object = await store.get(key);
    if (object === null) return;
    const file = path.join(to, ...key.split("/"));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, object.bytes);
    copied++;
  });
  return copied;
}

/** The files under a folder, as store keys (slash-separated paths); none when there is no folder. */
async function keysUnder(root: string): Promise<string[]> {
  const keys: string[] = [];
  const walk = async (relative: string[]): Promise<void> => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(path.join(root, ...relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) await walk([...relative, entry.name]);
      else if (entry.isFile()) keys.push([...relative, entry.name].join("/"));
    }
  };
  await walk([]);
  return keys;
}

/** Puts every file of a backup's folder into a store, each under its path as key. Returns how many. */
export async function copyFolderToStore(from: string, family: StoreFamily): Promise<number> {
  const keys = await keysUnder(from);
  await inParallel(keys, async (key) => {
    const bytes = await readFile(path.join(from, ...key.split("/")));
    await family.store.put(key, bytes, family.putOptions(key));
  });
  return keys.length;
}

/** Whether a store holds any object (a restore fills only an empty store). */
export async function holdsObjects(store: Storage): Promise<boolean> {
  return store.holds("");
}
