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
