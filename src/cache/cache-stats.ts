import type { CacheStats } from "./named-cache.ts";

interface Reporting {
  stats(): CacheStats;
}

/**
 * Every named cache made in this process, held weakly: an app made and dropped (the tests make
 * hundreds) takes its caches with it. On the global object, since the pages' server build bundles
 * a copy of this module: the pages' caches register where the server's stats read.
 */
const REGISTRY: unique symbol = Symbol.for("camstats.named-caches");
const holder = globalThis as { [REGISTRY]?: Set<WeakRef<Reporting>> };
holder[REGISTRY] ??= new Set();
const caches = holder[REGISTRY];

export function registerCache(cache: Reporting): void {
  caches.add(new WeakRef(cache));
}

/**
 * The figures of every named cache alive in this process, one line a name: the caches of one name
 * (one a database or an app) are added together, `instances` says how many.
 */
export function cacheStats(): Array<CacheStats & { instances: number }> {
  const byName = new Map<string, CacheStats & { instances: number }>();
  for (const ref of caches) {
    const cache = ref.deref();
    if (cache === undefined) {
      caches.delete(ref);
      continue;
    }
    const stats = cache.stats();
    const sum = byName.get(stats.name);
    if (sum === undefined) {
      byName.set(stats.name, { ...stats, instances: 1 });
      continue;
    }
    sum.instances++;
    sum.hits += stats.hits;
    sum.misses += stats.misses;
    sum.loading += stats.loading;
    sum.entries += stats.entries;
    if (sum.bytes !== null && stats.bytes !== null) sum.bytes += stats.bytes;
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}
