import { createHash } from "node:crypto";

/** What a stored object's listing and head say of it. */
export interface ObjectInfo {
  key: string;
  size: number;
  modifiedMs: number;
}

/** A stored object: its bytes, and a strong ETag of them (the same for the same bytes in every store). */
export interface StoredObject extends ObjectInfo {
  bytes: Buffer;
  etag: string;
}

/**
 * Where the published files and the images are kept (decision 0045): a directory, or an
 * S3-compatible bucket. Keys are relative slash-separated paths (`stats/2026-11-28/x.json`); no
 * part is empty, `.`, `..` or starts with a dot (the stores keep their unfinished writes under
 * such names). A put is whole or nothing: a reader sees the old object or the new, never a part.
 */
export interface Storage {
  /** Where it is, for logs and messages (never with a secret). */
  readonly description: string;
  /** contentType and cacheControl are kept with the object where the store can (a bucket, for a CDN). */
  put(key: string, bytes: Buffer, options?: { contentType?: string; cacheControl?: string }): Promise<void>;
  /** null when the object is not there. */
  get(key: string): Promise<StoredObject | null>;
  /** null when the object is not there; cheaper than get (no bytes). */
  head(key: string): Promise<(ObjectInfo & { etag: string | null }) | null>;
  /**
   * A token that changes whenever the object does, and its modification time; null when it is not
   * there. The cheapest look a store has (a directory's stat, a bucket's HEAD), for readers that keep
   * a parsed copy and only need to know whether it is still the one stored.
   */
  stamp(key: string): Promise<{ version: string; modifiedMs: number } | null>;
  /** Every object whose key starts with prefix (a folder ends with `/`), sorted by key. */
  list(prefix: string): Promise<ObjectInfo[]>;
  /** Whether any object's key starts with prefix: a directory's walk stops at the first, a bucket lists one. */
  holds(prefix: string): Promise<boolean>;
  /** Deletes the object (and a directory's folders it leaves empty); one that is not there is fine. */
  delete(key: string): Promise<void>;
  /**
   * Deletes the store's own unfinished writes older than `before` (a crash between a directory's
   * temporary file and its rename leaves one) and answers how many went.
   */
  sweepUnfinished(before: Date): Promise<number>;
}

/** The ETag the published files have always had (src/publish/write-file.ts): SHA-256, 27 characters. */
export function etagOf(data: Buffer): string {
  return `"${createHash("sha256").update(data).digest("base64url").slice(0, 27)}"`;
}

const PART = /^[^/\\\0]+$/;

/** The key, checked: it names no place outside its store, and no store's unfinished write. */
export function checkKey(key: string): string {
  const parts = key.split("/");
  const bad = parts.some((part) => !PART.test(part) || part.startsWith("."));
  if (bad) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A prefix for list() and holds(): a key, a key's start, or "" for everything. */
export function checkPrefix(prefix: string): string {
  if (prefix === "") return prefix;
  checkKey(prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
  return prefix;
}

/**
 * A store, or a directory's path standing for the directory store there: the callers and tests that
 * always named a folder keep doing so, and the site's own start passes the store STORAGE_URL names.
 */
export type StorageOrDir = Storage | string;
