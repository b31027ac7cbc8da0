import type { FastifyInstance } from "fastify";
import { COMPRESS_FROM_BYTES, compress, preferredEncoding } from "../accept-encoding.ts";
import { registerEtags } from "./etag.ts";

/**
 * The API's dynamic answers: a weak ETag on each successful GET (a 304 when the client's copy is
 * current; etag.ts), then br or gzip when the client accepts it, for answers of COMPRESS_FROM_BYTES
 * or more, with the pages' per-request brotli quality. Our own hook rather than @fastify/compress:
 * that plugin sets up a zlib stream per answer, which cost more CPU than the compression itself on
 * the search's answers (BENCHMARKS.md, issue 16), and the pages and sitemaps already compress
 * with compress() in one call.
 */
export function registerApiCompression(api: FastifyInstance): void {
  registerEtags(api);
  api.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader("content-encoding")) return payload;
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (body.length < COMPRESS_FROM_BYTES) return payload;
    // Whatever this client accepts, a shared cache must key the answer by Accept-Encoding.
    const vary = reply.getHeader("vary");
    reply.header("vary", vary ? `${String(vary)}, accept-encoding` : "accept-encoding");
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (!encoding) return payload;
    reply.header("content-encoding", encoding).removeHeader("content-length");
    return compress(body, encoding);
  });
}
