import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiGet, liveRoomsApp, NO_DATABASE, testApp } from "../../../tests/helpers/api.ts";
import { startTestPlatform, type TestPlatform } from "../../../tests/helpers/platform.ts";
import type { OnlineRoom } from "../../online-rooms/room.ts";
import { FEED_PATH } from "../../platform/feed-room.ts";

const T0 = Date.UTC(2026, 10, 18, 21, 0);

describe("GET /api/online_rooms", () => {
  let platform: TestPlatform;
  let app: FastifyInstance;

  beforeAll(async () => {
    platform = await startTestPlatform({ performers: 3000, seed: 5, at: T0 });
    app = liveRoomsApp(platform.sandbox.url);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.sandbox.close();
  });
  beforeEach(() => platform.sandbox.faults.set({ extraFields: true }));

  const rooms = async (query: string) => {
    const { status, body, cache } = await apiGet(app, `/api/online_rooms${query}`);
    return {
      status,
      body: body as { count: number; offset: number; limit: number; results: OnlineRoom[] },
      cache,
    };
  };

  it("answers a page of 90 trimmed rooms, kept 30 seconds", async () => {
    const { status, body, cache } = await rooms("");
    expect(status).toBe(200);
    expect(cache).toBe("public, max-age=30");
    expect(body).toMatchObject({ offset: 0, limit: 90 });
    expect(body.results).toHaveLength(90);
    expect(body.count).toBeGreaterThan(90);
    const room = body.results[0];
    expect(room).toEqual({
      username: expect.stringMatching(/^[a-z0-9_][a-z0-9_.-]*$/),
      displayName: expect.any(String),
      gender: expect.stringMatching(/^[fmct]$/),
      age: room?.age === null ? null : expect.any(Number),
      country: room?.country === null ? null : expect.stringMatching(/^[A-Z]{2}$/),
      viewers: expect.any(Number),
      status: expect.any(Number),
      imageUrl: `${platform.sandbox.url}/ri/${room?.username}.jpg`,
      subject: expect.any(String),
      tags: expect.any(Array),
    });
    // Sorted as the platform lists them: most viewers first.
    const viewers = body.results.map((r) => r.viewers);
    expect(viewers).toEqual([...viewers].sort((a, b) => b - a));
  });

  it("filters by genders (repeated) and tags (all of them), in any case", async () => {
    const two = await rooms("?gender=m&gender=t");
    expect(two.status).toBe(200);
    expect(new Set(two.body.results.map((r) => r.gender))).toEqual(new Set(["m", "t"]));
    const one = await rooms("?gender=c");
    expect(one.body.results.every((r) => r.gender === "c")).toBe(true);

    const tagged = await rooms("?tag=BigBoobs&tag=latina");
    expect(tagged.status).toBe(200);
    expect(tagged.body.count).toBeGreaterThan(0);
    expect(tagged.body.count).toBeLessThan((await rooms("?tag=latina")).body.count);
    for (const room of tagged.body.results)
      expect(room.tags).toEqual(expect.arrayContaining(["bigboobs", "latina"]));
  });

  it("passes hd to the feed: true lists the rooms the feed marks HD, false the others", async () => {
    const feed = async (hd: string) => {
      const url = new URL(FEED_PATH, platform.sandbox.url);
      url.search = `wm=sandbox&client_ip=request_ip&format=json&limit=90&offset=0&gender=f${hd}`;
      return (await (await fetch(url)).json()) as {
        count: number;
        results: { username: string; is_hd: boolean }[];
      };
    };
    const all = await rooms("?gender=f");
    const hd = await rooms("?gender=f&hd=true");
    const notHd = await rooms("?gender=f&hd=false");
    expect(hd.status).toBe(200);
    expect(hd.body.count).toBeGreaterThan(0);
    expect(hd.body.count).toBeLessThan(all.body.count);
    expect(hd.body.count + notHd.body.count).toBe(all.body.count);
    const fromFeed = await feed("&hd=true");
    expect(fromFeed.results.every((r) => r.is_hd)).toBe(true);
    expect(hd.body.results.map((r) => r.username)).toEqual(fromFeed.results.map((r) => r.username));
  });

  it("pages by offsets of 90", async () => {
    const first = await rooms("?offset=0");
    const second = await rooms("?offset=90");
    expect(second.body.offset).toBe(90);
    const names = new Set(first.body.results.map((r) => r.username));
    expect(second.body.results.some((r) => names.has(r.username))).toBe(false);
    const far = await rooms("?offset=17910");
    expect(far.status).toBe(200);
    expect(far.body.results).toEqual([]);
  });

  it("refuses what it cannot pass to the feed, naming the parameter", async () => {
    const cases: [string, string, RegExp][] = [
      ["?gender=x", "gender", /^gender: expected gender codes f, m, c or t, at most 4$/],
      ["?gender=s", "gender", /expected gender codes/],
      ["?gender=f&gender=m&gender=c&gender=t&gender=f", "gender", /at most 4/],
      ["?tag=a%20b", "tag", /^tag: expected at most 5 tags, each of letters, digits, _ and -/],
      ["?tag=%23asian", "tag", /each of letters/],
      [`?tag=${"a".repeat(65)}`, "tag", /up to 64 characters/],
      ["?tag=a&tag=b&tag=c&tag=d&tag=e&tag=f", "tag", /expected at most 5 tags/],
      ["?offset=45", "offset", /expected a multiple of 90/],
      ["?offset=18000", "offset", /expected at most 17910/],
      ["?offset=-90", "offset", /expected a whole number/],
      ["?offset=1e3", "offset", /expected a whole number/],
      ["?offset=0&offset=90", "offset", /expected a whole number/],
      ["?hd=yes", "hd", /^hd: expected true or false$/],
      ["?hd=1", "hd", /expected true or false/],
      ["?hd=TRUE", "hd", /expected true or false/],
      ["?hd=true&hd=false", "hd", /expected true or false/],
    ];
    const before = platform.sandbox.requestCount;
    for (const [query, parameter, message] of cases) {
      const { status, body, cache } = await apiGet(app, `/api/online_rooms${query}`);
      expect(status, query).toBe(400);
      expect(cache, query).toBe("no-store");
      expect(body.error, query).toMatchObject({ status: 400, code: "invalid_parameter" });
      expect(body.error.parameter, query).toBe(parameter);
      expect(body.error.message, query).toMatch(message);
    }
    expect(platform.sandbox.requestCount).toBe(before);
  });

  it("answers 503 in the one error shape when the feed fails and nothing recent is kept", async () => {
    platform.sandbox.faults.set({ extraFields: true, errorRate: 1 });
    const { status, body, cache } = await apiGet(app, "/api/online_rooms?tag=feet&gender=m");
    expect(status).toBe(503);
    expect(cache).toBe("no-store");
    expect(body).toEqual({
      error: {
        status: 503,
        code: "rooms_unavailable",
        message: expect.stringMatching(/^the platform's online rooms are unavailable just now/),
      },
    });
  });

  it("is listed in the OpenAPI document with its parameters", async () => {
    const { body } = await apiGet(app, "/api/docs");
    const call = body.paths["/api/online_rooms"].get;
    expect(call.parameters.map((p: { name: string }) => p.name)).toEqual(["gender", "tag", "offset", "hd"]);
    expect(Object.keys(call.responses).sort()).toEqual(["200", "400", "429", "503"]);
  });

  it("never answers 500 to hostile input", async () => {
    const names = ["gender", "tag", "offset", "limit", "", "__proto__", "gender[]"];
    const values = fc.oneof(
      fc.string(),
      fc.string({ unit: "grapheme", maxLength: 70 }),
      fc.constantFrom(
        "f",
        "m",
        "c",
        "t",
        "s",
        "asian",
        "ASIAN",
        "0",
        "90",
        "-90",
        "9".repeat(30),
        "\u0000",
        "%",
        "[]",
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string()), values), { maxLength: 6 }),
        async (params) => {
          const query = new URLSearchParams(params).toString();
          const response = await app.inject({ method: "GET", url: `/api/online_rooms?${query}` });
          expect(response.statusCode, query).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.json().error).toMatchObject({
              status: response.statusCode,
              code: expect.any(String),
            });
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("GET /api/online_rooms without a feed", () => {
  it("says the rooms are unavailable", async () => {
    const app = testApp(NO_DATABASE);
    try {
      const { status, body } = await apiGet(app, "/api/online_rooms");
      expect(status).toBe(503);
      expect(body.error).toMatchObject({
        code: "rooms_unavailable",
        message: "no platform feed is configured for the live rooms",
      });
    } finally {
      await app.close();
    }
  });
});
