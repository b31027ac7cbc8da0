/**
 * Fixed one-minute windows of requests per client address, as @fastify/rate-limit's own store
 * counts them: the first request opens a window of `timeWindow` ms, each later one in it adds one,
 * and the answer says how many so far and how long the window has left. Kept by the main process
 * when several processes serve the site (src/server/shared-rate-limit.ts), so that the limit is
 * one address's requests to the site, whichever process each reached.
 */
export interface RateCount {
  current: number;
  /** Milliseconds left in the window. */
  ttl: number;
}

/** The most addresses remembered; the least recently counted goes first, as in the plugin's store. */
const DEFAULT_MAX_KEYS = 5000;

export class RateWindows {
  private readonly windows = new Map<string, { current: number; startMs: number }>();

  constructor(private readonly maxKeys = DEFAULT_MAX_KEYS) {}

  incr(key: string, timeWindow: number, now: number = Date.now()): RateCount {
    let window = this.windows.get(key);
    if (window === undefined || window.startMs + timeWindow <= now) {
      window = { current: 0, startMs: now };
    }
    window.current += 1;
    // Deleted and set again, so the Map's order is least recently counted first.
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    return { current: window.current, ttl: timeWindow - (now - window.startMs) };
  }
}
