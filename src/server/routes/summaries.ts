import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { monthlySummaries } from "../../db/queries/monthly-summaries.ts";
import { findPerformerById } from "../../db/queries/performer-by-id.ts";
import type { PerformerRef } from "../../db/queries/performer-lookup.ts";
import { yearlySummary } from "../../db/queries/yearly-summary.ts";
import { modelNameParam } from "../../site/performer-name.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { API_CACHE } from "../api/cache.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { requirePerformer } from "../api/performers.ts";

const byName = z.object({ name: modelNameParam });
const byId = z.object({
  id: z
    .string({ error: "expected a performer id" })
    .regex(/^[1-9]\d{0,14}$/, "expected a performer id (a whole number)")
    .transform(Number),
});
const yearQuery = (thisYear: number) =>
  z.object({
    year: z
      .string({ error: "expected a year" })
      .regex(/^\d{4}$/, "expected a year such as 2026")
      .transform(Number)
      .refine((y) => y >= 2000 && y <= thisYear, `expected a year from 2000 to ${thisYear}`)
      .optional(),
  });
const monthQuery = z.object({
  month: z
    .string({ error: "expected a month" })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "expected a month as YYYY-MM")
    .optional(),
});

/**
 * The API host's summaries (SPEC §7, DESIGN.md §2: prefix /v1): a performer's year (the wrapped
 * page) by name or by id, with ?year= (default this UTC year), and the 12 monthly summaries ending
 * with ?month= (default this UTC month).
 */
export function registerSummaries(app: FastifyInstance, db: Db, now: () => number = Date.now): void {
  const performerById = async (id: number) => {
    const performer = await findPerformerById(db, id);
    if (!performer) throw new ApiError(404, "unknown_performer", `no performer has the id ${id}`);
    return performer;
  };
  const wrapped = async (find: () => Promise<PerformerRef>, query: unknown) => {
    const thisYear = new Date(now()).getUTCFullYear();
    const { year = thisYear } = parseInput(yearQuery(thisYear), query);
    const performer = await find();
    return {
      modelName: performer.username,
      id: performer.performerId,
      ...(await yearlySummary(db, performer.performerId, year)),
    };
  };

  app.get("/v1/public/wrapped/:name", async (request, reply) => {
    const { name } = parseInput(byName, request.params);
    reply.header("cache-control", API_CACHE);
    return wrapped(() => requirePerformer(db, name), request.query);
  });

  app.get("/v1/wrapped/:id", async (request, reply) => {
    const { id } = parseInput(byId, request.params);
    reply.header("cache-control", API_CACHE);
    return wrapped(() => performerById(id), request.query);
  });

  app.get("/v1/monthly_summary/:id", async (request, reply) => {
    const { id } = parseInput(byId, request.params);
    const { month = new Date(now()).toISOString().slice(0, 7) } = parseInput(monthQuery, request.query);
    const performer = await performerById(id);
    reply.header("cache-control", API_CACHE);
    const months = await monthlySummaries(db, performer.performerId, month);
    return { modelName: performer.username, id: performer.performerId, months };
  });
}

export const SUMMARIES_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/public/wrapped/{name}",
    summary: "A performer's year (the wrapped page) by name; year defaults to this UTC year",
    params: byName,
    query: yearQuery(new Date().getUTCFullYear()),
    responses: { "200": "the yearly summary", "400": "a bad parameter", "404": "an unknown performer" },
  },
  {
    method: "get",
    path: "/v1/wrapped/{id}",
    summary: "A performer's year by id",
    params: byId,
    query: yearQuery(new Date().getUTCFullYear()),
    responses: { "200": "the yearly summary", "400": "a bad parameter", "404": "an unknown performer" },
  },
  {
    method: "get",
    path: "/v1/monthly_summary/{id}",
    summary: "The 12 monthly summaries ending with month (default this UTC month)",
    params: byId,
    query: monthQuery,
    responses: { "200": "12 months", "400": "a bad parameter", "404": "an unknown performer" },
  },
];
