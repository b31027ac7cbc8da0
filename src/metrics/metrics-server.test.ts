import { request } from "node:http";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { type MetricsServer, startMetricsServer } from "./metrics-server.ts";

/** A request on a connection of its own: status, content type and body. */
function ask(url: string, method = "GET"): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"]), body }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the metrics listener", () => {
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("answers /metrics and /health, and nothing else", async () => {
    let healthy = true;
    server = await startMetricsServer({
      host: "127.0.0.1",
      port: 0,
      metrics: async () => "# TYPE x_total counter\nx_total 3\n",
      health: async () =>
        healthy ? { status: 200, body: { status: "ok" } } : { status: 503, body: { status: "degraded" } },
    });
    const metrics = await ask(`${server.url}/metrics`);
    expect(metrics).toMatchObject({ status: 200, body: "# TYPE x_total counter\nx_total 3\n" });
    expect(metrics.type).toContain("text/plain; version=0.0.4");
    expect(await ask(`${server.url}/health`)).toMatchObject({ status: 200, body: '{"status":"ok"}' });
    healthy = false;
    expect(await ask(`${server.url}/health?x=1`)).toMatchObject({
      status: 503,
      body: '{"status":"degraded"}',
    });
    expect((await ask(`${server.url}/`)).status).toBe(404);
    expect((await ask(`${server.url}/api/health`)).status).toBe(404);
    expect((await ask(`${server.url}/metrics`, "POST")).status).toBe(405);
    expect(await ask(`${server.url}/metrics`, "HEAD")).toMatchObject({ status: 200, body: "" });
  });

  it("says what failed when the metrics cannot be gathered", async () => {
    server = await startMetricsServer({
      host: "127.0.0.1",
      port: 0,
      metrics: async () => {
        throw new Error("a collect callback failed");
      },
      health: async () => ({ status: 200, body: {} }),
    });
    expect(await ask(`${server.url}/metrics`)).toMatchObject({
      status: 500,
      body: '{"error":"a collect callback failed"}',
    });
  });

  it("answers any other address or method with a 4xx, and never fails (hostile input)", async () => {
    server = await startMetricsServer({
      host: "127.0.0.1",
      port: 0,
      metrics: async () => "x 1\n",
      health: async () => ({ status: 200, body: { status: "ok" } }),
    });
    const origin = server.url;
    await fc.assert(
      fc.asyncProperty(
        fc.webPath(),
        fc.webQueryParameters(),
        fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"),
        async (path, query, method) => {
          const address = `${origin}${path.startsWith("/") ? path : `/${path}`}${query ? `?${query}` : ""}`;
          const { status } = await ask(address, method);
          const known = ["/metrics", "/health"].includes(new URL(address).pathname);
          if (known && (method === "GET" || method === "HEAD")) expect(status).toBe(200);
          else expect([404, 405]).toContain(status);
        },
      ),
      { numRuns: 150 },
    );
  });
});
