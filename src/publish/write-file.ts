import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { asStorage } from "../storage/directory-storage.ts";
import { etagOf, type StorageOrDir } from "../storage/storage.ts";
import { cacheControlFor } from "./cache-control.ts";
import { stableJson } from "./stable-json.ts";

export interface PublishedFile {
  /** The file's path below the publish root, with a leading slash (the URL path). */
  urlPath: string;
  bytes: number;
  /** A strong ETag of the JSON bytes. */
  etag: string;
  /** false when the file already held exactly these bytes (nothing was rewritten). */
  changed: boolean;
}

/** Precompressed beside each file, so the server sends them as they are. */
export const ENCODINGS = [
  { suffix: ".gz", encode: (data: Buffer) => gzipSync(data, { level: 9 }) },
  {
    suffix: ".br",
    // Quality 7, not 11: on a realistic 24.9 kB ranked list 11 took 38 ms (4,529 bytes), 9 took
    // 6.3 ms (5,292) and 7 took 1.25 ms (5,307); a top-size day writes over 2,000 files, and at 11
    // compressing them alone would take longer than the whole day's rollup and publish.
    encode: (data: Buffer) =>
      brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 7, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
  },
] as const;

export { etagOf } from "../storage/storage.ts";

/** The file's place under root: the path is normalised as if root were "/", so it cannot climb out. */
export function resolveUnder(root: string, urlPath: string): string {
  const target = path.resolve(root, `.${path.posix.normalize(`/${urlPath}`)}`);
  const base = path.resolve(root);
  if (target !== base && !target.startsWith(`${base}${path.sep}`)) {
    throw new Error(`refusing to write outside the publish root: ${urlPath}`);
  }
  return target;
}

/** A URL path's key in the published files' store: normalised as if at "/", so it cannot climb out. */
export function publishedKey(urlPath: string): string {
  return path.posix.normalize(`/${urlPath}`).replace(/^\/+/, "");
}

/** What a bucket tells a browser or a CDN that fetches a file from it directly. */
const CONTENT_TYPES: Record<string, string> = {
  ".json": "application/json; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".svg": "image/svg+xml",
};

export function contentTypeOf(urlPath: string): string {
  return CONTENT_TYPES[path.posix.extname(urlPath)] ?? "application/octet-stream";
}

/**
 * Writes one published JSON file and its .gz and .br into the published files' store (a directory:
 * PUBLISH_DIR's path, or the store STORAGE_URL names). Each object is put whole (decision 0045), so
 * a reader never sees a half-written file. The JSON is stable (sorted keys) and the compressors are
 * deterministic (gzip with no name and mtime 0), so rewriting the same data gives the same bytes; a
 * file whose bytes are unchanged is not rewritten at all.
 */
export async function publishJson(
  where: StorageOrDir,
  urlPath: string,
  data: unknown,
): Promise<PublishedFile> {
  return publishBytes(where, urlPath, Buffer.from(stableJson(data)));
}

/**
 * What a published file's object is put with, for the file's key or one of its encoded variants
 * (stored as bytes): its type, and the caching of the file it is, kept with it for a CDN.
 */
export function publishedPutOptions(key: string): { contentType: string; cacheControl: string } {
  const variant = ENCODINGS.find(({ suffix }) => key.endsWith(suffix));
  const file = variant ? key.slice(0, -variant.suffix.length) : key;
  return {
    contentType: variant ? "application/octet-stream" : contentTypeOf(file),
    cacheControl: cacheControlFor(`/${file}`),
  };
}

/** Any published file (a CSV, a README) written the way publishJson writes JSON. */
export async function publishBytes(
  where: StorageOrDir,
  urlPath: string,
  data: Buffer,
): Promise<PublishedFile> {
  const store = asStorage(where);
  const key = publishedKey(urlPath);
  const etag = etagOf(data);
  // Compared by the SHA-256 ETag: a bucket answers it from a HEAD, without sending the bytes.
  const previous = await store.head(key);
  const changed = previous === null || previous.etag !== etag;
  if (changed) {
    // Compressed variants first: when the file appears, its variants already match it.
    for (const { suffix, encode } of ENCODINGS) {
      await store.put(key + suffix, encode(data), publishedPutOptions(key + suffix));
    }
    await store.put(key, data, publishedPutOptions(key));
  }
  return { urlPath: `/${key}`, bytes: data.length, etag, changed };
}
