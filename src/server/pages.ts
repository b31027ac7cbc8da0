import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  type AppLoadContext,
  createRequestHandler,
  type RequestHandler,
  type ServerBuild,
} from "react-router";
import { pageCacheMetrics } from "../metrics/http-metrics.ts";
import type { PageContext } from "../page-context.ts";
import { isCrawler } from "../site/crawler.ts";
import { SERVER_CACHE_HEADER } from "../site/server-cache-header.ts";
import { compress, type Encoding, preferredEncoding } from "./accept-encoding.ts";
import { optoutWatch } from "./optout-watch.ts";
import { type CachedPage, PageCache, type PageCacheOptions, type PageHit } from "./page-cache.ts";
import { cacheableForMs, type PageRequestFacts, staleForMs } from "./page-cache-rules.ts";
import { geoAnswer } from "./routes/geoip.ts";
import { sendWebResponse, toWebRequest } from "./web-request.ts";

/** Where `react-router build` writes (react-router.config.ts): build/web at the repository's root. */
export const DEFAULT_WEB_BUILD_DIR = fileURLToPath(new URL("../../build/web", import.meta.url));

/** Vite names every file under /assets/ by its content's hash: a changed file is a new name. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Files kept under their own names (favicon and the like) may change with a deploy. */
const SHORT = "public, max-age=300";

/** Headers that describe one form of a body, not the page: a kept page may leave in another. */
const BODY_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding"]);

/** Paths that belong to the API and the published files (DESIGN.md §2), never to a page. */
const NOT_PAGES = /^\/(api|v1|stats|assets)(\/|$)/;

/** What the pages share; the visitor's part of the load context is added per request. */
export interface PagesOptions extends Omit<PageContext, "ageVerification"> {
  /** Countries where age verification applies (AGE_VERIFICATION_REGIONS). */
  ageVerificationRegions: ReadonlySet<string>;
  /** The build's directory (default build/web); its server/ and client/ come from `react-router build`. */
  buildDir?: string;
  /** The cache of rendered pages (src/server/page-cache.ts): its limits, or false for none. On by default. */
  pageCache?: PageCacheOptions | false;
}

/** Whether the pages have been built into `buildDir`. */
export function webBuildExists(buildDir: string = DEFAULT_WEB_BUILD_DIR): boolean {
  return existsSync(path.join(buildDir, "server", "index.js"));
}

export function missingBuildMessage(buildDir: string = DEFAULT_WEB_BUILD_DIR): string {
  return `The site's pages are not built (no ${path.join(buildDir, "server", "index.js")}). Run \`npm run build:web\`; \`npm start\` and \`npm test\` build them when they are missing or older than src/web.`;
}

/**
 * The pages: the browser's files from build/web/client, and every other GET or HEAD that is not the
 * API's or the published files' handed to React Router's request handler with the server's load
 * context. An unknown page is React Router's 404 page; an unknown API path keeps the API's JSON
 * 404 (the app's not-found handler). Without a build every page answers 503 saying how to build it.
 */
