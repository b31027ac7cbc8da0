import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/connect.ts";
import { liveStats } from "../../stats/queries/live-stats.ts";
import type { LiveStats } from "../../types/live-stats.ts";
import type { RouteDoc } from "../api/openapi.ts";

/** A poll comes once a minute: the answer is shared for this long, by the server and by caches. */
const REUSE_MS = 15_000;
export const LIVE_STATS_CACHE = "public, max-age=15";

/**
 * A reader of the live stats that asks the database at most once per REUSE_MS, however many ask:
 * one read answers everyone in that time (the page and the call share it).
 */
export function liveStatsReader(db: Db, now: () => number = Date.now): () => Promise<LiveStats> {
  let kept: { at: number; stats: Promise<LiveStats> } | null = null;
  return () => {
    const t = now();
    if (kept === null || t - kept.at >= REUSE_MS) {
      const stats = liveStats(db);
      kept = { at: t, stats };
      // A failed read is not kept: the next request asks again.
      stats.catch(() => {
        if (kept?.stats === stats) kept = null;
      });
    }
    return kept.stats;
  };
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
