/**
 * A bounded map of recent answers with the time each was stored: the least recently used entry
 * goes first when it is full. Callers decide how old is too old, since one entry can be fresh
 * enough to serve and still be worth keeping as a fallback (the proxy serves a stale page when the
 * feed fails). A Map keeps insertion order, so moving an entry to the end on use is all LRU takes.
 */
export class RecentCache<V> {
  private readonly entries = new Map<string, { value: V; storedAt: number }>();

  constructor(private readonly maxEntries: number) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error("maxEntries must be at least 1");
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): { value: V; storedAt: number } | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  set(key: string, value: V, storedAt: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}
