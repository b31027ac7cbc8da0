import type { FastifyInstance } from "fastify";
import { faviconIco } from "../../images/favicon-ico.ts";

/** A day: the icon changes only with a deploy. */
const CACHE = "public, max-age=86400";

/** GET /favicon.ico: the icon drawn once, on the first request (src/images/favicon-ico.ts). */
export function registerFavicon(app: FastifyInstance): void {
  let ico: Promise<Buffer> | null = null;
  app.get("/favicon.ico", async (_request, reply) => {
    ico ??= faviconIco();
    return reply
      .header("cache-control", CACHE)
      .type("image/x-icon")
      .send(await ico);
  });
}
