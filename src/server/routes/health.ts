import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/connect.ts";
import { collectionCounts } from "../../db/queries/health.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { readiness } from "../readiness.ts";

export interface HealthBody {
  status: "ok" | "degraded" | "draining";
  database: { reachable: boolean; error?: string };
  lastCompletePollAt: string | null;
  counts: { performers: number; snapshots: number; sessions: number; polls: number } | null;
}

/**
 * GET /api/health: never throws; a database that cannot be reached answers 503 with the reason,
 * and so does a process that is stopping (status draining, see readiness.ts).
 */
export function registerHealth(app: FastifyInstance, db: Db): void {
  app.get("/api/health", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      const counts = await collectionCounts(db);
      const body: HealthBody = {
        status: readiness.draining ? "draining" : "ok",
        database: { reachable: true },
        lastCompletePollAt: counts.lastCompletePollAt?.toISOString() ?? null,
        counts: {
          performers: counts.performers,
          snapshots: counts.snapshots,
          sessions: counts.sessions,
          polls: counts.polls,
        },
      };
      // Stopping: still serving, but a load balancer should send no more.
      return readiness.draining ? reply.code(503).send(body) : body;
    } catch (error) {
      const body: HealthBody = {
        status: "degraded",
        database: { reachable: false, error: error instanceof Error ? error.message : String(error) },
        lastCompletePollAt: null,
        counts: null,
      };
      return reply.code(503).send(body);
    }
  });
}

export const HEALTH_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/api/health",
    summary:
      "Whether the database answers, with the collection's counts: { status, database: { reachable, error? }, lastCompletePollAt, counts }",
    responses: {
      "200": "the database answers",
      "503": "the database does not answer (status degraded), or the process is stopping (status draining)",
    },
  },
];
