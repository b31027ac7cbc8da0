import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { metricsRegistry } from "./registry.ts";

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export interface HealthAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * The metrics listener (METRICS_PORT on METRICS_HOST), apart from the site's port: GET /metrics in
 * Prometheus's text format, and GET /health, which is all a worker answers over HTTP. Nothing
 * else: no rate limit, pages or API, and so none of the site's cost or exposure.
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  /** Prometheus's text of what to report (the process's own, or a node's processes' merged). */
  metrics: () => Promise<string>;
  health: () => Promise<HealthAnswer>;
}): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      response.end(request.method === "HEAD" ? undefined : body);
    };
    const json = (status: number, body: unknown) =>
      send(status, "application/json; charset=utf-8", JSON.stringify(body));
    if (path !== "/metrics" && path !== "/health") return json(404, { error: "not found" });
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.setHeader("allow", "GET, HEAD");
      return json(405, { error: "method not allowed" });
    }
    const answer =
      path === "/metrics"
        ? options.metrics().then((text) => send(200, metricsRegistry.contentType, text))
        : options.health().then(({ status, body }) => json(status, body));
    answer.catch((error: unknown) =>
      json(500, { error: error instanceof Error ? error.message : String(error) }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
