import { FEED_PATH } from "./feed-room.ts";
import { type ParsedRoom, parseRoom } from "./parse-room.ts";

/**
 * Reads the online-rooms feed: one page with retries, or a full sweep. It never trusts the body:
 * a page is usable only if it parses and has a numeric count and a results array; the rooms inside
 * are checked one by one (parse-room.ts).
 */

export interface FeedClientOptions {
  /** The feed base (scheme and host); FEED_PATH is appended. */
  baseUrl: string;
  wm: string;
  clientIp: string;
  /** Request starts are spaced at least 1/maxRequestsPerSecond apart; Infinity for none. */
  maxRequestsPerSecond: number;
  timeoutMs: number;
  maxRetries: number;
  /** First backoff delay; doubles per attempt, with jitter. */
  retryBaseMs?: number;
  /** Longest wait for a Retry-After or a backoff. */
  maxRetryWaitMs?: number;
  pageSize?: number;
  /** A sweep stops early after this many pages in a row failed every retry. */
  maxConsecutivePageFailures?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface FeedError {
  offset: number;
  attempt: number;
  error: string;
}

export interface SweepResult {
  /** Valid rooms in the order served, duplicates included. */
  rooms: ParsedRoom[];
  /** Rooms that could not be kept (parse-room.ts), skipped. */
  malformed: number;
  /** The feed's latest `count`, or null if no page was read. */
  expectedCount: number | null;
  pagesRead: number;
  pagesFailed: number;
  requests: number;
  errors: FeedError[];
}

/** The feed's filters of one page (ONLINE_ROOMS_API.md): each repeated; tags combine with AND. */
export interface FeedFilters {
  genders?: readonly string[];
  tags?: readonly string[];
  /** hd=true|false (ONLINE_ROOMS_API.md); absent, the feed lists both. */
  hd?: boolean;
}

export interface Page {
  count: number;
  results: unknown[];
}

class RetriableError extends Error {
  constructor(
    message: string,
    readonly waitMs: number | null = null,
  ) {
    super(message);
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After is seconds or an HTTP date. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export class FeedClient {
  private readonly sleep: (ms: number) => Promise<void>;
  private nextRequestAt = 0;
  private readonly options: Required<Omit<FeedClientOptions, "sleep">>;

  constructor(options: FeedClientOptions) {
    this.sleep = options.sleep ?? defaultSleep;
    this.options = {
      retryBaseMs: 500,
      maxRetryWaitMs: 120_000,
      pageSize: 500,
      maxConsecutivePageFailures: 2,
      ...options,
    };
  }

  pageUrl(offset: number, limit: number, filters: FeedFilters = {}): string {
    const url = new URL(FEED_PATH, this.options.baseUrl);
    url.searchParams.set("wm", this.options.wm);
    url.searchParams.set("client_ip", this.options.clientIp);
    url.searchParams.set("format", "json");
    url.searchParams.set("limit", String(limit));
    url.searchParams.set("offset", String(offset));
    for (const gender of filters.genders ?? []) url.searchParams.append("gender", gender);
    for (const tag of filters.tags ?? []) url.searchParams.append("tag", tag);
    if (filters.hd !== undefined) url.searchParams.set("hd", String(filters.hd));
    return url.toString();
  }

  private async throttle(): Promise<void> {
    const spacing = 1000 / this.options.maxRequestsPerSecond;
    if (!Number.isFinite(spacing) || spacing <= 0) return;
    // A timer counts from the event loop's cached clock, which lags after synchronous work (parsing
    // a page), so it can fire a few ms early: wait again until the spacing has truly passed.
    for (let wait = this.nextRequestAt - performance.now(); wait > 0; ) {
      await this.sleep(wait);
      wait = this.nextRequestAt - performance.now();
    }
    this.nextRequestAt = performance.now() + spacing;
  }

  private async fetchOnce(offset: number, limit: number, filters: FeedFilters): Promise<Page> {
    await this.throttle();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      const response = await fetch(this.pageUrl(offset, limit, filters), {
        signal: controller.signal,
        headers: { accept: "application/json", "accept-encoding": "gzip, deflate, br" },
      });
      const body = await response.text();
      if (response.status === 429) {
        throw new RetriableError("HTTP 429", retryAfterMs(response.headers.get("retry-after")));
      }
      if (response.status >= 500) throw new RetriableError(`HTTP ${response.status}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${body.slice(0, 200)}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new RetriableError(`unparseable JSON (${body.length} bytes)`);
      }
      const page = parsed as Partial<Page> | null;
      if (!page || typeof page.count !== "number" || !Array.isArray(page.results)) {
        throw new RetriableError("answer without count and results");
      }
      return { count: page.count, results: page.results };
    } catch (error) {
      if (error instanceof RetriableError) throw error;
      if (error instanceof Error && error.message.startsWith("HTTP ")) throw error;
      const reason = controller.signal.aborted ? `timeout after ${this.options.timeoutMs} ms` : String(error);
      throw new RetriableError(reason);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One page, retried on 429, 5xx, network errors, timeouts and bodies that do not parse. The
   * collector sweeps without filters; the online-rooms proxy asks for one filtered page.
   */
  async fetchPage(
    offset: number,
    limit: number,
    errors: FeedError[],
    filters: FeedFilters = {},
  ): Promise<{ page: Page | null; requests: number }> {
    const { maxRetries, retryBaseMs, maxRetryWaitMs } = this.options;
    for (let attempt = 0; ; attempt++) {
      try {
        return { page: await this.fetchOnce(offset, limit, filters), requests: attempt + 1 };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors.push({ offset, attempt: attempt + 1, error: message });
        if (!(error instanceof RetriableError) || attempt >= maxRetries) {
          return { page: null, requests: attempt + 1 };
        }
        const backoff = retryBaseMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
        await this.sleep(Math.min(maxRetryWaitMs, error.waitMs ?? backoff));
      }
    }
  }

  /**
   * Every room online: pages of `pageSize` until the offset passes the feed's count (the latest
   * one seen, since it changes while we page). The feed shifts while we page, so a room can come
   * twice or not at all; the caller dedupes.
   */
  async sweep(): Promise<SweepResult> {
    const { pageSize, maxConsecutivePageFailures } = this.options;
    const result: SweepResult = {
      rooms: [],
      malformed: 0,
      expectedCount: null,
      pagesRead: 0,
      pagesFailed: 0,
      requests: 0,
      errors: [],
    };
    let consecutiveFailures = 0;
    for (let offset = 0; result.expectedCount === null || offset < result.expectedCount; offset += pageSize) {
      const { page, requests } = await this.fetchPage(offset, pageSize, result.errors);
      result.requests += requests;
      if (!page) {
        result.pagesFailed++;
        // Without the first page we do not know how many rooms there are.
        if (result.expectedCount === null) break;
        if (++consecutiveFailures >= maxConsecutivePageFailures) break;
        continue;
      }
      consecutiveFailures = 0;
      result.pagesRead++;
      result.expectedCount = page.count;
      // Parsed page by page, so the raw JSON of a 10,000-room sweep is never all alive at once.
      for (const raw of page.results) {
        const room = parseRoom(raw);
        if (room) result.rooms.push(room);
        else result.malformed++;
      }
      if (page.results.length === 0) break;
    }
    return result;
  }
}
