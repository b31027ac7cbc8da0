import http from "node:http";

/**
 * bench:rolling-restart's load balancer, kept tiny: round robin over the nodes whose `/api/health`
 * answered 200 at the last look (every 200 ms; out at once on a 503 or a refused connection,
 * after three checks in a row that took over a second), keep-alive connections to them, no retry: a
 * request a node fails is a 502 here, and counts as lost. With no node healthy it fails open to the
 * nodes out only for being slow (as AWS's load balancers do with no healthy target): a loaded
 * machine's late health answers then cost latency, not every request.
 */
export interface Backend {
  port: number;
  healthy: boolean;
  /** Out only for answering its health late (it still answered, or may): the fail-open set. */
  slowOnly?: boolean;
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
      backend.slowOnly = false;
      backend.slow = 0;
      response.resume();
    },
  );
  request.on("timeout", () => {
    timedOut = true;
    request.destroy();
  });
  request.on("error", () => {
    if (!timedOut) {
      // Refused or reset: the node is down.
      backend.slow = SLOW_THRESHOLD;
      backend.healthy = false;
      backend.slowOnly = false;
      return;
    }
    backend.slow = (backend.slow ?? 0) + 1;
    if (backend.slow >= SLOW_THRESHOLD && backend.healthy) {
      backend.healthy = false;
      backend.slowOnly = true;
    }
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
    const healthy = backends.filter((b) => b.healthy);
    const ready = healthy.length > 0 ? healthy : backends.filter((b) => b.slowOnly === true);
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
