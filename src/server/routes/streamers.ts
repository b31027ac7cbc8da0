import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { lastSeen, onlineNow, performerLiveNow } from "../../db/queries/online-now.ts";
import { modelNameParam } from "../../site/performer-name.ts";
import { parseInput } from "../api/api-error.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { requirePerformer } from "../api/performers.ts";

const streamersQuery = z.object({
  modelName: modelNameParam.optional(),
});

/**
 * /api/streamers: who is online now (the latest complete poll), and /api/streamers?modelName: one
 * performer's live state, by the performer page's rule (performerLiveNow). Both change every poll,
 * so they are cached for a minute, not five. `now` is the clock live states are judged by.
 */
export function registerStreamers(app: FastifyInstance, db: Db, now: () => number = Date.now): void {
  app.get("/api/streamers", async (request, reply) => {
    const query = parseInput(streamersQuery, request.query);
    reply.header("cache-control", "public, max-age=60");
    if (query.modelName === undefined) {
      const online = await onlineNow(db);
      return { ...online, count: online.streamers.length };
    }
    const performer = await requirePerformer(db, query.modelName);
    const seen = await lastSeen(db, performer.performerId);
    const { live, observedAt, room } = await performerLiveNow(
      db,
      performer.performerId,
      seen?.getTime() ?? null,
      now(),
    );
    return {
      modelName: performer.username,
      live,
      lastSeenTime: seen?.toISOString() ?? null,
      observedAt,
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
