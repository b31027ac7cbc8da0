import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { namedCache } from "../../cache/named-cache.ts";
import { cacheControlFor, FRESH_SECONDS } from "../../publish/cache-control.ts";
import { contentTypeOf, ENCODINGS } from "../../publish/write-file.ts";
import { checkKey, type Storage, type StoredObject } from "../../storage/storage.ts";
import { ApiError, sendApiError } from "../api/api-error.ts";

/** The families served, by their first folder, and which names in them are published files. */
const SERVED = [
  { prefix: "stats", allowed: (name: string) => name.endsWith(".json") },
  { prefix: "api", allowed: (name: string) => name.endsWith(".json") },
  { prefix: "data", allowed: (name: string) => name.endsWith(".csv") || name === "README.md" },
  // The data reports' charts (issue 21): static SVG drawn by the daily job, with no script in them.
  { prefix: "images/reports", allowed: (name: string) => /^\d{4}-\d{2}-[a-z]+(-narrow)?\.svg$/.test(name) },
];

const CONTENT_ENCODING: Record<string, string> = { ".br": "br", ".gz": "gzip" };

/**
 * The variants a client takes, best first: brotli before gzip where both are accepted alike (it is
 * the smaller), neither where its q is 0. The plain file is always the last resort.
 */
export function acceptedVariants(acceptEncoding: string | undefined): (".br" | ".gz")[] {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const weight = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const of = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  return (
    [
      [".br", of("br")],
      [".gz", Math.max(of("gzip"), q.get("x-gzip") ?? 0)],
    ] as const
  )
    .filter(([, weight]) => weight > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([suffix]) => suffix);
}

/**
 * The objects last served, by store and key, kept while their stamp stays the same: a request then
 * costs a stat (a directory) or a HEAD (a bucket) and no read. Bound in bytes: the largest files are
 * a few hundred kB, the usual a few kB compressed.
 */
const served = namedCache<string, { version: string; object: StoredObject }>({
  name: "published-files",
  key: "the store's description and the file's key (the entry holds its stamp)",
  bound: { bytes: 64 * 1024 * 1024, sizeOf: (entry) => entry.object.bytes.length + 200 },
  ttlMs: Number.POSITIVE_INFINITY,
});

async function objectOf(store: Storage, key: string): Promise<StoredObject | null> {
  const stamp = await store.stamp(key);
  if (stamp === null) return null;
  const cacheKey = `${store.description}\n${key}`;
  const kept = served.get(cacheKey);
  if (kept?.version === stamp.version) return kept.object;
  const object = await store.get(key);
  // Kept under the stamp taken before the read: one replaced in between is read again next time.
  if (object !== null) served.set(cacheKey, { version: stamp.version, object });
  return object;
}

/**
 * Whether the client's copy is current: If-None-Match decides when sent (the ETag is exact);
 * otherwise If-Modified-Since, to the second (an HTTP date has no finer grain).
 */
function notModified(request: FastifyRequest, object: StoredObject): boolean {
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined) return matches(ifNoneMatch, object.etag);
  const since = Date.parse(request.headers["if-modified-since"] ?? "");
  return Number.isFinite(since) && Math.floor(object.modifiedMs / 1000) * 1000 <= since;
}

const oneHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** If-Range: the range holds only while the client's ETag or date is still the file's; none: it holds. */
function rangeStillValid(ifRange: string | undefined, etag: string, lastModified: string): boolean {
  if (ifRange === undefined) return true;
  return ifRange.trim() === etag || ifRange.trim() === lastModified;
}

/**
 * One byte range of a Range header, inclusive, against a length: `bytes=a-b`, `bytes=a-` or
 * `bytes=-n`. null (send the whole) for what is no single byte range (another unit, a list of
 * ranges, a malformed one: RFC 9110 lets a server ignore those); "unsatisfiable" for a range that
 * starts past the end.
 */
