/**
 * Integer hashing and a small seeded PRNG. The population is evaluated at arbitrary instants without
 * simulating from the start, so every random choice is a pure hash of (seed, performer, day, salt)
 * rather than the n-th draw of a stream.
 */

/** 32-bit finaliser (lowbias32): good avalanche, a few multiplications. */
export function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of up to four integers into a uint32. */
export function hash4(a: number, b: number, c = 0, d = 0): number {
  let h = mix32(a ^ 0x9e3779b9);
  h = mix32(h ^ Math.imul(b | 0, 0x85ebca6b));
  h = mix32(h ^ Math.imul(c | 0, 0xc2b2ae35));
  h = mix32(h ^ Math.imul(d | 0, 0x27d4eb2f));
  return h;
}

const TWO_POW_32 = 4294967296;

/** Uniform in [0, 1) from four integers. */
export function unit4(a: number, b: number, c = 0, d = 0): number {
  return hash4(a, b, c, d) / TWO_POW_32;
}

/** Hash of a string (FNV-1a then mixed), for choices keyed by name rather than index. */
export function hashString(s: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** Sequential seeded generator (mulberry32) for places where a stream is natural (faults). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / TWO_POW_32;
  };
}

/** Approximately standard normal from a uniform (logit-based; tails are light enough for noise). */
export function normalFromUnit(u: number): number {
  const v = Math.min(Math.max(u, 1e-9), 1 - 1e-9);
  return Math.log(v / (1 - v)) * 0.5513;
}

/** Index into cumulative weights (ascending, last = total) for a uniform u in [0, 1). */
export function pickWeighted(cumulative: ArrayLike<number>, u: number): number {
  const total = cumulative[cumulative.length - 1] ?? 0;
  const x = u * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((cumulative[mid] ?? 0) > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function cumulativeOf(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    out[i] = sum;
  });
  return out;
}
