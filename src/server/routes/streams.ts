import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { hourlyStats, MAX_WEEKS_BACK } from "../../db/queries/hourly-stats.ts";
import { performerStream, performerStreams } from "../../db/queries/performer-streams.ts";
import { modelNameParam } from "../../site/performer-name.ts";
import { lastClosedDay } from "../../stats/ranking-day.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { API_CACHE } from "../api/cache.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { requirePerformer } from "../api/performers.ts";

/** How many streams /api/streams lists, newest first. */
export const STREAMS_LIMIT = 100;

const modelName = modelNameParam;

const streamsQuery = z.object({ modelName });
const detailsQuery = z.object({
  modelName,
  streamId: z
    .string({ error: "expected a stream id" })
    .regex(/^\d{1,12}$/, "expected a stream id (the start in whole seconds since 1970)")
    .optional(),
});
const hourlyQuery = z.object({
  modelName,
  weeksBack: z
    .string({ error: "expected a number of weeks" })
    .regex(/^\d{1,3}$/, `expected a whole number of weeks from 1 to ${MAX_WEEKS_BACK}`)
    .transform(Number)
    .refine(
      (n) => n >= 1 && n <= MAX_WEEKS_BACK,
      `expected a whole number of weeks from 1 to ${MAX_WEEKS_BACK}`,
    )
    .default(4),
});

/**
 * A performer's streams (SPEC §7 charts host): /api/streams?modelName (the latest 100 stream
 * sessions), /api/stream_details?modelName[&streamId] (one, the latest without an id), and
 * /api/stream_hourlystats?modelName&weeksBack (7 weekdays x 24 UTC hours, default 4 weeks).
 * Each handler: validate, query, respond (no authentication: these are public).
 */
export function registerStreams(app: FastifyInstance, db: Db): void {
  const performer = (name: string) => requirePerformer(db, name);

  app.get("/api/streams", async (request, reply) => {
    const query = parseInput(streamsQuery, request.query);
    const { performerId, username } = await performer(query.modelName);
    const streams = await performerStreams(db, performerId, STREAMS_LIMIT);
    return reply.header("cache-control", API_CACHE).send({ modelName: username, streams });
  });

  app.get("/api/stream_details", async (request, reply) => {
    const query = parseInput(detailsQuery, request.query);
    const { performerId, username } = await performer(query.modelName);
    const stream = await performerStream(db, performerId, query.streamId);
    if (!stream) {
      throw query.streamId === undefined
        ? new ApiError(404, "no_streams", `${username} has no stream yet`)
        : new ApiError(404, "unknown_stream", `${username} has no stream ${query.streamId}`, "streamId");
    }
    return reply.header("cache-control", API_CACHE).send({ modelName: username, stream });
  });

  app.get("/api/stream_hourlystats", async (request, reply) => {
    const query = parseInput(hourlyQuery, request.query);
    const { performerId, username } = await performer(query.modelName);
    const endDay = lastClosedDay(Date.now());
    const hours = await hourlyStats(db, performerId, endDay, query.weeksBack);
    return reply
      .header("cache-control", API_CACHE)
      .send({ modelName: username, endDay, weeksBack: query.weeksBack, hours });
  });
}

/** The OpenAPI entries of these calls (GET /api/docs), with the schemas above. */
export const STREAMS_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/api/streams",
    summary: "A performer's latest 100 stream sessions, newest first",
    query: streamsQuery,
    responses: { "200": "the streams", "400": "a bad parameter", "404": "an unknown performer" },
  },
  {
    method: "get",
    path: "/api/stream_details",
    summary: "One stream session of a performer: the one asked for, or the latest",
    query: detailsQuery,
    responses: { "200": "the stream", "400": "a bad parameter", "404": "an unknown performer or stream" },
  },
  {
    method: "get",
    path: "/api/stream_hourlystats",
    summary: "A performer's week in 7 weekdays x 24 UTC hours over the last weeksBack weeks (default 4)",
    query: hourlyQuery,
    responses: { "200": "168 buckets", "400": "a bad parameter", "404": "an unknown performer" },
  },
];