export function registerPages(app: FastifyInstance, options: PagesOptions): void {
  const buildDir = options.buildDir ?? DEFAULT_WEB_BUILD_DIR;
  const built = webBuildExists(buildDir);
  const clientDir = path.join(buildDir, "client");

  if (built && existsSync(clientDir)) {
    void app.register(fastifyStatic, {
      root: clientDir,
      prefix: "/",
      // One route per file, listed when the app starts, so the page route below keeps every other path.
      wildcard: false,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: "ignore",
      cacheControl: false,
      // The build writes a .br and a .gz beside each script and stylesheet (ensure-web-build.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = path.relative(clientDir, filePath).split(path.sep)[0] === "assets";
        res.setHeader("cache-control", hashed ? IMMUTABLE : SHORT);
        // The body depends on Accept-Encoding (a .br, a .gz or the file): caches must know.
        res.setHeader("vary", "accept-encoding");
      },
    });
  }

  const handle = built ? pageHandler(buildDir, options) : undefined;
  const cache = options.pageCache === false ? undefined : new PageCache(options.pageCache);
  const optouts = optoutWatch(options.db);
  const cacheResults = pageCacheMetrics();
  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (request, reply) => {
      if (NOT_PAGES.test(request.url.split("?")[0] ?? "")) return reply.callNotFound();
      if (!handle) {
        return reply
          .code(503)
          .header("cache-control", "no-store")
          .type("text/plain; charset=utf-8")
          .send(missingBuildMessage(buildDir));
      }
      try {
        const webRequest = toWebRequest(request, reply);
        // Only GETs without credentials (none exist yet; see page-cache.ts for why this is safe).
        if (!cache || request.method !== "GET" || request.headers.authorization !== undefined) {
          cacheResults.inc({ result: "bypass" });
          return sendWebResponse(reply, (await handle(webRequest, request.ip)).response);
        }
        // The loaders' own test, so that the key splits visitors exactly as the renders do.
        const facts = { url: webRequest.url, crawler: isCrawler(webRequest) };
        const ageVerification = () => ageVerificationOf(request.ip, options.ageVerificationRegions);
        // An opt-out takes the performer off every page at once: kept pages may show them.
        if (await optouts.changed()) cache.clear();
        let hit = cache.get(facts, ageVerification);
        const acceptEncoding = request.headers["accept-encoding"];
        if (hit?.stale) {
          // Expired, within its stale-while-revalidate: served at once while one render
          // refreshes it behind this visitor, so that no one waits for a slow page's render.
          if (!cache.isRendering(facts)) {
            const refresh = renderAndKeep(cache, handle, detachedRequest(webRequest), request.ip, facts);
            cache.markRendering(facts, refresh);
            refresh.then(
              ({ response }) => void response?.body?.cancel(),
              (error: unknown) => request.log.error({ err: error }, "page failed to refresh"),
            );
          }
          cacheResults.inc({ result: "stale" });
          return sendCachedPage(reply, hit, acceptEncoding);
        }
        const underWay = hit ? undefined : cache.renderUnderWay(facts);
        if (underWay) {
          // The same page is being rendered for someone else: wait for it rather than render it
          // again (50 visitors arriving as a page expires would otherwise make 50 renders).
          await underWay;
          hit = cache.get(facts, ageVerification);
        }
        if (hit) {
          cacheResults.inc({ result: underWay ? "shared" : "hit" });
          return sendCachedPage(reply, hit, acceptEncoding);
        }
        cacheResults.inc({ result: "miss" });
        const rendering = renderAndKeep(cache, handle, webRequest, request.ip, facts);
        cache.markRendering(facts, rendering);
        const { response, hit: rendered } = await rendering;
        if (rendered) return sendCachedPage(reply, rendered, acceptEncoding);
        return sendWebResponse(reply, response);
      } catch (error) {
        // React Router renders a page's own errors into the root ErrorBoundary; this is a failure
        // to render at all (a broken build), which the API's JSON 500 would describe badly.
        request.log.error({ err: error }, "page failed to render");
        return reply
          .code(500)
          .header("cache-control", "no-store")
          .type("text/plain; charset=utf-8")
          .send("This page could not be rendered. The error is in the server's log.");
      }
    },
  });
}

/**
 * Renders a page and offers it to the cache: `hit` is what to send (kept, or a first render sent
 * compressed for this visitor alone), or `response` as rendered when it may not be kept at all.
 */
async function renderAndKeep(
  cache: PageCache,
  handle: PageHandle,
  webRequest: Request,
  clientIp: string,
  facts: PageRequestFacts,
): Promise<{ response: Response; hit: null } | { response: null; hit: PageHit }> {
  const rendered = await handle(webRequest, clientIp);
  const { status, headers } = rendered.response;
  const ttlMs = cacheableForMs(status, headers, cache.maxTtlMs);
  if (ttlMs === 0) {
    cache.notKept(facts);
    return { response: rendered.response, hit: null };
  }
  // Read whole to be kept (the render is one buffer already: src/web/entry.server.tsx).
  const page: CachedPage = {
    status,
    // The length and encoding are the sent form's, set when it is sent.
    headers: [...headers].filter(([name]) => !BODY_HEADERS.has(name) && name !== SERVER_CACHE_HEADER),
    body: Buffer.from(await rendered.response.arrayBuffer()),
  };
  const staleMs = staleForMs(headers, cache.maxTtlMs);
  const kept = cache.set(facts, rendered.ageVerification, page, ttlMs, staleMs);
  // Not kept (a first render, or too big): sent as rendered, compressed for this visitor alone.
  return {
    response: null,
    hit: kept ?? {
      page,
      ageSeconds: 0,
      stale: false,
      encode: (encoding: Encoding) => compress(page.body, encoding),
    },
  };
}

