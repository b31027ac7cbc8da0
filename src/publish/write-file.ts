import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
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

export function etagOf(data: Buffer): string {
  return `"${createHash("sha256").update(data).digest("base64url").slice(0, 27)}"`;
}

/** The file's place under root: the path is normalised as if root were "/", so it cannot climb out. */
export function resolveUnder(root: string, urlPath: string): string {
  const target = path.resolve(root, `.${path.posix.normalize(`/${urlPath}`)}`);
  const base = path.resolve(root);
  if (target !== base && !target.startsWith(`${base}${path.sep}`)) {
    throw new Error(`refusing to write outside the publish root: ${urlPath}`);
  }
  return target;
}

async function replaceAtomically(target: string, data: Buffer): Promise<void> {
  const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, target);
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Writes one published JSON file and its .gz and .br: each to a temp file, then renamed over the
 * old one, so a reader never sees a half-written file. The JSON is stable (sorted keys) and the
 * compressors are deterministic (gzip with no name and mtime 0), so rewriting the same data gives
 * the same bytes; a file whose bytes are unchanged is not rewritten at all.
 */
export async function publishJson(root: string, urlPath: string, data: unknown): Promise<PublishedFile> {
  return publishBytes(root, urlPath, Buffer.from(stableJson(data)));
}

/** Any published file (a CSV, a README) written the way publishJson writes JSON. */
export async function publishBytes(root: string, urlPath: string, data: Buffer): Promise<PublishedFile> {
  const target = resolveUnder(root, urlPath);
  const etag = etagOf(data);
  const previous = await readFile(target).catch(() => null);
  const changed = previous === null || !previous.equals(data);
  if (changed) {
    await mkdir(path.dirname(target), { recursive: true });
    // Compressed variants first: when the file appears, its variants already match it.
    for (const { suffix, encode } of ENCODINGS) await replaceAtomically(target + suffix, encode(data));
    await replaceAtomically(target, data);
  }
  return {
    urlPath: `/${path.posix.normalize(urlPath).replace(/^\/+/, "")}`,
    bytes: data.length,
    etag,
    changed,
  };
}
