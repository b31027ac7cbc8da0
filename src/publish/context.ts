import type { Db } from "../db/connect.ts";
import type { StorageOrDir } from "../storage/storage.ts";
import type { PublishedFile } from "./write-file.ts";

/**
 * What every publisher gets: where to read, where to write, and the ranking options. A context
 * names its store as the site's start passes it (a Storage) or as a directory's path, as the tests
 * and tools that read the files back with node:fs do: every publisher takes either.
 */
export interface PublishContext<Where extends StorageOrDir = string> {
  db: Db;
  /**
   * The published files' store (STORAGE_URL's, or PUBLISH_DIR's path for the directory there): a
   * file's URL path is its key, without the leading slash.
   */
  root: Where;
  options: PublishOptions;
}

export interface PublishOptions {
  /** One username left out of every ranking (SPEC §3), or none. */
  excludedUsername: string | undefined;
  /** A tag gets its ranking files on a day when at least this many performers used it that day. */
  tagMinPerformers: number;
}

/** A publisher of one UTC day's files ("YYYY-MM-DD"); it returns every file it wrote or kept. */
export type DayPublisher = (context: PublishContext<StorageOrDir>, day: string) => Promise<PublishedFile[]>;
