import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../tests/helpers/platform.ts";
import { ROOMS_PAGE_SIZE } from "./query.ts";
import { createOnlineRoomsService, isRoomsUnavailable, type OnlineRoomsService } from "./service.ts";
import { answerRoomsRequest, type RoomsChannel, sharedOnlineRooms } from "./shared-service.ts";

/**
 * Two proxies standing for two server processes, each with an IPC channel to one "main process"
 * whose proxy asks the sandbox feed: what one process asked, the other finds kept.
 */
describe("the online-rooms proxy shared by the server processes", () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ performers: 2000, seed: 7, at: Date.UTC(2026, 10, 30, 20) });
  });
  afterAll(() => platform.sandbox.close());

  function cluster(main: OnlineRoomsService) {
    const disconnects: (() => void)[] = [];
    let connected = true;
    const channel = (): RoomsChannel => {
      const listeners: ((message: unknown) => void)[] = [];
      return {
        send(message) {
          if (!connected) throw new Error("channel closed");
          // Through JSON and answered later, as over the cluster's pipe.
          const sent: unknown = JSON.parse(JSON.stringify(message));
          answerRoomsRequest(main, sent, (answer) => {
            const received: unknown = JSON.parse(JSON.stringify(answer));
            setImmediate(() => {
              for (const listener of listeners) listener(received);
            });
          });
        },
        onMessage: (listener) => listeners.push(listener),
        onDisconnect: (listener) => disconnects.push(listener),
      };
    };
    const disconnect = () => {
      connected = false;
      for (const listener of disconnects) listener();
    };
    return { a: sharedOnlineRooms(channel()), b: sharedOnlineRooms(channel()), disconnect };
  }

  const mainProxy = () =>
    createOnlineRoomsService({
      feed: { baseUrl: platform.sandbox.url, campaign: "camp", clientIp: "request_ip" },
      maxRequestsPerSecond: Number.POSITIVE_INFINITY,
    });

  it("answers both processes from one copy: one feed request for a query either asks", async () => {
    const { a, b } = cluster(mainProxy());
    const before = platform.sandbox.requestCount;
    const first = await a.page({ genders: ["f"], tags: [], offset: 0 });
    const again = await b.page({ genders: ["f"], tags: [], offset: 0 });
    expect(platform.sandbox.requestCount).toBe(before + 1);
    expect(first.results).toHaveLength(ROOMS_PAGE_SIZE);
    expect(again).toEqual(first);
    const [c, m] = await Promise.all([
      a.page({ genders: ["c"], tags: [], offset: 0 }),
      b.page({ genders: ["m"], tags: [], offset: 0 }),
    ]);
    expect(c.results.every((room) => room.gender === "c")).toBe(true);
    expect(m.results.every((room) => room.gender === "m")).toBe(true);
    expect(platform.sandbox.requestCount).toBe(before + 3);
  });

  it("passes the feed's failure on as the rooms being unavailable, with the reason", async () => {
    const { a } = cluster(mainProxy());
    platform.sandbox.faults.set({ errorRate: 1 });
    try {
      const failed = await a.page({ genders: ["t"], tags: [], offset: 0 }).catch((error: unknown) => error);
      expect(isRoomsUnavailable(failed)).toBe(true);
      expect(String((failed as Error).message)).toMatch(
        /^the platform's online rooms are unavailable just now \(HTTP 503\)$/,
      );
    } finally {
      platform.sandbox.faults.set({});
    }
  });

  it("says the rooms are unavailable once the main process is gone, for pages waiting and asked", async () => {
    let requests = 0;
    // A main process that never answers before it goes.
    const silent: OnlineRoomsService = {
      page: () => {
        requests++;
        return new Promise(() => undefined);
      },
    };
    const { a, disconnect } = cluster(silent);
    const waiting = a.page({ genders: [], tags: [], offset: 0 }).catch((error: unknown) => error);
    expect(requests).toBe(1);
    disconnect();
    const [waited, asked] = await Promise.all([
      waiting,
      a.page({ genders: [], tags: [], offset: 90 }).catch((error: unknown) => error),
    ]);
    for (const error of [waited, asked]) {
      expect(isRoomsUnavailable(error)).toBe(true);
      expect(String((error as Error).message)).toContain("the main process is gone");
    }
  });

  it("leaves every other message to the rate limit and the metrics", () => {
    const main = mainProxy();
    for (const message of [
      "listening",
      null,
      { type: "rate-limit", id: 1, key: "k", timeWindow: 60_000 },
      { type: "online-rooms", id: "1", query: {} },
      { type: "online-rooms", id: 1 },
    ])
      expect(answerRoomsRequest(main, message, () => undefined)).toBe(false);
  });
});
