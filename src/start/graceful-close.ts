import type { FastifyInstance } from "fastify";
import { readiness } from "../server/readiness.ts";

/** How long the requests in flight may take to finish once the port is closed, before we give up on them. */
export const FINISH_GRACE_MS = 10_000;

/**
 * Stops a server gracefully: turns `/api/health` unready and goes on serving for `drainMs` (a load
 * balancer takes the node out meanwhile), then closes the port and waits for the requests in
 * flight (Fastify's close; idle keep-alive connections are closed), at most FINISH_GRACE_MS.
 */
export async function drainThenClose(app: FastifyInstance, drainMs: number): Promise<void> {
  readiness.draining = true;
  if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    app.close(),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FINISH_GRACE_MS);
    }),
  ]);
  clearTimeout(timer);
}
