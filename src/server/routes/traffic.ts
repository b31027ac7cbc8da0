import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { tagTrafficHours, trafficHours } from "../../db/queries/traffic-series.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { API_CACHE } from "../api/cache.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { dayParam } from "../api/params.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A start date shows this many days of traffic. */
export const TRAFFIC_SPAN_DAYS = 7;

const trafficQuery = (now: () => number) =>
  z.object({
    date: dayParam("a date", now).optional(),
    startDate: dayParam("a start date", now).optional(),
    tag: z
      .string({ error: "expected one tag" })
      .trim()
      .toLowerCase()
      .regex(/^[^\p{Cc}#\s][^\p{Cc}]{0,63}$/u, "expected a tag of 1 to 64 characters")
      .optional(),
  });

/**
 * /api/traffic (SPEC §7): rooms and viewers per UTC hour, by gender. Without parameters the last
 * 24 hours; `date` one UTC day; `startDate` the 7 days from it; `startDate` and `tag` that tag's
 * rooms and viewers over those days (from the daily rollup, so days not yet rolled up are empty).
 */
export function registerTraffic(app: FastifyInstance, db: Db, now: () => number = Date.now): void {
  const querySchema = trafficQuery(now);
  app.get("/api/traffic", async (request, reply) => {
    const query = parseInput(querySchema, request.query);
    if (query.date !== undefined && query.startDate !== undefined) {
      throw new ApiError(400, "invalid_parameter", "date: give either date or startDate, not both", "date");
    }
    if (query.tag !== undefined && query.startDate === undefined) {
      throw new ApiError(
        400,
        "invalid_parameter",
        "startDate: a tag's traffic needs a start date",
        "startDate",
      );
    }
    let from: number;
    let to: number;
    if (query.date !== undefined) [from, to] = [query.date, query.date + DAY_MS];
    else if (query.startDate !== undefined)
      [from, to] = [query.startDate, query.startDate + TRAFFIC_SPAN_DAYS * DAY_MS];
    else {
      to = now();
      from = Math.floor(to / HOUR_MS) * HOUR_MS - 23 * HOUR_MS;
    }
    const range = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
    reply.header("cache-control", API_CACHE);
    if (query.tag !== undefined) {
      return {
        ...range,
        tag: query.tag,
        hours: await tagTrafficHours(db, query.tag, new Date(from), new Date(to)),
      };
    }
    return { ...range, hours: await trafficHours(db, new Date(from), new Date(to)) };
  });
}

export const TRAFFIC_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/api/traffic",
    summary:
      "Rooms and viewers per UTC hour by gender: the last 24 hours, a date, or 7 days from startDate (with a tag); dates from 2000-01-01 to tomorrow (UTC)",
    query: trafficQuery(Date.now),
    responses: { "200": "the hours", "400": "a bad parameter" },
  },
];
