import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { findPerformer } from "../../db/queries/performer-lookup.ts";
import { lastSeen, onlineNow } from "../../stats/queries/online-now.ts";
import { parseQuery, unknownPerformer } from "../api/api-error.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { modelNameParam } from "../api/params.ts";

/** SPEC §4: live means in the online list or seen under 5 minutes ago. */
export const LIVE_WITHIN_MS = 5 * 60_000;

const streamersQuery = z.object({
  modelName: modelNameParam.optional(),
});

/**
 * /api/streamers: who is online now (the latest complete poll), and /api/streamers?modelName: one
 * performer's live state. Both change every poll, so they are cached for a minute, not five.
 */
export function registerStreamers(app: FastifyInstance, db: Db, now: () => number = Date.now): void {
  app.get("/api/streamers", async (request, reply) => {
    const query = parseQuery(streamersQuery, request.query);
    reply.header("cache-control", "public, max-age=60");
    const online = await onlineNow(db);
    if (query.modelName === undefined) return { ...online, count: online.streamers.length };
    const performer = await findPerformer(db, query.modelName);
    if (!performer) throw unknownPerformer(query.modelName);
    const room = online.streamers.find((s) => s.name === performer.username) ?? null;
    const seen = await lastSeen(db, performer.performerId);
    const live = room !== null || (seen !== null && now() - seen.getTime() < LIVE_WITHIN_MS);
    return {
      modelName: performer.username,
      live,
      lastSeenTime: seen?.toISOString() ?? null,
      observedAt: online.observedAt,
      room,
    };
  });
}

export const STREAMERS_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/api/streamers",
    summary: "Who is online now (the latest complete poll), or one performer's live state with modelName",
    query: streamersQuery,
    responses: {
      "200": "the online list, or the performer's state",
      "400": "a bad parameter",
      "404": "an unknown performer",
    },
  },
];
