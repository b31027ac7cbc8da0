import { createServer } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../tests/helpers/platform.ts";
import { FEED_PATH } from "../platform/feed-room.ts";
import { ROOMS_PAGE_SIZE } from "./query.ts";
import { createOnlineRoomsService, RoomsUnavailableError, unavailableOnlineRooms } from "./service.ts";

const T0 = Date.UTC(2026, 10, 18, 21, 0);

describe("the online-rooms proxy", () => {
  let platform: TestPlatform;
  let clock = 0;
  const warnings: string[] = [];
  const service = (options: { maxPending?: number; maxEntries?: number } = {}) =>
    createOnlineRoomsService({
      feed: { baseUrl: platform.sandbox.url, campaign: "camp", clientIp: "request_ip" },
      maxRequestsPerSecond: Number.POSITIVE_INFINITY,
      now: () => clock,
      warn: (message) => warnings.push(message),
      ...options,
    });
  const feedRequests = () => platform.sandbox.requestCount;

  beforeAll(async () => {
    platform = await startTestPlatform({ performers: 3000, seed: 5, at: T0 });
  });
  afterAll(() => platform.sandbox.close());
  beforeEach(() => {
    platform.sandbox.faults.set({ extraFields: true });
    warnings.length = 0;
    clock = 1_000_000;
  });

  it("answers one page of 90 trimmed rooms with the feed's count, filtered as asked", async () => {
    const rooms = service();
    const all = await rooms.page({ genders: [], tags: [], offset: 0 });
    expect(all.limit).toBe(ROOMS_PAGE_SIZE);
    expect(all.results).toHaveLength(ROOMS_PAGE_SIZE);
    expect(all.count).toBeGreaterThan(ROOMS_PAGE_SIZE);
    expect(Object.keys(all.results[0] ?? {}).sort()).toEqual(
      [
        "age",
        "country",
        "displayName",
        "gender",
        "imageUrl",
        "status",
        "subject",
        "tags",
        "username",
        "viewers",
      ].sort(),
    );

    const couples = await rooms.page({ genders: ["c"], tags: [], offset: 0 });
    expect(couples.count).toBeLessThan(all.count);
    expect(couples.results.every((r) => r.gender === "c")).toBe(true);

    const second = await rooms.page({ genders: [], tags: [], offset: ROOMS_PAGE_SIZE });
    expect(second.offset).toBe(ROOMS_PAGE_SIZE);
    const firstNames = new Set(all.results.map((r) => r.username));
    expect(second.results.some((r) => firstNames.has(r.username))).toBe(false);

    const tagged = await rooms.page({ genders: ["f"], tags: ["bigboobs", "latina"], offset: 0 });
    expect(tagged.results.length).toBeGreaterThan(0);
    for (const room of tagged.results) {
      expect(room.gender).toBe("f");
      expect(room.tags).toEqual(expect.arrayContaining(["bigboobs", "latina"]));
    }
  });

  it("asks the feed once per distinct query while the answer is fresh, whatever the spelling", async () => {
    const rooms = service();
    const before = feedRequests();
    const first = await rooms.page({ genders: ["f", "c"], tags: ["latina", "asian"], offset: 0 });
    expect(feedRequests()).toBe(before + 1);
    clock += 29_000;
    const again = await rooms.page({ genders: ["c", "f", "c"], tags: ["asian", "latina"], offset: 0 });
    expect(again).toBe(first);
    expect(feedRequests()).toBe(before + 1);
  });

  it("answers a copy up to two minutes old at once and renews it behind the answer", async () => {
    const rooms = service();
    const query = { genders: ["f" as const], tags: ["asian"], offset: 0 };
    const before = feedRequests();
    const first = await rooms.page(query);
    clock += 31_000;
    // Past fresh: the copy at once, however many ask, and one feed request behind them.
    expect(await rooms.page(query)).toBe(first);
    expect(await rooms.page(query)).toBe(first);
    await vi.waitFor(async () => expect(await rooms.page(query)).not.toBe(first));
    expect(feedRequests()).toBe(before + 2);
    const renewed = await rooms.page(query);
    expect(renewed.results.length).toBeGreaterThan(0);
    // Past two minutes the visitor waits for the feed: what comes back is a new answer.
    clock += 121_000;
    const waited = await rooms.page(query);
    expect(waited).not.toBe(renewed);
    expect(feedRequests()).toBe(before + 3);
    expect(await rooms.page(query)).toBe(waited);
  });

  it("keeps answering the copy while its renewal fails, each failure warned", async () => {
    const rooms = service();
    const query = { genders: ["c" as const], tags: [], offset: 0 };
    const first = await rooms.page(query);
    platform.sandbox.faults.set({ extraFields: true, errorRate: 1 });
    clock += 60_000;
    expect(await rooms.page(query)).toBe(first);
    await vi.waitFor(() => expect(warnings).toHaveLength(1));
    expect(warnings[0]).toMatch(/^online rooms gender=c&offset=0: the feed failed \(HTTP 503\)$/);
    expect(await rooms.page(query)).toBe(first);
    await vi.waitFor(() => expect(warnings).toHaveLength(2));
  });

  it("keeps HD rooms, non-HD rooms and both under keys of their own", async () => {
    const rooms = service();
    const before = feedRequests();
    const both = await rooms.page({ genders: ["f"], tags: [], offset: 0 });
    const hd = await rooms.page({ genders: ["f"], tags: [], offset: 0, hd: true });
    const notHd = await rooms.page({ genders: ["f"], tags: [], offset: 0, hd: false });
    expect(feedRequests()).toBe(before + 3);
    // Asked again while fresh: each from its own entry, none from another's.
    expect(await rooms.page({ genders: ["f"], tags: [], offset: 0, hd: true })).toBe(hd);
    expect(await rooms.page({ genders: ["f"], tags: [], offset: 0, hd: undefined })).toBe(both);
    expect(feedRequests()).toBe(before + 3);
    expect(hd.count).toBeGreaterThan(0);
    expect(hd.count + notHd.count).toBe(both.count);
  });

  it("lets concurrent visitors of one query wait on a single feed request", async () => {
    const rooms = service();
    const before = feedRequests();
    const pages = await Promise.all(
      Array.from({ length: 10 }, () => rooms.page({ genders: ["m"], tags: [], offset: 0 })),
    );
    expect(feedRequests()).toBe(before + 1);
    expect(new Set(pages).size).toBe(1);
  });

  it("serves a stale copy while the feed fails, then says it is unavailable", async () => {
    const rooms = service();
    const fresh = await rooms.page({ genders: ["t"], tags: [], offset: 0 });
    platform.sandbox.faults.set({ extraFields: true, errorRate: 1 });
    // Past the two minutes in which a copy is answered at once: the visitor's request fails.
    clock += 150_000;
    expect(await rooms.page({ genders: ["t"], tags: [], offset: 0 })).toBe(fresh);
    expect(warnings).toEqual([
      expect.stringMatching(/^online rooms gender=t&offset=0: the feed failed \(HTTP 503\)$/),
    ]);
    clock += 150_000;
    await expect(rooms.page({ genders: ["t"], tags: [], offset: 0 })).rejects.toThrow(RoomsUnavailableError);
    await expect(rooms.page({ genders: ["f"], tags: ["asian"], offset: 90 })).rejects.toThrow(
      /the platform's online rooms are unavailable just now \(HTTP 503\)/,
    );
  });

  it("refuses a miss at once when too many feed requests are waiting", async () => {
    const rooms = service({ maxPending: 2 });
    platform.sandbox.faults.set({ extraFields: true, slowMs: 200 });
    const slow = [
      rooms.page({ genders: ["f"], tags: [], offset: 0 }),
      rooms.page({ genders: ["m"], tags: [], offset: 0 }),
    ];
    await expect(rooms.page({ genders: ["c"], tags: [], offset: 0 })).rejects.toThrow(
      /too many requests waiting/,
    );
    await Promise.all(slow);
    await expect(rooms.page({ genders: ["c"], tags: [], offset: 0 })).resolves.toMatchObject({ offset: 0 });
  });

  it("never sends the feed more than the query's own parameters", async () => {
    const urls: string[] = [];
    const server = createServer((req, res) => {
      urls.push(req.url ?? "");
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ count: 1, results: [{ username: "anna", extra: "ignored" }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const rooms = createOnlineRoomsService({
        feed: { baseUrl: `http://127.0.0.1:${port}`, campaign: "camp", clientIp: "request_ip" },
        maxRequestsPerSecond: Number.POSITIVE_INFINITY,
      });
      const page = await rooms.page({ genders: ["t", "f"], tags: ["latina", "asian"], offset: 180 });
      expect(page.results.map((r) => r.username)).toEqual(["anna"]);
      await rooms.page({ genders: [], tags: [], offset: 0, hd: true });
      await rooms.page({ genders: ["c"], tags: [], offset: 90, hd: false });
      expect(urls).toEqual([
        `${FEED_PATH}?wm=camp&client_ip=request_ip&format=json&limit=90&offset=180&gender=f&gender=t&tag=asian&tag=latina`,
        `${FEED_PATH}?wm=camp&client_ip=request_ip&format=json&limit=90&offset=0&hd=true`,
        `${FEED_PATH}?wm=camp&client_ip=request_ip&format=json&limit=90&offset=90&gender=c&hd=false`,
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("unavailableOnlineRooms", () => {
  it("answers every page with the reason", async () => {
    await expect(
      unavailableOnlineRooms("no feed").page({ genders: [], tags: [], offset: 0 }),
    ).rejects.toThrow(new RoomsUnavailableError("no feed"));
  });
});
