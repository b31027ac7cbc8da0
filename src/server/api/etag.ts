import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";

/**
 * A weak ETag on each successful GET (or HEAD) answer of the API, and a 304 when the client's
 * copy is current. Weak: the same answer goes out in several encodings (RFC 9110 §8.8.1).
 * Written here rather than taken from @fastify/etag, which tags error answers too and turns any
 * matching request into a 304, a POST or a 404 included, and reads If-None-Match as one tag only.
 */
export function registerEtags(api: FastifyInstance): void {
  api.addHook("onSend", async (request, reply, payload) => {
    if ((request.method !== "GET" && request.method !== "HEAD") || reply.statusCode !== 200) return payload;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    const tag = `W/"${createHash("sha1").update(payload).digest("base64url")}"`;
    reply.header("etag", tag);
    if (!matches(request.headers["if-none-match"], tag)) return payload;
    reply.code(304);
    return "";
  });
}

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): `*`, or any listed tag with the same opaque part. */
export function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((one) => one.trim() === "*" || opaque(one) === opaque(tag));
}
