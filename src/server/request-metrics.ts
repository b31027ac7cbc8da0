import type { FastifyInstance } from "fastify";
import { requestMetrics, routeFamily } from "../metrics/http-metrics.ts";

/**
 * Counts every answer of the app by route family and status, and times it (decision 0037): one
 * hook at the root, so 404s, rate-limited and refused requests count too. Only with METRICS_PORT:
 * without it, nothing runs per request.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  const { requests, duration } = requestMetrics();
  app.addHook("onResponse", (request, reply, done) => {
    const family = routeFamily(request.url);
    requests.inc({ family, status: reply.statusCode });
    duration.observe({ family }, reply.elapsedTime / 1000);
    done();
  });
}
