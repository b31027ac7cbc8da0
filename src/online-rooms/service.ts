import { namedCache } from "../cache/named-cache.ts";
import { FeedClient, type FeedError } from "../platform/feed-client.ts";
import { normalizeRoomsQuery, ROOMS_PAGE_SIZE, type RoomsQuery, roomsQueryString } from "./query.ts";
import type { OnlineRoom } from "./room.ts";
import { trimRoom } from "./trim-room.ts";

/** One page of online rooms as GET /api/online_rooms answers it and the page loaders use it. */
export interface OnlineRoomsPage {
  /** Rooms matching the query on the whole platform (the feed's count), not on this page. */
  count: number;
  offset: number;
  limit: number;
  results: OnlineRoom[];
}

/** The feed could not answer and no recent copy was at hand: the caller says "try again soon". */
export class RoomsUnavailableError extends Error {
  override name = "RoomsUnavailableError";
}

/**
 * Whether an error is RoomsUnavailableError, by name: the pages' server build bundles a copy of
 * this module, whose class is not the one the server's proxy throws, so instanceof cannot tell.
 */
export function isRoomsUnavailable(error: unknown): error is RoomsUnavailableError {
  return error instanceof Error && error.name === "RoomsUnavailableError";
}

export interface OnlineRoomsService {
  page(query: RoomsQuery): Promise<OnlineRoomsPage>;
}

/** Where the proxy reads: the collector's feed (base URL, campaign and client_ip). */
export interface OnlineRoomsFeed {
  baseUrl: string;
  campaign: string;
  clientIp: string;
}

export interface OnlineRoomsOptions {
  feed: OnlineRoomsFeed;
  /** How long an answer is served without asking the feed again (default 30 s). */
  freshMs?: number;
  /**
   * How old an answer may be and still be served at once, while one feed request renews it in
   * the background (default 2 minutes): past `freshMs` a visitor does not wait on the feed's
   * spacing for a copy this recent.
   */
  revalidateMs?: number;
  /** How long an answer may stand in when the feed fails or is busy (default 5 minutes). */
  staleMs?: number;
  /** Distinct queries kept (default 500). */
  maxEntries?: number;
  /** Feed requests under way or waiting their turn; beyond this a miss is refused at once (default 8). */
  maxPending?: number;
  /** Spacing of the proxy's own feed requests (FEED_MAX_REQUESTS_PER_SECOND). */
  maxRequestsPerSecond: number;
  /** One feed request's limit; a visitor is waiting on it (default 8 s). */
  timeoutMs?: number;
  now?: () => number;
  /** Where a failed feed request is reported (the server's log). */
  warn?: (message: string) => void;
}

/**
 * The proxy of the platform's online rooms: one feed request per distinct query every `freshMs`
 * at most, however many visitors ask, and concurrent visitors asking the same wait on the same
 * request. Queries arrive validated and are normalized first, so one set of rooms has one cache key.
 * A copy past `freshMs` but within `revalidateMs` is served at once and renewed behind it (the
 * feed takes one request a second, so a visitor would otherwise queue behind other queries'). When
 * the feed fails (or too many requests are already waiting) a copy up to `staleMs` old is served
 * instead; without one, RoomsUnavailableError.
 */
export function createOnlineRoomsService(options: OnlineRoomsOptions): OnlineRoomsService {
  const freshMs = options.freshMs ?? 30_000;
  const revalidateMs = options.revalidateMs ?? 120_000;
  const staleMs = options.staleMs ?? 300_000;
  const maxPending = options.maxPending ?? 8;
  const now = options.now ?? Date.now;
  const cache = namedCache<string, OnlineRoomsPage>({
    name: "online-rooms",
    key: "the normalized query (roomsQueryString)",
    bound: { entries: options.maxEntries ?? 500 },
    ttlMs: freshMs,
    // Kept on until staleMs old, to stand in when the feed fails or is busy.
    staleMs: Math.max(0, staleMs - freshMs),
    now,
  });
  const client = new FeedClient({
    baseUrl: options.feed.baseUrl,
    wm: options.feed.campaign,
    clientIp: options.feed.clientIp,
    maxRequestsPerSecond: options.maxRequestsPerSecond,
    timeoutMs: options.timeoutMs ?? 8_000,
    // One quick retry: a visitor is waiting, and a stale copy is usually there to fall back on.
    maxRetries: 1,
    retryBaseMs: 250,
    maxRetryWaitMs: 1_000,
  });

  const fetchPage = async (query: RoomsQuery): Promise<OnlineRoomsPage> => {
    const errors: FeedError[] = [];
    const { page } = await client.fetchPage(query.offset, ROOMS_PAGE_SIZE, errors, {
      genders: query.genders,
      tags: query.tags,
      ...(query.hd === undefined ? {} : { hd: query.hd }),
    });
    if (!page) throw new Error(errors.at(-1)?.error ?? "no answer");
    const results: OnlineRoom[] = [];
    const seen = new Set<string>();
    for (const raw of page.results) {
      const room = trimRoom(raw);
      // A room the feed lists twice (it shifts while it pages) is one card.
      if (room && !seen.has(room.username)) {
        seen.add(room.username);
        results.push(room);
      }
    }
    return { count: page.count, offset: query.offset, limit: ROOMS_PAGE_SIZE, results };
  };

  /** The query's feed request: the one under way, or a new one whose answer the cache keeps. */
  const load = (key: string, query: RoomsQuery) =>
    // Concurrent visitors of one query share this request; the answer counts from its arrival.
    cache.load(
      key,
      () =>
        fetchPage(query).catch((error: unknown) => {
          options.warn?.(`online rooms ${key}: the feed failed (${reasonOf(error)})`);
          throw error;
        }),
      { freshFrom: "end" },
    );

  return {
    page(raw) {
      const query = normalizeRoomsQuery(raw);
      const key = roomsQueryString(query);
      const kept = cache.entry(key);
      if (kept && !kept.stale) return Promise.resolve(kept.value);
      if (kept && now() - kept.storedAt < revalidateMs) {
        // Renewed behind the answer, unless it already is or the feed's queue is full; a failure
        // was warned of and leaves the copy to stand in.
        if (!cache.isLoading(key) && cache.loading < maxPending) load(key, query).catch(() => undefined);
        return Promise.resolve(kept.value);
      }
      const fallback = (reason: string) => {
        if (kept) return kept.value;
        throw new RoomsUnavailableError(`the platform's online rooms are unavailable just now (${reason})`);
      };
      if (!cache.isLoading(key) && cache.loading >= maxPending) {
        try {
          return Promise.resolve(fallback("too many requests waiting for the feed"));
        } catch (error) {
          return Promise.reject(error);
        }
      }
      return load(key, query).catch((error: unknown) => fallback(reasonOf(error)));
    },
  };
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The proxy of a platform's feed, or, without one, the proxy whose every page is unavailable: the
 * same choice for the app (one process) and the main process (several, shared-service.ts).
 */
export function onlineRoomsOf(
  platform: { feed: OnlineRoomsFeed } | null | undefined,
  options: { maxRequestsPerSecond: number; warn: (message: string) => void },
): OnlineRoomsService {
  return platform
    ? createOnlineRoomsService({ feed: platform.feed, ...options })
    : unavailableOnlineRooms("no platform feed is configured for the live rooms");
}

/** The proxy where no feed is known (an app built without one): every page is unavailable. */
export function unavailableOnlineRooms(reason: string): OnlineRoomsService {
  return { page: () => Promise.reject(new RoomsUnavailableError(reason)) };
}