/**
 * A copy of a visitor's request for a render that outlives their visit (a stale page's refresh):
 * the same URL and headers, without the signal that aborts the render when they leave.
 */
function detachedRequest(webRequest: Request): Request {
  return new Request(webRequest.url, { method: webRequest.method, headers: webRequest.headers });
}

/**
 * A kept page, compressed when the visitor accepts it (the form made the first time one is asked
 * for, then kept with the page), with HTTP's Age so that a cache downstream counts the time it
 * spent here.
 */
async function sendCachedPage(
  reply: FastifyReply,
  hit: PageHit,
  acceptEncoding: string | undefined,
): Promise<FastifyReply> {
  const encoding = preferredEncoding(acceptEncoding);
  const body = encoding === null ? hit.page.body : await hit.encode(encoding);
  reply.code(hit.page.status);
  for (const [name, value] of hit.page.headers) reply.header(name, value);
  // The same address may leave compressed or not: caches downstream must tell them apart.
  reply.header("vary", "accept-encoding").header("age", String(hit.ageSeconds));
  // A body too small to gain comes back as it is.
  if (encoding !== null && body !== hit.page.body) reply.header("content-encoding", encoding);
  return reply.send(body);
}

/** GET /api/geoip's rule for an address, as the loaders see it. */
function ageVerificationOf(clientIp: string, regions: ReadonlySet<string>): boolean {
  return geoAnswer(clientIp, regions).ageVerification;
}

/** A rendered page, and the age-verification decision its loaders asked for (null: none asked). */
interface Rendered {
  response: Response;
  ageVerification: boolean | null;
}

/** Renders a page for a request from an address (pageHandler). */
type PageHandle = (request: Request, clientIp: string) => Promise<Rendered>;

function pageHandler(buildDir: string, context: PagesOptions): PageHandle {
  let handler: Promise<RequestHandler> | undefined;
  // The build is imported on the first page rather than at start, so buildApp stays synchronous;
  // once only. The handler is made from the build itself, not from a function returning it: given a
  // function, React Router derives its routes again on every request (for a dev server's reloads),
  // which ranked our 60-odd routes anew for each page: half a millisecond of every render.
  const handlerOf = () => {
    handler ??= (
      import(pathToFileURL(path.join(buildDir, "server", "index.js")).href) as Promise<ServerBuild>
    ).then(
      // Outside production React Router sends errors' messages to the browser, which helps a developer.
      (build) => createRequestHandler(build, context.config.NODE_ENV),
      (error: unknown) => {
        // A failed import is not kept: the next page tries again (after a rebuild, say).
        handler = undefined;
        throw error;
      },
    );
    return handler;
  };
  const { ageVerificationRegions } = context;
  return async (request, clientIp) => {
    let asked: boolean | null = null;
    // Built from the fields so that the object literal meets AppLoadContext's index signature.
    const loadContext: AppLoadContext = {
      db: context.db,
      search: context.search,
      config: context.config,
      publishDir: context.publishDir,
      imageHost: context.imageHost,
      imageOrigins: context.imageOrigins,
      frameOrigins: context.frameOrigins,
      onlineRooms: context.onlineRooms,
      affiliate: context.affiliate,
      googleSignIn: context.googleSignIn,
      // The address Fastify settled on (TRUSTED_PROXIES), as GET /api/geoip would see it.
      // Recorded, so that the page cache keys this page by the decision too.
      ageVerification: () => {
        asked = ageVerificationOf(clientIp, ageVerificationRegions);
        return asked;
      },
    };
    const response = await (await handlerOf())(request, loadContext);
    return { response, ageVerification: asked };
  };
}
