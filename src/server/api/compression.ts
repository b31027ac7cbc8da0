import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import { registerEtags } from "./etag.ts";

/** Answers smaller than this go out as they are: compressing them saves less than its headers cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Brotli's quality for answers made per request: 4 gives most of the size of the strongest
 * setting for a small part of its CPU (the published files, compressed once, use 11).
 */
export const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * The API's dynamic answers: a weak ETag on each successful GET (a 304 when the client's copy is
 * current; etag.ts) and br or gzip when the client accepts it, over COMPRESS_THRESHOLD_BYTES.
 * Registered in the API's own context before its routes, the ETag hook first: the tag is taken of
 * the answer as made, then the answer is compressed.
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  registerEtags(api);
  await api.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
}
