import type { Db } from "../db/connect.ts";
import type { PublishedFile } from "./write-file.ts";

/** What every publisher gets: where to read, where to write, and the ranking options. */
export interface PublishContext {
  db: Db;
  /** The publish root (PUBLISH_DIR): a file's URL path is its path below it. */
  root: string;
  options: PublishOptions;
}

export interface PublishOptions {
  /** One username left out of every ranking (SPEC §3), or none. */
  excludedUsername: string | undefined;
  /** A tag gets its ranking files on a day when at least this many performers used it that day. */
  tagMinPerformers: number;
}

/** A publisher of one UTC day's files ("YYYY-MM-DD"); it returns every file it wrote or kept. */
export type DayPublisher = (context: PublishContext, day: string) => Promise<PublishedFile[]>;
