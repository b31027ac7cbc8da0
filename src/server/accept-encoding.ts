import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** The compressions the server sends generated documents in, best first. */
export type Encoding = "br" | "gzip";
const PREFERENCE: readonly Encoding[] = ["br", "gzip"];

/**
 * The encoding to send for an Accept-Encoding header (RFC 9110 §12.5.3): the best of ours the
 * client accepts with a q above 0, or null for the plain body. `*` accepts any not named.
 */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim());
    if (name === "") continue;
    const q = params.find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const star = weights.get("*") ?? 0;
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of PREFERENCE) {
    const weight = weights.get(encoding) ?? star;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const GZIP_LEVEL = 6;
/** Bodies smaller than this are sent as they are: compressing saves too little. */
export const COMPRESS_FROM_BYTES = 1024;
/**
 * Brotli's quality 2 rather than its default 11 for what is compressed per request (a page's first
 * render, an API answer), on the cores that serve: at quality 4 a performer page (48 kB) cost the
 * server about 1 ms of CPU more than at 2 (quality 4's hasher allocates large tables for every
 * body), a tenth of the whole request, for 6.5 % fewer bytes (9.4 kB rather than 10.1; quality 3
 * saves 1 % of 2's bytes). BENCHMARKS.md, issue 6.
 */
export const PER_REQUEST_BROTLI_QUALITY = 2;

/**
 * A body in one encoding, compressed in one call in zlib's threads (a stream per answer costs more
 * than compressing a small one). Documents made once and kept may take a higher brotli quality.
 */
export function compress(
  body: Buffer,
  encoding: Encoding,
  brotliQuality = PER_REQUEST_BROTLI_QUALITY,
): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
    : gzipAsync(body, { level: GZIP_LEVEL });
}
