/**
 * The first `k` items in the order of `compare`, without sorting them all: a list's Top 100 of a
 * 300,000-performer pool compares most performers once, against the current k-th best. `compare`
 * must be a total order (every ranking order here ends with the username), so an item no better
 * than the k-th best so far can never enter the top k.
 */
export function topK<T>(items: readonly T[], compare: (a: T, b: T) => number, k: number): T[] {
  if (k <= 0) return [];
  if (items.length <= k) return [...items].sort(compare);
  const kept: T[] = [];
  let kth: T | undefined;
  for (const item of items) {
    if (kth !== undefined && compare(item, kth) >= 0) continue;
    kept.push(item);
    if (kept.length >= 2 * k) {
      kept.sort(compare);
      kept.length = k;
      kth = kept[k - 1];
    }
  }
  return kept.sort(compare).slice(0, k);
}
