import type { FastifyInstance } from "fastify";
import { LOGO_FILES, LOGOS_PATH, logoSvg } from "../../site/brand.ts";

/** A day: the logo changes only with a deploy. */
const CACHE = "public, max-age=86400";

/**
 * GET /images/logos/{file}.svg: the site's logo in its four forms (full and square icon, for light
 * and dark backgrounds), the very SVG that /logos draws inline (src/site/brand.ts). Any other
 * name is a 404.
 */
export function registerLogoImages(app: FastifyInstance): void {
  const bodies = new Map(LOGO_FILES.map((f) => [f.file, logoSvg(f.form, f.theme)]));
  app.get<{ Params: { file: string } }>(`${LOGOS_PATH}/:file`, async (request, reply) => {
    const body = bodies.get(request.params.file);
    if (body === undefined) return reply.callNotFound();
    return reply.header("cache-control", CACHE).type("image/svg+xml; charset=utf-8").send(body);
  });
}
