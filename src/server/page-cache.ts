import { type NamedCache, namedCache } from "../cache/named-cache.ts";
import { SingleFlight } from "../cache/single-flight.ts";
import { COMPRESS_FROM_BYTES, compress, type Encoding } from "./accept-encoding.ts";
import { type PageRequestFacts, pageCacheKey } from "./page-cache-rules.ts";

/**
 * A short cache of rendered pages that are the same for every visitor who sends the same request
 * facts, in front of React Router's handler (src/server/pages.ts). What may be kept, for how long
 * and under what key are HTTP's rules (src/server/page-cache-rules.ts); this file keeps the pages,
 * in two named caches (src/cache, decision 0038) whose keys, bounds and expiry are in PAGE_CACHES.
 *
 * The bytes kept (bodies, headers, keys) are bounded; the least recently used page goes first.
 * The Accept-Encoding choice is not in the key: an entry holds the body and the brotli or gzip
 * forms visitors have asked for, each made the first time (PageHit.encode), and each visitor gets
 * the form they accept.
 *
 * What is kept first: a page is kept from its second render within `maxTtlMs` (nginx's
 * proxy_cache_min_uses 2), or when a visitor waited for its first render. Most addresses a site
 * serves are asked for once a minute or less (a performer's page, a crawler's walk): keeping
 * them gains no hit, evicts pages that would have had one, and costs the server more than it
 * saves. Their bodies (buffers outside V8's heap) lived on until evicted and then until a full
 * collection, and the steady churn of them, 3 MB a second a process at 50 performer pages a
 * second, set off bursts of full collections that stalled both cores (BENCHMARKS.md, issue 6).
 * The addresses rendered once are remembered (their keys only) within a bounded share of
 * `maxBytes`.
 *
 * Served stale while refreshed: a page whose Cache-Control (or x-server-cache) says
 * `stale-while-revalidate=N` (RFC 5861) is, for N seconds after it expires (at most `maxTtlMs`),
 * still served at once while one render refreshes it behind the visitor. A page whose render is
 * slow (the token page's week of sessions) then never keeps a visitor waiting once it is kept.
 */

export interface PageCacheOptions {
  /** The most bytes kept (default 64 MB). */
  maxBytes?: number;
  /** The longest a page is kept, whatever its Cache-Control allows (default 60 s). */
  maxTtlMs?: number;
  /**
   * Keep a page from its first render. By default a page is kept from its second render within
   * `maxTtlMs` (see the file's comment); tests of the other rules turn this on.
   */
  keepFirstRender?: boolean;
  /** The clock (tests inject one). */
  now?: () => number;
}

export const DEFAULT_PAGE_CACHE_BYTES = 64 * 1024 * 1024;
export const DEFAULT_PAGE_CACHE_TTL_MS = 60_000;
/** One page may take at most this share of the cache, so that one huge page cannot empty it. */
const LARGEST_SHARE = 8;
/** The addresses rendered once (PageCache.seen) may take at most this share of the cache's bytes. */
const SEEN_SHARE = 16;
/** What an entry and its objects cost beyond the strings and bytes counted. */
const ENTRY_OVERHEAD = 256;
/** What remembering an address rendered once costs (PageCache.seen): its entry and its key. */
const seenCost = (plain: string) => ENTRY_OVERHEAD + plain.length * 2;

/** The page cache's two caches: what each keys, how much it holds, how long an entry lasts. */
const PAGE_CACHES = {
  pages: {
    name: "pages",
    key: "pageCacheKey: method, URL, crawler or person, the age-verification decision when asked",
    bytes: (maxBytes: number) => maxBytes,
    expiry: "the page's max-age (at most maxTtlMs), then its stale-while-revalidate",
  },
  seen: {
    name: "pages-rendered-once",
    key: "pageCacheKey without the age-verification decision",
    bytes: (maxBytes: number) => Math.floor(maxBytes / SEEN_SHARE),
    expiry: "maxTtlMs after the first render (a render after that is a first again)",
  },
} as const;

export interface CachedPage {
  status: number;
  /** The response's headers but Set-Cookie (a page with one is never kept). */
  headers: ReadonlyArray<readonly [string, string]>;
  body: Buffer;
}

