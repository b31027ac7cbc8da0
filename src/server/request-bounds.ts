import { type Server, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyHttpOptions, FastifyInstance } from "fastify";
import { ApiError } from "./api/api-error.ts";
import { jsonTooDeep, MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth.ts";

/**
 * What one request and one connection may take of a server process (issue 27, point 7; decision
 * 0032): the size and depth of a body, the time to send a request, the connections one address
 * holds. Every way the site listens builds its app with these (src/server/app.ts).
 */
export interface RequestBounds {
  /** The most bytes of a body a call takes, unless its route says more (route-body-limits.ts). */
  bodyLimit: number;
  /** The deepest a JSON body nests arrays and objects (json-depth.ts). */
  maxJsonDepth: number;
  /** From the connection's first byte, or the end of the last answer, to the end of the headers. */
  headersTimeoutMs: number;
  /** From the start of a request to the last byte of its body: a trickled body is cut here. */
  requestTimeoutMs: number;
  /** How long a connection waits, after an answer, for its next request. */
  keepAliveTimeoutMs: number;
  /** How long a connection may pass no byte either way while a request is served. */
  idleTimeoutMs: number;
  /** How often Node looks for requests past their headers or request timeout. */
  timeoutCheckMs: number;
  /** Connections one client address may hold open at once (trusted proxies excepted). */
  maxConnectionsPerAddress: number;
  /** Connections the process holds open at once. */
  maxConnections: number;
}

export const REQUEST_BOUNDS: RequestBounds = {
  // The largest JSON call but two (account_settings, list import) is a few kB: 16 KiB is several
  // times any of them and a hundredth of Fastify's default megabyte.
  bodyLimit: 16 * 1024,
  maxJsonDepth: MAX_JSON_DEPTH,
  headersTimeoutMs: 10_000,
  // A 5 MB upload in 30 s needs about 1.4 Mbit/s up.
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 10_000,
  // No handler is silent this long; a client that stops reading its answer is let go here.
  idleTimeoutMs: 60_000,
  // Node's default of 30 s would let a 30 s timeout run to nearly a minute.
  timeoutCheckMs: 1_000,
  // A browser opens 6 per host; a hundred leaves room for a few dozen people behind one NAT.
  maxConnectionsPerAddress: 100,
  // Twenty times one address's share; far under the descriptors a process may open.
  maxConnections: 2048,
};

/** The bounds with `overrides`, or null for none at all (`false`: Fastify's defaults, to measure against). */
export function requestBoundsOf(overrides: Partial<RequestBounds> | false | undefined): RequestBounds | null {
  return overrides === false ? null : { ...REQUEST_BOUNDS, ...overrides };
}

/** Fastify's and Node's options for `bounds`; none for null. */
export function serverOptionsOf(bounds: RequestBounds | null): FastifyHttpOptions<Server> {
  if (bounds === null) return {};
  return {
    bodyLimit: bounds.bodyLimit,
    requestTimeout: bounds.requestTimeoutMs,
    keepAliveTimeout: bounds.keepAliveTimeoutMs,
    connectionTimeout: bounds.idleTimeoutMs,
    http: {
      headersTimeout: bounds.headersTimeoutMs,
      // Fastify sets it again after; Node checks it against headersTimeout when it makes the server.
      requestTimeout: bounds.requestTimeoutMs,
      connectionsCheckingInterval: bounds.timeoutCheckMs,
    },
    clientErrorHandler: answerClientError,
  };
}

/**
 * JSON bodies go through the depth scan before Fastify's own parser (secure-json-parse, with its
 * prototype-poisoning refusals as Fastify's defaults have them): a body nested too deep is a 400
 * before JSON.parse spends anything on it.
 */
export function registerJsonBounds(app: FastifyInstance, maxDepth: number): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string; // parseAs: "string"
    if (nestsDeeperThan(text, maxDepth)) {
      done(new ApiError(400, "json_too_deep", jsonTooDeep(maxDepth)), undefined);
      return;
    }
    parse(request, text, done);
  });
}

const CLIENT_ERRORS: Record<string, ApiError> = {
  ERR_HTTP_REQUEST_TIMEOUT: new ApiError(
    408,
    "request_timeout",
    "the request took too long to arrive; send it again, whole",
  ),
  HPE_HEADER_OVERFLOW: new ApiError(431, "headers_too_large", "the request's headers are too large"),
};
const MALFORMED = new ApiError(400, "bad_request", "the request is not well-formed HTTP");

/**
 * A request Node gave up on before Fastify saw it (a timeout, headers too large, malformed HTTP):
 * answered in the API's one error shape, then the connection closed. Only on a connection that has
 * answered nothing yet: on a kept-alive one a reply could land in the middle of another.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable && socket.bytesWritten === 0) {
    const refusal = CLIENT_ERRORS[error.code ?? ""] ?? MALFORMED;
    const body = JSON.stringify(refusal.body());
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
