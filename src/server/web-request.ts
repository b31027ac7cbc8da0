import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SERVER_CACHE_HEADER } from "../site/server-cache-header.ts";

/**
 * Fastify speaks Node's request and response; React Router's request handler speaks the Web's
 * Request and Response. These two functions translate, the way @react-router/express does for
 * Express.
 */

/**
 * The Web Request for a Fastify request: the full URL as the visitor asked for it (protocol and
 * host follow TRUSTED_PROXIES' forwarded headers), the headers, and a signal that aborts the
 * render when the visitor goes away. Pages are only read (GET, HEAD), so no body travels.
 */
export function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, requestOrigin(request));
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const controller = new AbortController();
  // Closed before the whole response went out: the visitor left, so stop rendering for them.
  let finished = false;
  reply.raw.once("finish", () => {
    finished = true;
  });
  reply.raw.once("close", () => {
    if (!finished) controller.abort();
  });
  return new Request(url, { method: request.method, headers, signal: controller.signal });
}

/**
 * The origin the visitor asked for; a Host header that is no host name (or none) reads as localhost.
 * The pages' canonical links are built on it (the root loader's `origin`), and so are robots.txt's
 * and the sitemaps' addresses, so that all of them name the same site.
 */
export function requestOrigin(request: FastifyRequest): string {
  const fallback = `${request.protocol}://localhost`;
  if (!request.host) return fallback;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return fallback;
  }
}

/** Sends a Web Response through Fastify: status, every header (each Set-Cookie apart), streamed body. */
export function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    // Headers joins repeated Set-Cookie headers with commas, which cookies' dates contain. The
    // page cache's own header stays here.
    if (name !== "set-cookie" && name !== SERVER_CACHE_HEADER) reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (response.body === null) return reply.send();
  return reply.send(Readable.fromWeb(response.body));
}
