import { LRUCache } from "lru-cache";
import { registerCache } from "./cache-stats.ts";
import { SingleFlight } from "./single-flight.ts";

/** How many entries a cache holds at most, or how many bytes by a size of each entry. */
export type CacheBound<K, V> = { entries: number } | { bytes: number; sizeOf: (value: V, key: K) => number };

/** A cache's definition: what it is called, what its keys are, how much it holds and for how long. */
export interface CacheSpec<K, V> {
  /** Its name in cacheStats() (the metrics read it). */
  name: string;
  /** What a key is, in words (shown in cacheStats()). */
  key: string;
  bound: CacheBound<K, V>;
  /**
   * How long an entry is fresh (ms) unless its `set` says otherwise; Infinity for as long as it is
   * kept (the bound decides, or a version the caller checks).
   */
  ttlMs: number;
  /** How long after it stops being fresh an entry is still kept for `entry()` (ms; default 0). */
  staleMs?: number;
  /** The clock (ms; tests inject one). */
  now?: () => number;
}

/** A kept value: stale once past its time to live, within the cache's stale window. */
export interface CacheEntry<V> {
  value: V;
  storedAt: number;
  stale: boolean;
}

export interface CacheStats {
  name: string;
  key: string;
  /** "500 entries" or "64 MiB" and the like. */
  bound: string;
  ttlMs: number;
  hits: number;
  misses: number;
  /** Loads under way now. */
  loading: number;
  /** Entries held now (fresh, stale, or expired and not yet touched). */
  entries: number;
  /** Bytes held now, for a cache bound in bytes; else null. */
  bytes: number | null;
}

/** What is stored: the value and its times. A new object on each set, so that lru-cache re-sizes it. */
interface Stored<V> {
  value: V;
  storedAt: number;
  /** Fresh before then. */
  expiresAt: number;
  /** Kept before then (expiresAt plus the stale window). */
  keptUntil: number;
}

export interface SetOptions {
  /** When the value was made (default now): its time to live counts from then. */
  at?: number;
  ttlMs?: number;
  staleMs?: number;
}

export interface LoadOptions extends SetOptions {
  /** Whether a loaded value's time to live counts from the load's start (the default) or its end. */
  freshFrom?: "start" | "end";
}

/**
 * One in-process cache (docs/decisions/0038): lru-cache holds the entries within the bound, least
 * recently used out first; the expiry and the single-flight loads are ours. An entry is fresh from
 * its `at` (never before: a clock that goes back finds nothing) until its time to live ends.
 * Expired entries are dropped when touched, or by the bound.
 */
export class NamedCache<K extends {}, V extends {}> {
  readonly spec: CacheSpec<K, V>;
  private readonly store: LRUCache<K, Stored<V>>;
  private readonly flights = new SingleFlight<K, V>();
  private readonly now: () => number;
  private hits = 0;
  private misses = 0;

