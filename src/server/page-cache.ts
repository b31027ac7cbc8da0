import { SERVER_CACHE_HEADER } from "../site/server-cache-header.ts";
import { COMPRESS_FROM_BYTES, compress, type Encoding } from "./accept-encoding.ts";

/**
 * A short cache of rendered pages that are the same for every visitor who sends the same request
 * facts, in front of React Router's handler (src/server/pages.ts).
 *
 * Why it is safe: a page's render depends only on its URL (origin, path and query, React Router's
 * `.data` requests included), on whether the visitor is a crawler (isbot: crawlers skip the live
 * lookup and get full texts, SPEC §6), and, for the loaders that call it, on the visitor's
 * age-verification decision (PageContext.ageVerification). All three are in the key: the last
 * only for the pages that asked for it on their last render, the way HTTP's Vary works. Nothing
 * else of the visitor reaches a render: there are no accounts yet, so no session and no per-user
 * content. When accounts arrive, requests that carry a session must bypass this cache (they may
 * render a signed-in header); requests with an Authorization header already do.
 *
 * What is kept: GET answers with status 200, no Set-Cookie, no Vary beyond Accept-Encoding, and a
 * Cache-Control that lets a shared cache keep them (s-maxage or max-age above 0; not private,
 * no-store or no-cache). They
 * are kept for that long, at most `maxTtlMs`. The bytes kept (bodies, headers, keys) are bounded;
 * the least recently used page goes first. The Accept-Encoding choice is not in the key: an entry
 * holds the body and the brotli or gzip forms visitors have asked for, each made the first time
 * (PageHit.encode), and each visitor gets the form they accept.
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
/** What a Map entry and its objects cost beyond the strings and bytes counted. */
const ENTRY_OVERHEAD = 256;
/** What remembering an address rendered once costs (PageCache.seen): its entry and its key. */
const seenCost = (plain: string) => ENTRY_OVERHEAD + plain.length * 2;

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

/** What a render depends on beyond the URL: see the file's comment. */
export interface PageRequestFacts {
  /** The full URL the visitor asked for (origin, path, query). */
  url: string;
  crawler: boolean;
}

/** The key of a GET: its URL, crawler or person, and the age-verification decision when the page asks for it. */
export function pageCacheKey(facts: PageRequestFacts, ageVerification: boolean | null): string {
  const visitor = facts.crawler ? "crawler" : "person";
  const av = ageVerification === null ? "" : ageVerification ? " age-verification" : " no-age-verification";
  return `GET ${facts.url} ${visitor}${av}`;
}

const directive = (cacheControl: string, name: string) =>
  new RegExp(`(?:^|,)\\s*${name}\\s*(?:=\\s*"?(\\d+)"?)?\\s*(?:,|$)`, "i").exec(cacheControl);

/** How long a response may be kept here (ms): 0 when it may not be kept at all. */
export function cacheableForMs(status: number, headers: Headers, maxTtlMs: number): number {
  if (status !== 200) return 0;
  if (headers.getSetCookie().length > 0) return 0;
  const vary = headers.get("vary");
  if (vary?.split(",").some((v) => v.trim().toLowerCase() !== "accept-encoding")) return 0;
  // A page's word for this cache alone comes first (src/site/server-cache-header.ts).
  const serverOnly = headers.get(SERVER_CACHE_HEADER);
  if (serverOnly !== null) {
    const seconds = directive(serverOnly, "max-age")?.[1];
    return seconds === undefined ? 0 : Math.min(Number(seconds) * 1000, maxTtlMs);
  }
  const cacheControl = headers.get("cache-control");
  if (cacheControl === null) return 0;
  for (const refusal of ["private", "no-store", "no-cache"]) if (directive(cacheControl, refusal)) return 0;
  const seconds = directive(cacheControl, "s-maxage")?.[1] ?? directive(cacheControl, "max-age")?.[1];
  if (seconds === undefined) return 0;
  return Math.min(Number(seconds) * 1000, maxTtlMs);
}

