import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { preferredEncoding } from "../accept-encoding.ts";
import { optoutWatch } from "../optout-watch.ts";
import { DocumentCache } from "../sitemap/document-cache.ts";
import {
  listsSitemapDocument,
  pagesSitemapDocument,
  performersSitemapDocument,
  type SitemapSources,
  sitemapIndexDocument,
} from "../sitemap/sitemap-documents.ts";
import { requestOrigin } from "../web-request.ts";

/** The documents change once a day (the daily job); a few minutes spare the database a crawler's burst. */
export const SITEMAP_CACHE_MS = 5 * 60_000;
const CACHE_CONTROL = `public, max-age=${SITEMAP_CACHE_MS / 1000}`;
/**
 * The documents' cache. Its bound: the index and its children (22 at a million performers) for an
 * origin or two. The key holds the Host a client sends, so this bounds what varying it can pin: a
 * performer sitemap is about 3 MB.
 */
const DOCUMENTS = {
  name: "sitemap-documents",
  key: "the origin a client asked for and the document's path",
  bound: { entries: 32 },
  ttlMs: SITEMAP_CACHE_MS,
} as const;
/** A child's number: 1, 2, …, no leading zero, so each sitemap has one address. */
const NUMBER = /^[1-9]\d{0,5}$/;

/**
 * GET /sitemap.xml (a sitemap index), /sitemap-pages-{n}.xml (static, ranking and tag pages) and
 * /sitemap-performers-{n}.xml (50,000 performers each), /sitemap-lists-{n}.xml (public lists): docs/pages.md, "Crawlers". Each document
 * is generated on the first request, kept SITEMAP_CACHE_MS, and sent as brotli or gzip when the
 * client accepts it. A child past the last is the API's 404.
 */
export function registerSitemaps(app: FastifyInstance, sources: SitemapSources): void {
  const cache = new DocumentCache({ ...DOCUMENTS, now: sources.now });
  // An opt-out leaves the performers' sitemaps at once (decision 0021), not when they expire.
  const optouts = optoutWatch(sources.db);

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    build: (origin: string) => Promise<string | null>,
  ) => {
    const origin = requestOrigin(request);
    if (await optouts.changed()) cache.clear();
    const document = await cache.get(`${origin}${name}`, () => build(origin));
    if (document === null) return reply.callNotFound();
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    reply
      .header("cache-control", CACHE_CONTROL)
      .header("vary", "accept-encoding")
      .type("application/xml; charset=utf-8");
    if (encoding === null) return reply.send(document.body);
    return reply.header("content-encoding", encoding).send(await document.encoded(encoding));
  };

  app.get("/sitemap.xml", (request, reply) =>
    send(request, reply, "/sitemap.xml", (origin) => sitemapIndexDocument(sources, origin)),
  );
  app.get<{ Params: { n: string } }>("/sitemap-pages-:n(^\\d+).xml", (request, reply) => {
    const { n } = request.params;
    if (!NUMBER.test(n)) return reply.callNotFound();
    return send(request, reply, `/sitemap-pages-${n}.xml`, (origin) =>
      pagesSitemapDocument(sources, origin, Number(n)),
    );
  });
  app.get<{ Params: { n: string } }>("/sitemap-performers-:n(^\\d+).xml", (request, reply) => {
    const { n } = request.params;
    if (!NUMBER.test(n)) return reply.callNotFound();
    return send(request, reply, `/sitemap-performers-${n}.xml`, (origin) =>
      performersSitemapDocument(sources, origin, Number(n)),
    );
  });
  app.get<{ Params: { n: string } }>("/sitemap-lists-:n(^\\d+).xml", (request, reply) => {
    const { n } = request.params;
    if (!NUMBER.test(n)) return reply.callNotFound();
    return send(request, reply, `/sitemap-lists-${n}.xml`, (origin) =>
      listsSitemapDocument(sources, origin, Number(n)),
    );
  });
}
