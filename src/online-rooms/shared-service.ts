import type { RoomsQuery } from "./query.ts";
import {
  isRoomsUnavailable,
  type OnlineRoomsPage,
  type OnlineRoomsService,
  RoomsUnavailableError,
} from "./service.ts";

/**
 * The online-rooms proxy when several processes serve the site (WEB_PROCESSES, decision 0058):
 * one proxy in the main process, whose copies and feed rate every server process shares, asked over
 * the cluster's IPC channel as the rate limit's counts are (src/server/shared-rate-limit.ts). Kept
 * per process, a repeat visit that reached another process than the first found no copy there and
 * waited for the feed at that process's share of its rate.
 */

/** A page of rooms asked for by a server process. */
export interface RoomsRequest {
  type: "online-rooms";
  id: number;
  query: RoomsQuery;
}

/** The main process's answer: the page, or why there is none. */
export type RoomsReply =
  | { type: "online-rooms-reply"; id: number; page: OnlineRoomsPage }
  | { type: "online-rooms-reply"; id: number; error: string; unavailable: boolean };

/** The IPC channel of a cluster worker (its `process`), as far as the proxy uses it. */
export interface RoomsChannel {
  send(message: RoomsRequest): void;
  onMessage(listener: (message: unknown) => void): void;
  onDisconnect(listener: () => void): void;
}

interface Pending {
  resolve(page: OnlineRoomsPage): void;
  reject(error: Error): void;
}

/**
 * A server process's proxy: each page asked of the main process through `channel` (the worker's
 * `process`). When the main process is gone (this one is stopping), the rooms are unavailable:
 * the page says so, as it does when the feed fails.
 */
export function sharedOnlineRooms(channel: RoomsChannel): OnlineRoomsService {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let closed = false;
  channel.onMessage((message) => {
    if (!isRoomsReply(message)) return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (waiting === undefined) return;
    if ("page" in message) waiting.resolve(message.page);
    else
      waiting.reject(
        message.unavailable ? new RoomsUnavailableError(message.error) : new Error(message.error),
      );
  });
  channel.onDisconnect(() => {
    closed = true;
    for (const waiting of pending.values()) waiting.reject(goneError());
    pending.clear();
  });
  return {
    page(query) {
      if (closed) return Promise.reject(goneError());
      const id = nextId++;
      return new Promise<OnlineRoomsPage>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        try {
          channel.send({ type: "online-rooms", id, query });
        } catch (error) {
          pending.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  };
}

const goneError = () =>
  new RoomsUnavailableError(
    "the platform's online rooms are unavailable just now (the main process is gone)",
  );

/**
 * The main process's side: answers a server process's request from `service` through `reply`.
 * Returns false for any other message. The query was validated by the process that asks (its
 * route's schema); the proxy normalizes it.
 */
export function answerRoomsRequest(
  service: OnlineRoomsService,
  message: unknown,
  reply: (answer: RoomsReply) => void,
): boolean {
  if (!isRoomsRequest(message)) return false;
  const { id } = message;
  service.page(message.query).then(
    (page) => reply({ type: "online-rooms-reply", id, page }),
    (error: unknown) =>
      reply({
        type: "online-rooms-reply",
        id,
        error: error instanceof Error ? error.message : String(error),
        unavailable: isRoomsUnavailable(error),
      }),
  );
  return true;
}

function isRoomsRequest(message: unknown): message is RoomsRequest {
  const m = message as Partial<RoomsRequest> | null;
  return (
    typeof m === "object" &&
    m !== null &&
    m.type === "online-rooms" &&
    typeof m.id === "number" &&
    typeof m.query === "object" &&
    m.query !== null
  );
}

function isRoomsReply(message: unknown): message is RoomsReply {
  const m = message as Partial<RoomsReply> | null;
  return typeof m === "object" && m !== null && m.type === "online-rooms-reply" && typeof m.id === "number";
}
