import http from "node:http";

/**
 * bench:rolling-restart's load balancer, kept tiny: round robin over the nodes whose `/api/health`
 * answered 200 at the last look (every 200 ms; out at once on a 503 or a refused connection,
 * after three checks in a row that took over a second), keep-alive connections to them, no retry: a
 * request a node fails is a 502 here, and counts as lost.
 */
export interface Backend {
  port: number;
  healthy: boolean;
}

export interface Proxy {
  port: number;
  /** Requests the proxy could not complete: no healthy node, or the node failed it. */
  failed: { noNode: number; upstream: number };
  close(): Promise<void>;
}

const HEALTH_EVERY_MS = 200;
/** Slow answers in a row before a node is taken out (a loaded machine answers late, not wrong). */
const SLOW_THRESHOLD = 3;

function checkHealth(backend: Backend & { slow?: number }): void {
  let timedOut = false;
  const request = http.get(
    { host: "127.0.0.1", port: backend.port, path: "/api/health", agent: false, timeout: 1000 },
    (response) => {
      backend.healthy = response.statusCode === 200;
      backend.slow = 0;
      response.resume();
    },
  );
  request.on("timeout", () => {
    timedOut = true;
    request.destroy();
  });
  request.on("error", () => {
    backend.slow = timedOut ? (backend.slow ?? 0) + 1 : SLOW_THRESHOLD;
    if (backend.slow >= SLOW_THRESHOLD) backend.healthy = false;
  });
}

export async function startProxy(backends: Backend[]): Promise<Proxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const failed = { noNode: 0, upstream: 0 };
  let next = 0;
  const timer = setInterval(() => {
    for (const backend of backends) checkHealth(backend);
  }, HEALTH_EVERY_MS);
  const server = http.createServer((request, response) => {
    const ready = backends.filter((b) => b.healthy);
    const backend = ready[next++ % Math.max(1, ready.length)];
    if (!backend) {
      failed.noNode++;
      response.writeHead(503).end();
      return;
    }
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: backend.port,
        path: request.url,
        method: request.method,
        headers: request.headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      failed.upstream++;
      if (response.headersSent) response.destroy();
      else response.writeHead(502).end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    failed,
    close: async () => {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
