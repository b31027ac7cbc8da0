import type { FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { TooManyPages } from "../rate-limit.ts";
import { loneSurrogatePath } from "./lone-surrogates.ts";

/**
 * The one error shape of the whole API (DESIGN.md §7):
 *   { "error": { "status": 400, "code": "invalid_parameter", "parameter": "weeksBack", "message": "…" } }
 * A bad parameter names itself; an unknown performer is a 404; nothing a client sends is a 500.
 */
export interface ApiErrorBody {
  error: { status: number; code: string; message: string; parameter?: string };
}

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly parameter?: string,
  ) {
    super(message);
  }

  body(): ApiErrorBody {
    return {
      error: {
        status: this.status,
        code: this.code,
        message: this.message,
        ...(this.parameter === undefined ? {} : { parameter: this.parameter }),
      },
    };
  }
}

/** A body over its route's limit (Fastify's bodyLimit, 16 KiB unless the route says more). */
export const BODY_TOO_LARGE = new ApiError(
  413,
  "body_too_large",
  "the request body is larger than this call accepts; nothing was done",
);

export const unknownPerformer = (name: string) =>
  new ApiError(404, "unknown_performer", `no performer named ${JSON.stringify(name)} has been seen`);

/**
 * Parses a request's query, path parameters or body with a zod schema; the first problem becomes a 400 naming its parameter.
 * Repeated parameters arrive as arrays, so a schema that wants one value refuses two.
 */
export function parseInput<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> {
  refuseLoneSurrogates(query);
  const parsed = schema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const parameter = issue?.path.map(String).join(".") || undefined;
  const message = parameter ? `${parameter}: ${issue?.message}` : (issue?.message ?? "invalid query");
  throw new ApiError(400, "invalid_parameter", message, parameter);
}

export const LONE_SURROGATE_REFUSED =
  "expected text without a lone UTF-16 surrogate (U+D800 to U+DFFF outside a pair)";

/**
 * Every call's input, before its own schema: text with a lone surrogate is refused, not repaired
 * (issue 27), so what a user stored is exactly what they sent, and no field can forget the check.
 */
function refuseLoneSurrogates(input: unknown): void {
  const path = loneSurrogatePath(input);
  if (path === null) return;
  const parameter = path.map(String).join(".") || undefined;
  const message = parameter ? `${parameter}: ${LONE_SURROGATE_REFUSED}` : LONE_SURROGATE_REFUSED;
  throw new ApiError(400, "invalid_parameter", message, parameter);
}

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.status).header("cache-control", "no-store").send(error.body());
}

/**
 * Every error leaves in the one shape. Fastify's own 4xx (a malformed URL, a body it cannot parse,
 * the rate limit) keep their status; anything else is ours to fix, logged, and answered as a 500
 * without its details.
 */
export function registerApiErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return sendApiError(reply, error);
    if (error instanceof TooManyPages) {
      return reply
        .code(429)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(error.html());
    }
    const {
      statusCode,
      message,
      code: fastifyCode,
    } = (error ?? {}) as {
      statusCode?: unknown;
      message?: unknown;
      code?: unknown;
    };
    // Refused while the body arrived, before any handler ran (src/server/request-bounds.ts).
    if (fastifyCode === "FST_ERR_CTP_BODY_TOO_LARGE") return sendApiError(reply, BODY_TOO_LARGE);
    const status = typeof statusCode === "number" ? statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? "rate_limited" : "bad_request";
      return sendApiError(
        reply,
        new ApiError(status, code, typeof message === "string" ? message : "bad request"),
      );
    }
    request.log.error({ err: error }, "request failed");
    return sendApiError(reply, new ApiError(500, "internal", "something went wrong on our side"));
  });
  app.setNotFoundHandler((request, reply) =>
    sendApiError(reply, new ApiError(404, "not_found", `no such path: ${request.url.split("?")[0]}`)),
  );
}
