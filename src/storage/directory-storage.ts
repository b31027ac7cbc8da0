import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, rm, rmdir, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  checkKey,
  checkPrefix,
  etagOf,
  type ObjectInfo,
  type Storage,
  type StorageOrDir,
  type StoredObject,
} from "./storage.ts";

/**
 * A put's temporary file (`.{name}.{12 hex}.tmp`), and those of the writers before decision 0045
 * (`.upload-…` for the images, `.thumb-…` for the thumbnails).
 */
const UNFINISHED = /^\.(?:.+\.[0-9a-f]{12}\.tmp|upload-[0-9a-f]+|thumb-[0-9a-f]+)$/;

const MISSING = new Set(["ENOENT", "ENOTDIR", "EISDIR"]);
const isMissing = (error: unknown) => MISSING.has((error as NodeJS.ErrnoException).code ?? "");

/**
 * The keys of the files under base that start with prefix, in no order: the walk starts from the
 * deepest folder the prefix names and enters only folders that can hold such a key, so a reader
 * that stops at the first walks no further. Dot-named files (a put's unfinished ones) are no keys.
 */
async function* keysUnder(base: string, prefix: string): AsyncGenerator<string> {
  const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
  const pending = [folder];
  for (let relative = pending.pop(); relative !== undefined; relative = pending.pop()) {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(path.join(base, ...relative.split("/").filter(Boolean)), {
        withFileTypes: true,
      });
    } catch (error) {
      if (isMissing(error)) continue;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const key = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) pending.push(key);
      } else if (entry.isFile() && key.startsWith(prefix)) yield key;
    }
  }
}

/**
 * A store in a directory: each key is the file of that path under root, so the layout is the one
 * the site has always written. A put writes a dot-named temporary file beside the target and
 * renames it over (atomic on one file system); the dot keeps it out of every listing.
 */
export function directoryStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string) => path.join(base, ...checkKey(key).split("/"));

  return {
    description: `directory ${base}`,

    async put(key, bytes) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(
        path.dirname(target),
        `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`,
      );
      try {
        // A delete may remove the folder as it empties (below): make it again, once.
        await writeFile(temp, bytes, { flag: "wx" }).catch(async (error) => {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(temp, bytes, { flag: "wx" });
        });
        await rename(temp, target);
      } finally {
        await rm(temp, { force: true });
      }
    },

    async get(key): Promise<StoredObject | null> {
      const file = fileOf(key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) return null;
        const bytes = await handle.readFile();
        return { key, bytes, size: bytes.length, modifiedMs: info.mtimeMs, etag: etagOf(bytes) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      } finally {
        await handle.close();
      }
    },

    async head(key) {
      // The ETag is of the bytes, so a head reads them: the files here are small (JSON, images).
      const found = await this.get(key);
      if (found === null) return null;
      return { key, size: found.size, modifiedMs: found.modifiedMs, etag: found.etag };
    },

    async stamp(key) {
      const info = await stat(fileOf(key)).catch((error) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (info === null || !info.isFile()) return null;
      return { version: `${info.mtimeMs}:${info.size}`, modifiedMs: info.mtimeMs };
    },

    async list(prefix) {
      checkPrefix(prefix);
      const found: ObjectInfo[] = [];
      for await (const key of keysUnder(base, prefix)) {
        const info = await stat(path.join(base, ...key.split("/"))).catch(() => null);
        if (info !== null) found.push({ key, size: info.size, modifiedMs: info.mtimeMs });
      }
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    async holds(prefix) {
      checkPrefix(prefix);
      for await (const _key of keysUnder(base, prefix)) return true;
      return false;
    },

    async delete(key) {
      const file = fileOf(key);
      try {
        await unlink(file);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      // A bucket has no folders: neither does a key's deleted path here (a day's old folder goes).
      for (let dir = path.dirname(file); dir !== base; dir = path.dirname(dir)) {
        if (
          !(await rmdir(dir).then(
            () => true,
            () => false,
          ))
        )
          break;
      }
    },

    async sweepUnfinished(before) {
      let deleted = 0;
      const walk = async (dir: string): Promise<void> => {
        let entries: import("node:fs").Dirent[];
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error)) return;
          throw error;
        }
        for (const entry of entries) {
          const file = path.join(dir, entry.name);
          if (entry.isDirectory() && !entry.name.startsWith(".")) await walk(file);
          if (!entry.isFile() || !UNFINISHED.test(entry.name)) continue;
          const info = await stat(file).catch(() => null);
          if (info === null || info.mtimeMs >= before.getTime()) continue;
          if (
            await unlink(file).then(
              () => true,
              () => false,
            )
          )
            deleted++;
        }
      };
      await walk(base);
      return deleted;
    },
  };
}

/** The store itself, or the directory store of a path. */
export function asStorage(where: StorageOrDir): Storage {
  return typeof where === "string" ? directoryStorage(where) : where;
}
