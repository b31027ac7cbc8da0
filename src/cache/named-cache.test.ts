import { describe, expect, it } from "vitest";
import { cacheStats } from "./cache-stats.ts";
import { type CacheSpec, namedCache } from "./named-cache.ts";

const spec = (over: Partial<CacheSpec<string, string>> = {}): CacheSpec<string, string> => ({
  name: "test",
  key: "a word",
  bound: { entries: 3 },
  ttlMs: 1_000,
  ...over,
});

/** A promise and the hands that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("a named cache's expiry", () => {
  it("serves an entry from when it was stored until its time to live ends, then drops it", () => {
    let now = 5_000;
    const cache = namedCache(spec({ now: () => now }));
    cache.set("a", "A");
    now += 999;
    expect(cache.get("a")).toBe("A");
    now += 1;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("takes a time to live and a start of its own for one entry", () => {
    const cache = namedCache(spec({ now: () => 10_000 }));
    cache.set("a", "A", { ttlMs: 50, at: 9_960 });
    expect(cache.get("a")).toBe("A");
    cache.set("b", "B", { ttlMs: 50, at: 9_950 });
    expect(cache.get("b")).toBeUndefined();
    // A clock behind the entry's start finds nothing (and does not drop it).
    expect(cache.get("a", 9_000)).toBeUndefined();
    expect(cache.get("a", 10_000)).toBe("A");
  });

  it("keeps an entry through its stale window for entry(), stale, while get() misses", () => {
    let now = 0;
    const cache = namedCache(spec({ staleMs: 500, now: () => now }));
    cache.set("a", "A");
    expect(cache.entry("a")).toEqual({ value: "A", storedAt: 0, stale: false });
    now = 1_000;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.entry("a")).toEqual({ value: "A", storedAt: 0, stale: true });
    now = 1_500;
    expect(cache.entry("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps an entry of an infinite time to live until the bound drops it", () => {
    let now = 0;
    const cache = namedCache(spec({ ttlMs: Number.POSITIVE_INFINITY, now: () => now }));
    cache.set("a", "A");
    now = 1e12;
    expect(cache.get("a")).toBe("A");
  });
});

describe("a named cache's bound", () => {
  it("holds at most its entries, the least recently used out first", () => {
    const cache = namedCache(spec({ now: () => 0 }));
    cache.set("a", "A");
    cache.set("b", "B");
    cache.set("c", "C");
    expect(cache.get("a")).toBe("A"); // now the most recently used
    cache.set("d", "D");
    expect(cache.size).toBe(3);
    expect(cache.peek("b")).toBeUndefined();
    expect([cache.peek("a"), cache.peek("c"), cache.peek("d")]).toEqual(["A", "C", "D"]);
  });

  it("holds at most its bytes by the size function, and refuses a value larger than the whole", () => {
    const cache = namedCache<string, string>({
      ...spec({ now: () => 0 }),
      bound: { bytes: 10, sizeOf: (value) => value.length },
    });
    cache.set("a", "aaaa");
    cache.set("b", "bbbb");
    expect(cache.bytes).toBe(8);
    cache.set("c", "cccc");
    expect(cache.bytes).toBe(8);
    expect(cache.peek("a")).toBeUndefined();
    expect(cache.set("big", "x".repeat(11))).toBe(false);
    expect(cache.peek("big")).toBeUndefined();
    // A value too large for the bound replaces the key's old one with nothing.
    expect(cache.set("b", "y".repeat(11))).toBe(false);
    expect(cache.peek("b")).toBeUndefined();
  });

  it("counts a value that grew in place again when asked, keeping its times", () => {
    let now = 0;
    const grown = { text: "aa" };
    const cache = namedCache<string, { text: string }>({
      name: "test",
      key: "a word",
      bound: { bytes: 10, sizeOf: (value) => value.text.length },
      ttlMs: 1_000,
      now: () => now,
    });
    cache.set("a", grown);
    grown.text = "aaaaaa";
    expect(cache.bytes).toBe(2);
    now = 500;
    cache.resize("a");
    expect(cache.bytes).toBe(6);
    expect(cache.entry("a")?.storedAt).toBe(0);
  });

  it("says what is wrong with a bound or a time to live that cannot work", () => {
    expect(() => namedCache(spec({ bound: { entries: 0 } }))).toThrow(/bound must be a whole number/);
    expect(() => namedCache(spec({ ttlMs: 0 }))).toThrow(/time to live must be above 0/);
  });
});

describe("a named cache's loads", () => {
  it("runs one load for callers asking together, and keeps its value", async () => {
    const cache = namedCache(spec({ now: () => 0 }));
    const load = deferred<string>();
    let loads = 0;
    const loader = () => {
      loads++;
      return load.promise;
    };
    const first = cache.getOrLoad("a", loader);
    const second = cache.getOrLoad("a", loader);
    expect(cache.isLoading("a")).toBe(true);
    load.resolve("A");
    expect(await Promise.all([first, second])).toEqual(["A", "A"]);
    expect(loads).toBe(1);
    expect(await cache.getOrLoad("a", loader)).toBe("A");
    expect(loads).toBe(1);
    expect(cache.isLoading("a")).toBe(false);
  });

  it("keeps a loaded value from when its load started", async () => {
    let now = 0;
    const cache = namedCache(spec({ now: () => now }));
    const load = deferred<string>();
    const loading = cache.getOrLoad("a", () => load.promise);
    now = 600;
    load.resolve("A");
    await loading;
    now = 999;
    expect(cache.get("a")).toBe("A");
    now = 1_000;
    expect(cache.get("a")).toBeUndefined();
  });

  it("keeps a loaded value from when its load ended when asked to", async () => {
    let now = 0;
    const cache = namedCache(spec({ now: () => now }));
    const load = deferred<string>();
    const loading = cache.load("a", () => load.promise, { freshFrom: "end" });
    now = 600;
    load.resolve("A");
    await loading;
    expect(cache.entry("a")?.storedAt).toBe(600);
    now = 1_599;
    expect(cache.get("a")).toBe("A");
  });

  it("keeps no failure: every waiting caller gets it, the next caller loads again", async () => {
    const cache = namedCache(spec({ now: () => 0 }));
    const failing = deferred<string>();
    const first = cache.getOrLoad("a", () => failing.promise);
    const second = cache.getOrLoad("a", () => Promise.resolve("never run"));
    failing.reject(new Error("down"));
    await expect(first).rejects.toThrow("down");
    await expect(second).rejects.toThrow("down");
    expect(cache.peek("a")).toBeUndefined();
    expect(await cache.getOrLoad("a", () => Promise.resolve("A"))).toBe("A");
    // A loader that throws at once fails the same way.
    const thrown = cache.getOrLoad("b", () => {
      throw new Error("at once");
    });
    await expect(thrown).rejects.toThrow("at once");
    expect(cache.isLoading("b")).toBe(false);
  });

  it("does not keep what a load under way at a clear or a delete read", async () => {
    const cache = namedCache(spec({ now: () => 0 }));
    const old = deferred<string>();
    const before = cache.getOrLoad("a", () => old.promise);
    cache.clear();
    // The next caller does not wait for the old load; it starts its own.
    const after = cache.getOrLoad("a", () => Promise.resolve("new"));
    old.resolve("old");
    expect(await before).toBe("old");
    expect(await after).toBe("new");
    expect(cache.get("a")).toBe("new");
    const gone = deferred<string>();
    const deleted = cache.load("b", () => gone.promise);
    cache.delete("b");
    gone.resolve("B");
    await deleted;
    expect(cache.peek("b")).toBeUndefined();
  });
});

describe("cacheStats", () => {
  it("lists every named cache by name with its hits, misses and size, instances added together", () => {
    const name = `stats-${Math.random()}`;
    const one = namedCache(spec({ name, now: () => 0 }));
    const two = namedCache(spec({ name, now: () => 0 }));
    one.set("a", "A");
    one.get("a");
    one.get("b");
    two.set("c", "C");
    two.get("c");
    const line = cacheStats().find((s) => s.name === name);
    expect(line).toMatchObject({
      name,
      key: "a word",
      bound: "3 entries",
      ttlMs: 1_000,
      hits: 2,
      misses: 1,
      entries: 2,
      bytes: null,
      instances: 2,
    });
  });
});