/** A cache hit: the page and how many whole seconds ago it was rendered (HTTP's Age). */
export interface PageHit {
  page: CachedPage;
  ageSeconds: number;
  /** Past its time to live, within its stale-while-revalidate: serve it, and refresh it behind. */
  stale: boolean;
  /**
   * The body in an encoding: made the first time a visitor asks for that one (in zlib's threads,
   * off the event loop), then kept with the page; the body itself when it is too small to gain.
   */
  encode(encoding: Encoding): Promise<Buffer>;
}

interface PageEntry {
  kind: "page";
  key: string;
  page: CachedPage;
  bytes: number;
  /** The forms made so far, or under way (see PageHit.encode). */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * Left under a page's plain key: "varies" when its render asked for the age-verification decision
 * (kept as long as the pages it speaks for are served), "not-kept" when its last render could not
 * be kept (private, a 404…), so that visitors asking for it together each render their own rather
 * than wait for another's render in vain.
 */
interface MarkEntry {
  kind: "varies" | "not-kept";
  bytes: number;
}

export class PageCache {
  readonly maxBytes: number;
  readonly maxTtlMs: number;
  private readonly now: () => number;
  private readonly entries: NamedCache<string, PageEntry | MarkEntry>;
  /** Renders under way, by the plain key of their facts. */
  private readonly rendering = new SingleFlight<string, void>();
  private readonly keepFirstRender: boolean;
  /** Pages rendered once and not kept, by plain key: when their first render was. */
  private readonly seen: NamedCache<string, number>;

  constructor(options: PageCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_PAGE_CACHE_BYTES;
    this.maxTtlMs = options.maxTtlMs ?? DEFAULT_PAGE_CACHE_TTL_MS;
    this.now = options.now ?? Date.now;
    this.keepFirstRender = options.keepFirstRender ?? false;
    const { pages, seen } = PAGE_CACHES;
    this.entries = namedCache({
      name: pages.name,
      key: pages.key,
      bound: { bytes: pages.bytes(this.maxBytes), sizeOf: (entry) => entry.bytes },
      // Each set gives its page's own; this is the longest.
      ttlMs: this.maxTtlMs,
      now: this.now,
    });
    this.seen = namedCache({
      name: seen.name,
      key: seen.key,
      bound: { bytes: seen.bytes(this.maxBytes), sizeOf: (_at, plain) => seenCost(plain) },
      ttlMs: this.maxTtlMs,
      now: this.now,
    });
  }

  /** Drops every page and mark (an opt-out: any page may have shown the performer). */
  clear(): void {
    this.entries.clear();
    this.seen.clear();
  }

  /** Bytes held now (for tests and logs). */
  get size(): number {
    return this.entries.bytes;
  }

  /**
   * The page kept for these facts, if fresh or still servable stale (PageHit.stale).
   * `ageVerification` is called only when the page's render asked for the decision (the rooms
   * pages do; a lookup of the visitor's address).
   */
  get(facts: PageRequestFacts, ageVerification: () => boolean): PageHit | undefined {
    const now = this.now();
    const first = this.entries.entry(pageCacheKey(facts, null), now);
    if (first === undefined || first.value.kind === "not-kept") return undefined;
    const found =
      first.value.kind === "varies" ? this.entries.entry(pageCacheKey(facts, ageVerification()), now) : first;
    if (found === undefined || found.value.kind !== "page") return undefined;
    const entry = found.value;
    return {
      page: entry.page,
      ageSeconds: Math.floor((now - found.storedAt) / 1000),
      stale: found.stale,
      encode: (encoding) => this.encode(entry, encoding),
    };
  }

  /**
   * A kept page's body in `encoding`, made once: visitors asking together share one compression,
   * and its bytes count in the cache once made. Made on demand, not when the page is kept: a
   * crawler walking the site asks for most pages once, often without compression, and making
   * both forms of every page cost zlib's threads about as much CPU as the render itself.
   */
  private encode(entry: PageEntry, encoding: Encoding): Promise<Buffer> {
    const body = entry.page.body;
    if (body.length < COMPRESS_FROM_BYTES) return Promise.resolve(body);
    let form = entry.encoded[encoding];
    if (form === undefined) {
      form = compress(body, encoding);
      entry.encoded[encoding] = form;
      void form.then(
        (encoded) => {
          // Counted only while the entry is still the one kept (not replaced or evicted meanwhile).
          if (this.entries.peek(entry.key) !== entry) return;
          entry.bytes += encoded.length;
          this.entries.resize(entry.key);
        },
        // A failed compression is not kept: the next visitor asking for the form tries again.
        () => {
          if (entry.encoded[encoding] === form) delete entry.encoded[encoding];
        },
      );
    }
    return form;
  }

