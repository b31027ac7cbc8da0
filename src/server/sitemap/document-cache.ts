import { RecentCache } from "../../online-rooms/recent-cache.ts";
import { compress, type Encoding } from "../accept-encoding.ts";

/** A generated document and its compressed forms, each made once, on the first request that wants it. */
export interface CachedDocument {
  body: Buffer;
  encoded(encoding: Encoding): Promise<Buffer>;
}

function cachedDocument(text: string): CachedDocument {
  const body = Buffer.from(text, "utf8");
  const forms = new Map<Encoding, Promise<Buffer>>();
  return {
    body,
    encoded(encoding) {
      let form = forms.get(encoding);
      if (!form) {
        // Brotli's quality 5, not its default 11: a 50,000-address sitemap compresses in tens of
        // milliseconds instead of seconds, still smaller than gzip's best.
        form = compress(body, encoding, 5);
        forms.set(encoding, form);
      }
      return form;
    },
  };
}

/**
 * Generated documents (the sitemaps) kept for `ttlMs`: they change once a day, when the daily job
 * publishes, and a crawler asks for all of them at once. Requests for the same document while it
 * is being built wait on the one build. A document that is not there (null: a 404) is kept too. A
 * failed build is not kept. At most `maxEntries` documents (the key holds the Host the visitor
 * asked for, which a client chooses).
 */
export class DocumentCache {
  private entries: RecentCache<Promise<CachedDocument | null>>;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new RecentCache(maxEntries);
  }

  /** Forgets every document: the next request of each builds it again. */
  clear(): void {
    this.entries = new RecentCache(this.maxEntries);
  }

  get(key: string, build: () => Promise<string | null>): Promise<CachedDocument | null> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.storedAt < this.ttlMs) return entry.value;
    const built = build().then((text) => (text === null ? null : cachedDocument(text)));
    this.entries.set(key, built, now);
    built.catch(() => {
      // Only this build's entry: a later one may have replaced it meanwhile.
      if (this.entries.get(key)?.value === built) this.entries.delete(key);
    });
    return built;
  }
}
