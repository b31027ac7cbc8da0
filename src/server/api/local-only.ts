import type { FastifyRequest } from "fastify";
import { ApiError } from "./api-error.ts";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The development-only paths (/dev/mail, /dev/sandbox/performer) answer this machine only, and
 * not through a proxy (a proxy on this machine would make the world look local): a 403 otherwise.
 */
export function requireLocal(request: FastifyRequest, refusal: string): void {
  const proxied = request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  if (proxied || !LOOPBACK.test(request.ip)) throw new ApiError(403, "forbidden", refusal);
}
