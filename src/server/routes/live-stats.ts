import type { FastifyInstance } from "fastify";
import { namedCache } from "../../cache/named-cache.ts";
import type { Db } from "../../db/connect.ts";
import { liveStats } from "../../db/queries/live-stats.ts";
import type { LiveStats } from "../../types/live-stats.ts";
import type { RouteDoc } from "../api/openapi.ts";

/** A poll comes once a minute: the answer is shared for this long, by the server and by caches. */
export const LIVE_STATS_CACHE = "public, max-age=15";
/** The reader's cache: one answer, kept 15 s (as LIVE_STATS_CACHE says to caches downstream). */
const LIVE_STATS = { name: "live-stats", key: "one: the live stats", bound: { entries: 1 }, ttlMs: 15_000 };

/**
 * A reader of the live stats that asks the database at most once per 15 s, however many ask: one
 * read answers everyone in that time (the page and the call share it). A failed read is not kept.
 */
export function liveStatsReader(db: Db, now: () => number = Date.now): () => Promise<LiveStats> {
  const cache = namedCache<"live", LiveStats>({ ...LIVE_STATS, now });
  return () => cache.getOrLoad("live", () => liveStats(db));
}

/** GET /v1/live_stats: the rooms and viewers now, a day before, and the last 24 hours (the /live-stats page). */
export function registerLiveStats(app: FastifyInstance, read: () => Promise<LiveStats>): void {
  app.get("/v1/live_stats", async (_request, reply) => {
    const stats = await read();
    return reply.header("cache-control", LIVE_STATS_CACHE).send(stats);
  });
}

export const LIVE_STATS_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/live_stats",
    summary:
      "Rooms and viewers in the latest complete poll (all and per gender), the poll nearest a day before, and the last 24 hours in 10-minute steps",
    responses: { "200": "the live stats; observedAt null before the first complete poll" },
  },
];
