import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FeedClient, retryAfterMs } from "./feed-client.ts";
import { FEED_PATH } from "./feed-room.ts";

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates, and nothing else", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(" 0 ")).toBe(0);
    const now = Date.parse("2026-11-21T10:00:00Z");
    expect(retryAfterMs("Sat, 21 Nov 2026 10:00:05 GMT", now)).toBe(5000);
    expect(retryAfterMs("Sat, 21 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs("soon")).toBeNull();
  });
});

describe("FeedClient.pageUrl", () => {
  it("repeats gender and tag, after the campaign, address and paging", () => {
    const client = new FeedClient({
      baseUrl: "https://feed.example",
      wm: "camp",
      clientIp: "request_ip",
      maxRequestsPerSecond: 1,
      timeoutMs: 1000,
      maxRetries: 0,
    });
    const url = new URL(client.pageUrl(90, 90, { genders: ["f", "c"], tags: ["asian", "latina"] }));
    expect(url.origin + url.pathname).toBe(`https://feed.example${FEED_PATH}`);
    expect([...url.searchParams]).toEqual([
      ["wm", "camp"],
      ["client_ip", "request_ip"],
      ["format", "json"],
      ["limit", "90"],
      ["offset", "90"],
      ["gender", "f"],
      ["gender", "c"],
      ["tag", "asian"],
      ["tag", "latina"],
    ]);
    expect(client.pageUrl(0, 500)).not.toMatch(/gender|tag/);
  });
});

const realFetch = globalThis.fetch;

describe("FeedClient", () => {
  const requests: { at: number; url: URL }[] = [];
  let base = "";
  let rooms = 1234;
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push({ at: performance.now(), url });
    const offset = Number(url.searchParams.get("offset"));
    const limit = Number(url.searchParams.get("limit"));
    const results = Array.from({ length: Math.max(0, Math.min(limit, rooms - offset)) }, (_, i) => ({
      username: `room_${offset + i}`,
      num_users: rooms - offset - i,
    }));
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ count: rooms, results }));
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const client = (options: Partial<ConstructorParameters<typeof FeedClient>[0]> = {}) =>
    new FeedClient({
      baseUrl: base,
      wm: "camp1",
      clientIp: "request_ip",
      maxRequestsPerSecond: Number.POSITIVE_INFINITY,
      timeoutMs: 2000,
      maxRetries: 0,
      ...options,
    });

  it("asks for the feed's path with the campaign, client_ip, json and limit=500 pages", async () => {
    requests.length = 0;
    rooms = 1234;
    const sweep = await client().sweep();
    expect(sweep).toMatchObject({
      expectedCount: 1234,
      pagesRead: 3,
      pagesFailed: 0,
      requests: 3,
      malformed: 0,
    });
    expect(sweep.rooms).toHaveLength(1234);
    expect(requests.map((r) => r.url.pathname)).toEqual([FEED_PATH, FEED_PATH, FEED_PATH]);
    expect(requests.map((r) => Object.fromEntries(r.url.searchParams))).toEqual(
      [0, 500, 1000].map((offset) => ({
        wm: "camp1",
        client_ip: "request_ip",
        format: "json",
        limit: "500",
        offset: String(offset),
      })),
    );
  });

  it("sends no more than the configured requests per second", async () => {
    requests.length = 0;
    rooms = 2000;
    // When each request starts, as the client sends it: the server's arrival times also carry the
    // scheduling delays of a busy machine (tests run in parallel), which can bring two closer.
    const starts: number[] = [];
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation((...args) => {
      starts.push(performance.now());
      return realFetch(...args);
    });
    try {
      await client({ maxRequestsPerSecond: 10 }).sweep();
    } finally {
      fetchSpy.mockRestore();
    }
    expect(requests).toHaveLength(4);
    expect(starts).toHaveLength(4);
    for (let i = 1; i < starts.length; i++) {
      const gap = (starts[i] ?? 0) - (starts[i - 1] ?? 0);
      expect(gap).toBeGreaterThanOrEqual(95);
    }
  });

  it("reads one page when the feed has no rooms", async () => {
    requests.length = 0;
    rooms = 0;
    const sweep = await client().sweep();
    expect(sweep).toMatchObject({ expectedCount: 0, pagesRead: 1, rooms: [] });
    expect(requests).toHaveLength(1);
  });
});