  /**
   * Keeps a rendered page for `ttlMs`, then `staleMs` more to be served while refreshed.
   * `ageVerification` is the decision its render asked for, or null when it asked for none.
   * Returns the hit, to send it (its encodings made on demand), or undefined when the page is not
   * kept: its first render (see `admit`), or too big. A render that refreshes a kept page is kept.
   */
  set(
    facts: PageRequestFacts,
    ageVerification: boolean | null,
    page: CachedPage,
    ttlMs: number,
    staleMs = 0,
  ): PageHit | undefined {
    if (ttlMs <= 0) return undefined;
    const now = this.now();
    const plain = pageCacheKey(facts, null);
    const key = pageCacheKey(facts, ageVerification);
    // A render that refreshes a page still served (stale) is kept whatever the second-render rule says.
    const refresh = this.entries.entry(key, now)?.value.kind === "page";
    if (!refresh && !this.admit(plain, now)) return undefined;
    let bytes = ENTRY_OVERHEAD + key.length * 2 + page.body.length;
    for (const [name, value] of page.headers) bytes += (name.length + value.length) * 2;
    if (bytes > this.maxBytes / LARGEST_SHARE) {
      // Not kept, nor is the copy it was to refresh: the next visitor renders the page afresh.
      this.entries.delete(key);
      return undefined;
    }
    const stale = Math.max(0, staleMs);
    if (ageVerification !== null) {
      // As long as the pages it speaks for are served.
      const mark: MarkEntry = { kind: "varies", bytes: ENTRY_OVERHEAD + plain.length * 2 };
      this.entries.set(plain, mark, { at: now, ttlMs: ttlMs + stale });
    }
    const entry: PageEntry = { kind: "page", key, page, bytes, encoded: {} };
    this.entries.set(key, entry, { at: now, ttlMs, staleMs: stale });
    return { page, ageSeconds: 0, stale: false, encode: (encoding) => this.encode(entry, encoding) };
  }

  /**
   * A render of these facts under way, settled (never rejected) when it ends, or undefined. A
   * request that finds one waits for it and looks again, rather than render the same page too.
   */
  renderUnderWay(facts: PageRequestFacts): Promise<void> | undefined {
    const key = pageCacheKey(facts, null);
    if (this.entries.entry(key)?.value.kind === "not-kept") return undefined;
    const underWay = this.rendering.underWay(key);
    // A second visitor waits for this render: it is kept, so that the wait ends in a hit.
    if (underWay) this.seen.set(key, this.now());
    return underWay;
  }

  /** Records that a render of these facts could not be kept, for the longest a page is kept. */
  notKept(facts: PageRequestFacts): void {
    const key = pageCacheKey(facts, null);
    const mark: MarkEntry = { kind: "not-kept", bytes: ENTRY_OVERHEAD + key.length * 2 };
    this.entries.set(key, mark, { ttlMs: this.maxTtlMs });
  }

  /** Whether a render of these facts is under way (a stale page's refresh starts only when none is). */
  isRendering(facts: PageRequestFacts): boolean {
    return this.rendering.underWay(pageCacheKey(facts, null)) !== undefined;
  }

  /** Records a render of these facts as under way until `render` settles (the first one only). */
  markRendering(facts: PageRequestFacts, render: Promise<unknown>): void {
    void this.rendering.run(pageCacheKey(facts, null), () =>
      render.then(
        () => undefined,
        () => undefined,
      ),
    );
  }

  /**
   * Whether a render of this page is kept: from its second render within maxTtlMs (or when
   * visitors waited for this render: renderUnderWay marks the page as asked for).
   */
  private admit(plain: string, now: number): boolean {
    if (this.keepFirstRender) return true;
    if (this.seen.get(plain, now) !== undefined) {
      this.seen.delete(plain);
      return true;
    }
    this.seen.set(plain, now);
    return false;
  }
}
