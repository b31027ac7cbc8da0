import type { FastifyRequest } from "fastify";
import { isLoopbackHost } from "../../site/dev-tools.ts";
import { ApiError } from "./api-error.ts";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The headers by which proxies name the client or the public host (RFC 7239 and the common
 * de-facto ones). A request carrying any of them came through a proxy, whose own connection would
 * make the world look local.
 */
export const PROXY_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-real-ip",
  "x-client-ip",
  "cf-connecting-ip",
  "true-client-ip",
  "fastly-client-ip",
  "x-cluster-client-ip",
  "x-original-forwarded-for",
] as const;

/** The Host header's name without its port ("[::1]:3000" → "[::1]"). */
const hostnameOf = (host: string | undefined): string | null => {
  if (host === undefined) return null;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
};

/**
 * The development-only paths (/dev/mail, /dev/sandbox/performer) answer this machine only: a direct
 * connection from a loopback address, asking for a loopback host, with no proxy header (a proxy
 * on this machine passes the public Host on, or names the client). A 403 otherwise.
 */
export function requireLocal(request: FastifyRequest, refusal: string): void {
  const proxied = PROXY_HEADERS.some((name) => request.headers[name] !== undefined);
  const host = hostnameOf(request.headers.host);
  const local = LOOPBACK.test(request.socket.remoteAddress ?? "") && host !== null && isLoopbackHost(host);
  if (proxied || !local) throw new ApiError(403, "forbidden", refusal);
}