/**
 * How long after it expires a kept page may still be served while a render refreshes it (ms): the
 * `stale-while-revalidate` of the header that set its time to live, at most `maxTtlMs`; 0 without.
 */
export function staleForMs(headers: Headers, maxTtlMs: number): number {
  const words = headers.get(SERVER_CACHE_HEADER) ?? headers.get("cache-control") ?? "";
  const seconds = directive(words, "stale-while-revalidate")?.[1];
  return seconds === undefined ? 0 : Math.min(Number(seconds) * 1000, maxTtlMs);
}

interface PageEntry {
  kind: "page";
  key: string;
  page: CachedPage;
  storedAt: number;
  /** Fresh until then. */
  expiresAt: number;
  /** Served until then: stale after expiresAt, while a render refreshes it (expiresAt without). */
  servedUntil: number;
  bytes: number;
  /** The forms made so far, or under way (see PageHit.encode). */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * Left under a page's plain key: "varies" when its render asked for the age-verification decision,
 * "not-kept" when its last render could not be kept (private, a 404…), so that visitors asking for
 * it together each render their own rather than wait for another's render in vain.
 */
interface MarkEntry {
  kind: "varies" | "not-kept";
  /** Holds until then: a "varies" mark as long as the pages it speaks for are served. */
  servedUntil: number;
  bytes: number;
}

export class PageCache {
  readonly maxBytes: number;
  readonly maxTtlMs: number;
  private readonly now: () => number;
  /** Insertion order is use order: the first entry is the least recently used. */
  private readonly entries = new Map<string, PageEntry | MarkEntry>();
  private bytes = 0;
  /** Renders under way, by the plain key of their facts. */
  private readonly rendering = new Map<string, Promise<void>>();
  private readonly keepFirstRender: boolean;
  /**
   * Pages rendered once and not kept, by plain key: when their first render was, in render order
   * (the oldest first). Bounded by `seenBytes` so that a crawler of endless addresses cannot grow it.
   */
  private readonly seen = new Map<string, number>();
  private seenBytes = 0;

  constructor(options: PageCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_PAGE_CACHE_BYTES;
    this.maxTtlMs = options.maxTtlMs ?? DEFAULT_PAGE_CACHE_TTL_MS;
    this.now = options.now ?? Date.now;
    this.keepFirstRender = options.keepFirstRender ?? false;
  }

  /** Drops every page and mark (an opt-out: any page may have shown the performer). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.seen.clear();
    this.seenBytes = 0;
  }

  /** Bytes held now (for tests and logs). */
  get size(): number {
    return this.bytes;
  }

