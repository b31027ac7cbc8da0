import type { FastifyInstance } from "fastify";
import { requestOrigin } from "../web-request.ts";

/**
 * robots.txt (RFC 9309): the whole site may be crawled but for what is no page to index. `$` ends
 * a path, so `/settings$` keeps a performer page such as /settingsfan crawlable.
 * - /api/, /v1/, /stats/: the API and the published JSON (the pages carry the same data in HTML);
 * - /go/: redirects out to the platform's rooms;
 * - /settings, /logout, /mylists: a signed-in visitor's own pages;
 * - /claim/, /optout/: a form per performer, nothing to read;
 * - searches with a query string: endless combinations of the same results (the search pages
 *   without one stay crawlable); so are the name picker's suggestions (?words=), the social
 *   media editor's sent choices, and the bingo cards in links (?card=, and their PNGs).
 * The sitemap's address is on the origin the crawler asked for, like the pages' canonical links.
 */
export function robotsTxt(origin: string): string {
  return `User-agent: *
Allow: /
Disallow: /api/
Disallow: /v1/
Disallow: /stats/
Disallow: /go/
Disallow: /settings$
Disallow: /logout$
Disallow: /mylists$
Disallow: /claim/
Disallow: /optout/
Disallow: /search?
Disallow: /search/*?
Disallow: /namepicker?
Disallow: /namepicker/*?
Disallow: /socialmedia?
Disallow: /socialmedia/*?
Disallow: /social-media-buttons?
Disallow: /social-media-buttons/*?
Disallow: /bingo-card-creator?
Disallow: /bingo-card-creator/
Disallow: /tipmenu?
Disallow: /tipmenu/*?

Sitemap: ${origin}/sitemap.xml
`;
}

export function registerRobots(app: FastifyInstance): void {
  app.get("/robots.txt", async (request, reply) =>
    reply
      .header("cache-control", "public, max-age=3600")
      .type("text/plain; charset=utf-8")
      .send(robotsTxt(requestOrigin(request))),
  );
}
