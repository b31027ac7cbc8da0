import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { namedCache } from "../../cache/named-cache.ts";
import { contentTypeOf, ENCODINGS } from "../../publish/write-file.ts";
import { checkKey, type Storage, type StoredObject } from "../../storage/storage.ts";
import { ApiError, sendApiError } from "../api/api-error.ts";

/** Ranking days before this many days ago never change again (the rollup writes a day once). */
const SETTLED_AFTER_DAYS = 2;
const YEAR_SECONDS = 365 * 86_400;
/** SPEC §9: API data may be cached 5 minutes. */
const FRESH_SECONDS = 300;
const FOLLOWING_SECONDS = 30;
const DATED = /^\/(?:stats|data)\/(\d{4}-\d{2}-\d{2})\//;

/**
 * Cache-Control of a published file: a past ranking day is cacheable for a year; the latest days
 * and every other file (lists that change daily, traffic, online users) for five minutes.
 */
export function cacheControlFor(urlPath: string, now = Date.now()): string {
  // A report's chart is linked with ?v={its hash} (src/publish/reports/): a new drawing is a new address.
  if (urlPath.startsWith("/images/reports/")) return `public, max-age=${YEAR_SECONDS}, immutable`;
  // Follows a reviewer's approval within a minute (issue 30): republished within 15 s, kept 30.
  if (urlPath === "/api/tags/additional_tags.json") return `public, max-age=${FOLLOWING_SECONDS}`;
  const day = DATED.exec(urlPath)?.[1];
  if (day) {
    const settled = Date.parse(`${day}T00:00:00Z`) < now - SETTLED_AFTER_DAYS * 86_400_000;
    if (settled) return `public, max-age=${YEAR_SECONDS}, immutable`;
  }
  return `public, max-age=${FRESH_SECONDS}`;
}

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
 * ETag is the SHA-256 one of the bytes sent, and a matching If-None-Match answers 304. With
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
      reply
        .header("cache-control", cacheControlFor(`/${key}`))
        // The answer depends on Accept-Encoding (a .br, a .gz or the file): caches must know.
        .header("vary", "Accept-Encoding")
        .header("etag", object.etag)
        .header("last-modified", new Date(object.modifiedMs).toUTCString());
      if (matches(request.headers["if-none-match"], object.etag)) return reply.code(304).send();
      if (variant !== undefined) reply.header("content-encoding", CONTENT_ENCODING[variant.suffix] as string);
      return reply.type(contentTypeOf(key)).send(object.bytes);
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
