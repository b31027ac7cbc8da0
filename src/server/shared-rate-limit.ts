import type { RateWindows } from "./rate-windows.ts";

/**
 * The rate limit when several processes serve the site (WEB_PROCESSES): each request's count is
 * asked of the main process over the cluster's IPC channel, which keeps every address's window
 * (RateWindows). Counted per process instead, an address could make the limit times the number of
 * processes by opening as many connections, and a 429 would depend on which process a connection
 * reached. One round trip on a local pipe costs far less than a page.
 */

/** A count asked for by a server process. */
export interface RateRequest {
  type: "rate-limit";
  id: number;
  key: string;
  timeWindow: number;
}

/** The main process's answer. */
export interface RateReply {
  type: "rate-limit-reply";
  id: number;
  current: number;
  ttl: number;
}

/** The IPC channel of a cluster worker (its `process`), as far as the store uses it. */
export interface RateChannel {
  send(message: RateRequest): void;
  onMessage(listener: (message: unknown) => void): void;
  onDisconnect(listener: () => void): void;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store class for @fastify/rate-limit's `store` option, counting through `channel` (the worker's
 * `process`). A count that cannot be asked (the main process is gone and this one is stopping)
 * fails; the app lets such requests through (skipOnError) rather than fail a visitor's page.
 */
export function sharedRateLimitStore(channel: RateChannel) {
  const pending = new Map<number, Callback>();
  let nextId = 0;
  let closed = false;
  channel.onMessage((message) => {
    if (!isRateReply(message)) return;
    const callback = pending.get(message.id);
    pending.delete(message.id);
    callback?.(null, { current: message.current, ttl: message.ttl });
  });
  channel.onDisconnect(() => {
    closed = true;
    for (const callback of pending.values()) callback(new Error("the main process is gone"));
    pending.clear();
  });
  return class SharedRateLimitStore {
    /** The plugin passes its options first (unused); a route's own limit has a key prefix (child()). */
    constructor(
      _options?: unknown,
      private readonly prefix = "",
    ) {}

    // The plugin passes the window (ms) third, though its types leave it out; the site's is a minute.
    incr(bare: string, callback: Callback, timeWindow = 60_000): void {
      const key = `${this.prefix}${bare}`;
      if (closed) {
        callback(new Error("the main process is gone"));
        return;
      }
      const id = nextId++;
      pending.set(id, callback);
      try {
        channel.send({ type: "rate-limit", id, key, timeWindow });
      } catch (error) {
        pending.delete(id);
        callback(error instanceof Error ? error : new Error(String(error)));
      }
    }
    /**
     * A route with a limit of its own (`config.rateLimit`) counts apart from the site's windows, as
     * the plugin's own store does: returning this store made such a limit count every page of the
     * address too (issue 28: the bingo image's). createRateLimit's children have no route; their
     * keyGenerator names their keys.
     */
    child(params: object) {
      // At run time the plugin hands the route's merged limit options, the route under routeInfo.
      const route = (params as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return typeof route?.url === "string"
        ? new SharedRateLimitStore(undefined, `${String(route.method)} ${route.url}|`)
        : this;
    }
  };
}

/** The main process's side: answers a worker's count from the windows it keeps. */
export function answerRateRequest(
  windows: RateWindows,
  message: unknown,
  now = Date.now(),
): RateReply | null {
  if (!isRateRequest(message)) return null;
  const { current, ttl } = windows.incr(message.key, message.timeWindow, now);
  return { type: "rate-limit-reply", id: message.id, current, ttl };
}

function isRateRequest(message: unknown): message is RateRequest {
  const m = message as Partial<RateRequest> | null;
  return (
    typeof m === "object" &&
    m !== null &&
    m.type === "rate-limit" &&
    typeof m.id === "number" &&
    typeof m.key === "string" &&
    typeof m.timeWindow === "number"
  );
}

function isRateReply(message: unknown): message is RateReply {
  const m = message as Partial<RateReply> | null;
  return typeof m === "object" && m !== null && m.type === "rate-limit-reply" && typeof m.id === "number";
}