export function byteRange(
  header: string,
  length: number,
): { start: number; end: number } | "unsatisfiable" | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, length - suffix), end: length - 1 };
  }
  const start = Number(from);
  const end = to === "" ? length - 1 : Math.min(Number(to), length - 1);
  if (to !== "" && Number(to) < start) return null;
  if (start >= length) return "unsatisfiable";
  return { start, end };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * The published JSON files (src/publish/) under their SPEC §7 paths: /stats/… and /api/….json, and
 * the open data under /data/ (a day's CSV files and the README of their columns), served from the
 * published files' store (decision 0050): the directory of PUBLISH_DIR, or the bucket STORAGE_URL
 * names. The .br or .gz written beside each file is sent as it is when the client accepts it; the
 * ETag is the SHA-256 one of the bytes sent; a matching If-None-Match (or, without one, an
 * If-Modified-Since not before the file) answers 304, and a single byte range 206. With
 * `redirectBase` (PUBLISHED_BASE_URL) every file answers 302 to a CDN there instead. Dynamic /api
 * routes registered elsewhere win over these (find-my-way prefers a static route to a wildcard).
 */
export function registerPublishedFiles(
  app: FastifyInstance,
  store: Storage,
  options: { redirectBase?: string } = {},
): void {
  for (const { prefix, allowed } of SERVED) {
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const name = (request.params as { "*": string })["*"];
      const key = `${prefix}/${name}`;
      // A name that climbs, hides or is empty is no key of the store, and no published file.
      if (!allowed(name) || !isKey(key)) return notFound(request, reply);
      if (options.redirectBase !== undefined) {
        return reply
          .header("cache-control", `public, max-age=${FRESH_SECONDS}`)
          .redirect(`${options.redirectBase}/${key.split("/").map(encodeURIComponent).join("/")}`, 302);
      }
      // The file itself decides whether it is published (its variants are written before it).
      const [plain, ...variants] = await Promise.all([
        store.stamp(key),
        ...acceptedVariants(request.headers["accept-encoding"]).map(async (suffix) => ({
          suffix,
          object: await objectOf(store, key + suffix),
        })),
      ]);
      if (plain === null) return notFound(request, reply);
      const variant = variants.find((v) => v.object !== null);
      const object = variant?.object ?? (await objectOf(store, key));
      if (object === null) return notFound(request, reply);
      const lastModified = new Date(object.modifiedMs).toUTCString();
      reply
        .header("cache-control", cacheControlFor(`/${key}`))
        // The answer depends on Accept-Encoding (a .br, a .gz or the file): caches must know.
        .header("vary", "Accept-Encoding")
        .header("etag", object.etag)
        .header("last-modified", lastModified)
        .header("accept-ranges", "bytes");
      if (notModified(request, object)) return reply.code(304).send();
      if (variant !== undefined) reply.header("content-encoding", CONTENT_ENCODING[variant.suffix] as string);
      reply.type(contentTypeOf(key));
      // A range of the representation sent (the .br, the .gz or the file), as a resumed download asks.
      const rangeHeader = request.headers.range;
      if (
        rangeHeader !== undefined &&
        rangeStillValid(oneHeader(request.headers["if-range"]), object.etag, lastModified)
      ) {
        const range = byteRange(rangeHeader, object.bytes.length);
        if (range === "unsatisfiable")
          return reply.code(416).header("content-range", `bytes */${object.bytes.length}`).send();
        if (range !== null)
          return reply
            .code(206)
            .header("content-range", `bytes ${range.start}-${range.end}/${object.bytes.length}`)
            .send(object.bytes.subarray(range.start, range.end + 1));
      }
      return reply.send(object.bytes);
    };
    app.get(`/${prefix}/*`, handler);
  }
}

/** The API's 404 (a file path is no page): the pages' own not-found answer would render a page. */
function notFound(request: FastifyRequest, reply: FastifyReply) {
  return sendApiError(reply, new ApiError(404, "not_found", `no such path: ${request.url.split("?")[0]}`));
}

function isKey(key: string): boolean {
  try {
    checkKey(key);
    return !ENCODINGS.some(({ suffix }) => key.endsWith(suffix));
  } catch {
    return false;
  }
}