  /**
   * The page kept for these facts, if fresh or still servable stale (PageHit.stale).
   * `ageVerification` is called only when the page's render asked for the decision (the rooms
   * pages do; a lookup of the visitor's address).
   */
  get(facts: PageRequestFacts, ageVerification: () => boolean): PageHit | undefined {
    const plain = pageCacheKey(facts, null);
    const first = this.lookup(plain);
    if (first === undefined) return undefined;
    if (first.kind === "not-kept") return undefined;
    const entry = first.kind === "varies" ? this.lookup(pageCacheKey(facts, ageVerification())) : first;
    if (entry === undefined || entry.kind !== "page") return undefined;
    const now = this.now();
    return {
      page: entry.page,
      ageSeconds: Math.floor((now - entry.storedAt) / 1000),
      stale: now >= entry.expiresAt,
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
          if (this.entries.get(entry.key) !== entry) return;
          entry.bytes += encoded.length;
          this.bytes += encoded.length;
          this.evict();
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
    const kept = this.entries.get(key);
    // A render that refreshes a page still served (stale) is kept whatever the second-render rule says.
    const refresh = kept?.kind === "page" && kept.servedUntil > now;
    if (!refresh && !this.admit(plain, now)) return undefined;
    let bytes = ENTRY_OVERHEAD + key.length * 2 + page.body.length;
    for (const [name, value] of page.headers) bytes += (name.length + value.length) * 2;
    if (bytes > this.maxBytes / LARGEST_SHARE) {
      // Not kept, nor is the copy it was to refresh: the next visitor renders the page afresh.
      this.remove(key);
      return undefined;
    }
    const expiresAt = now + ttlMs;
    const servedUntil = expiresAt + Math.max(0, staleMs);
    if (ageVerification !== null) {
      this.put(plain, {
        kind: "varies",
        servedUntil,
        bytes: ENTRY_OVERHEAD + plain.length * 2,
      });
    }
    const entry: PageEntry = {
      kind: "page",
      key,
      page,
      storedAt: now,
      expiresAt,
      servedUntil,
      bytes,
      encoded: {},
    };
    this.put(key, entry);
    return { page, ageSeconds: 0, stale: false, encode: (encoding) => this.encode(entry, encoding) };
  }

  /**
   * A render of these facts under way, settled (never rejected) when it ends, or undefined. A
   * request that finds one waits for it and looks again, rather than render the same page too.
   */
  renderUnderWay(facts: PageRequestFacts): Promise<void> | undefined {
    const key = pageCacheKey(facts, null);
    if (this.lookup(key)?.kind === "not-kept") return undefined;
    const underWay = this.rendering.get(key);
    // A second visitor waits for this render: it is kept, so that the wait ends in a hit.
    if (underWay) this.markSeen(key, this.now());
    return underWay;
  }

  /** Records that a render of these facts could not be kept, for the longest a page is kept. */
  notKept(facts: PageRequestFacts): void {
    const key = pageCacheKey(facts, null);
    this.put(key, {
      kind: "not-kept",
      servedUntil: this.now() + this.maxTtlMs,
      bytes: ENTRY_OVERHEAD + key.length * 2,
    });
  }

  /** Whether a render of these facts is under way (a stale page's refresh starts only when none is). */
  isRendering(facts: PageRequestFacts): boolean {
    return this.rendering.has(pageCacheKey(facts, null));
  }

  /** Records a render of these facts as under way until `render` settles (the first one only). */
  markRendering(facts: PageRequestFacts, render: Promise<unknown>): void {
    const key = pageCacheKey(facts, null);
    if (this.rendering.has(key)) return;
    const done = render.then(
      () => undefined,
      () => undefined,
    );
    this.rendering.set(key, done);
    void done.then(() => {
      if (this.rendering.get(key) === done) this.rendering.delete(key);
    });
  }

  /**
   * Whether a render of this page is kept: from its second render within maxTtlMs (or when
   * visitors waited for this render: renderUnderWay marks the page as asked for).
   */
  private admit(plain: string, now: number): boolean {
    if (this.keepFirstRender) return true;
    const first = this.seen.get(plain);
    if (first !== undefined && now - first < this.maxTtlMs) {
      this.forget(plain);
      return true;
    }
    this.markSeen(plain, now);
    return false;
  }

  private markSeen(plain: string, at: number): void {
    this.forget(plain);
    this.seen.set(plain, at);
    this.seenBytes += seenCost(plain);
    for (const [oldest] of this.seen) {
      if (this.seenBytes <= this.maxBytes / SEEN_SHARE) break;
      this.forget(oldest);
    }
  }

  private forget(plain: string): void {
    if (this.seen.delete(plain)) this.seenBytes -= seenCost(plain);
  }

  /** The entry under `key` while it may be served (fresh, or stale within its window), as used now. */
  private lookup(key: string): PageEntry | MarkEntry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.remove(key);
    if (entry.servedUntil <= this.now()) return undefined;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    return entry;
  }

  private put(key: string, entry: PageEntry | MarkEntry): void {
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  private evict(): void {
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.bytes;
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
