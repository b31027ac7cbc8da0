import { mkdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

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

/**
 * The published JSON files (src/publish/) under their SPEC §7 paths: /stats/… and /api/….json, and
 * the open data under /data/ (a day's CSV files and the README of their columns).
 * The .br or .gz written beside each file is sent as it is when the client accepts it; ETag and
 * If-None-Match come from @fastify/static. Dynamic /api routes registered elsewhere win over these
 * (find-my-way prefers a static route to a wildcard).
 */
export function registerPublishedFiles(app: FastifyInstance, publishDir: string): void {
  const served = [
    { prefix: "stats", allowed: (name: string) => name.endsWith(".json") },
    { prefix: "api", allowed: (name: string) => name.endsWith(".json") },
    { prefix: "data", allowed: (name: string) => name.endsWith(".csv") || name === "/README.md" },
    // The data reports' charts (issue 21): static SVG drawn by the daily job, with no script in them.
    {
      prefix: "images/reports",
      allowed: (name: string) => /^\/\d{4}-\d{2}-[a-z]+(-narrow)?\.svg$/.test(name),
    },
  ];
  for (const [index, { prefix, allowed }] of served.entries()) {
    const root = path.resolve(publishDir, prefix);
    // @fastify/static wants its root to exist; an empty one just answers 404 until the first publish.
    mkdirSync(root, { recursive: true });
    app.register(fastifyStatic, {
      root,
      prefix: `/${prefix}/`,
      decorateReply: index === 0,
      preCompressed: true,
      index: false,
      list: false,
      dotfiles: "deny",
      allowedPath: allowed,
      // Our policy, by path, in setHeaders (send's own would overwrite it with max-age=0).
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const urlPath = `/${prefix}/${path.relative(root, filePath).split(path.sep).join("/")}`;
        res.setHeader("cache-control", cacheControlFor(urlPath.replace(/\.(br|gz)$/, "")));
        // The answer depends on Accept-Encoding (a .br, a .gz or the JSON): caches must know.
        res.setHeader("vary", "Accept-Encoding");
      },
    });
  }
}