  constructor(spec: CacheSpec<K, V>) {
    const { bound } = spec;
    const limit = "entries" in bound ? bound.entries : bound.bytes;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new Error(`cache ${spec.name}: its bound must be a whole number of at least 1, not ${limit}`);
    }
    if (!(spec.ttlMs > 0)) throw new Error(`cache ${spec.name}: its time to live must be above 0 ms`);
    this.spec = spec;
    this.now = spec.now ?? Date.now;
    this.store =
      "entries" in bound
        ? new LRUCache<K, Stored<V>>({ max: bound.entries })
        : new LRUCache<K, Stored<V>>({
            maxSize: bound.bytes,
            sizeCalculation: (stored, key) => Math.max(1, Math.ceil(bound.sizeOf(stored.value, key))),
          });
    registerCache(this);
  }

  /** The fresh value of `key`, or undefined (counted as a hit or a miss). */
  get(key: K, at: number = this.now()): V | undefined {
    const found = this.find(key, at);
    if (found === undefined || found.stale) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    return found.value;
  }

  /**
   * The value of `key`, fresh or within its stale window, made the most recently used (counted as
   * a hit when found); an entry past its stale window is dropped.
   */
  entry(key: K, at: number = this.now()): CacheEntry<V> | undefined {
    const found = this.find(key, at);
    if (found === undefined) this.misses++;
    else this.hits++;
    return found;
  }

  private find(key: K, at: number): CacheEntry<V> | undefined {
    const stored = this.store.get(key);
    if (stored === undefined) return undefined;
    if (at >= stored.keptUntil) {
      this.store.delete(key);
      return undefined;
    }
    // Made after `at` (a clock behind the one that stored it): not known yet at `at`.
    if (at < stored.storedAt) return undefined;
    return { value: stored.value, storedAt: stored.storedAt, stale: at >= stored.expiresAt };
  }

  /** The value of `key` as it is, expired or not, without making it the most recently used. */
  peek(key: K): V | undefined {
    return this.store.peek(key)?.value;
  }

  /** Keeps `value`; false when it is larger than the whole bound (then `key` holds nothing). */
  set(key: K, value: V, options: SetOptions = {}): boolean {
    const storedAt = options.at ?? this.now();
    const expiresAt = storedAt + (options.ttlMs ?? this.spec.ttlMs);
    const keptUntil = expiresAt + Math.max(0, options.staleMs ?? this.spec.staleMs ?? 0);
    this.store.set(key, { value, storedAt, expiresAt, keptUntil });
    return this.store.has(key);
  }

  /**
   * Counts `key`'s value again by the bound's size function (a value that grew in place), keeping
   * its times; the bound may then drop the least recently used entries, this one included.
   */
  resize(key: K): void {
    const stored = this.store.peek(key);
    if (stored !== undefined) this.store.set(key, { ...stored });
  }

  /** The fresh value of `key`, or the one load of it under way, or a new load whose value is kept. */
  getOrLoad(key: K, load: () => Promise<V>, options: LoadOptions = {}): Promise<V> {
    const at = options.at ?? this.now();
    const kept = this.get(key, at);
    if (kept !== undefined) return Promise.resolve(kept);
    return this.load(key, load, { ...options, at });
  }

  /**
   * Joins the load of `key` under way, or starts `load`: its value is kept from when it started
   * (its time to live counts from then; `freshFrom: "end"`, from when it ended), a failure is not
   * kept and reaches every caller waiting.
   */
  load(key: K, load: () => Promise<V>, options: LoadOptions = {}): Promise<V> {
    const { freshFrom = "start", ...set } = options;
    const startedAt = set.at ?? this.now();
    return this.flights.run(key, load, (outcome) => {
      const at = freshFrom === "start" ? startedAt : this.now();
      if ("value" in outcome) this.set(key, outcome.value, { ...set, at });
    });
  }

  /** Whether a load of `key` is under way. */
  isLoading(key: K): boolean {
    return this.flights.underWay(key) !== undefined;
  }

  /** Loads under way, every key. */
  get loading(): number {
    return this.flights.size;
  }

  /** Forgets `key`: a load of it under way is not kept. */
  delete(key: K): void {
    this.store.delete(key);
    this.flights.forget(key);
  }

  /** Forgets every entry: loads under way are not kept (they read what was before). */
  clear(): void {
    this.store.clear();
    this.flights.forget();
  }

  /** Entries held now. */
  get size(): number {
    return this.store.size;
  }

  /** Bytes held now by the bound's size function (0 for a cache bound in entries). */
  get bytes(): number {
    return this.store.calculatedSize;
  }

  stats(): CacheStats {
    const { name, key, bound, ttlMs } = this.spec;
    return {
      name,
      key,
      bound: "entries" in bound ? `${bound.entries} entries` : `${bound.bytes} bytes`,
      ttlMs,
      hits: this.hits,
      misses: this.misses,
      loading: this.flights.size,
      entries: this.store.size,
      bytes: "entries" in bound ? null : this.store.calculatedSize,
    };
  }
}

/** A cache (see NamedCache): the one way this code base makes one. */
export function namedCache<K extends {}, V extends {}>(spec: CacheSpec<K, V>): NamedCache<K, V> {
  return new NamedCache(spec);
}

/**
 * One cache of `spec` for each owner object (a database: each app and test has its own), made on
 * first use and dropped with its owner.
 */
export function namedCachePer<O extends object, K extends {}, V extends {}>(
  spec: CacheSpec<K, V>,
): (owner: O) => NamedCache<K, V> {
  const caches = new WeakMap<O, NamedCache<K, V>>();
  return (owner) => {
    let cache = caches.get(owner);
    if (cache === undefined) {
      cache = namedCache(spec);
      caches.set(owner, cache);
    }
    return cache;
  };
}
