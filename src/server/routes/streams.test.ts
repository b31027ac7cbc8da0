import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { ensureSnapshotPartitions } from "../../db/queries/partitions.ts";
import { buildApp } from "../app.ts";

const T = Date.parse("2026-11-20T20:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
const MIN = 60_000;

describe("the streams and streamers API", () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase();
    const ann = await insertPerformer(t.db, { username: "ann", gender: "f" });
    const bob = await insertPerformer(t.db, { username: "bob", gender: "m" });
    await insertPerformer(t.db, { username: "quiet", gender: "c" });
    const gone = await insertPerformer(t.db, { username: "gone" });
    /** followers start/end, max viewers, viewers sum/samples, best rank/gender rank, rank sum/samples, gender rank sum/samples, snapshots. */
    const session = async (
      performerId: number,
      start: number,
      end: number,
      n: (number | null)[],
      tags: string[],
    ) => {
      const [fs, fe, mv, vs, vn, br, bg, rs, rn, gs, gn, sn] = n;
      await sql`
        INSERT INTO stream_sessions (performer_id, start_time, end_time, followers_start, followers_end, max_viewers,
          viewers_sum, viewers_samples, best_rank, best_gender_rank, rank_sum, rank_samples, gender_rank_sum,
          gender_rank_samples, snapshots, tags)
        VALUES (${performerId}, ${iso(start)}, ${iso(end)}, ${fs}, ${fe}, ${mv}, ${vs}, ${vn}, ${br}, ${bg}, ${rs}, ${rn},
          ${gs}, ${gn}, ${sn}, ${tags})`.execute(t.db);
    };
    await session(
      ann,
      T - 26 * 60 * MIN,
      T - 24 * 60 * MIN,
      [100, 110, 50, 400, 10, 3, 4, 30, 10, 10, 10, 10],
      ["cute"],
    );
    await session(ann, T - 60 * MIN, T, [110, 125, 80, 700, 10, 1, 1, 25, 10, 12, 10, 10], ["asian", "cute"]);
    await session(bob, T - 30 * MIN, T - 10 * MIN, [5, 5, 3, 0, 0, null, null, 0, 0, 0, 0, 2], []);
    await session(gone, T - 30 * MIN, T, [5, 5, 3, 9, 3, 2, 1, 6, 3, 3, 3, 3], []);
    await ensureSnapshotPartitions(t.db, T, T);
    const { rows } = await sql<{ poll_id: number }>`
      INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, pages, requests, duration_ms)
      VALUES (${iso(T)}, ${iso(T)}, ${iso(T)}, 'complete', 'live', 2, 85, 1, 1, 10) RETURNING poll_id`.execute(
      t.db,
    );
    const pollId = rows[0]?.poll_id;
    await sql`
      INSERT INTO snapshots (performer_id, observed_at, poll_id, viewers, followers, show, seconds_online, rank, gender_rank)
      VALUES (${ann}, ${iso(T)}, ${pollId}, 80, 125, 1, 3600, 1, 1), (${gone}, ${iso(T)}, ${pollId}, 5, 5, 2, 1800, 2, 1)`.execute(
      t.db,
    );
    await confirmOptout(t.db, "gone");
    // A minute after the poll: the online list is current.
    app = buildApp({ db: t.db, publishDir: "/nonexistent", now: () => T + MIN });
  });
  afterAll(async () => {
    await app?.close();
    await t.drop();
  });

  const get = (url: string) => app.inject({ method: "GET", url });

  it("lists a performer's streams, newest first, with the SPEC's session fields", async () => {
    const response = await get("/api/streams?modelName=Ann");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    const body = response.json();
    expect(body.modelName).toBe("ann");
    expect(body.streams).toEqual([
      {
        streamId: String((T - 60 * MIN) / 1000),
        startTime: "2026-11-20T19:00:00Z",
        endTime: "2026-11-20T20:00:00Z",
        followersStart: 110,
        followersEnd: 125,
        maxViewers: 80,
        avgViewers: 70,
        bestRank: 1,
        bestGenderRank: 1,
        avgRank: 2.5,
        avgGenderRank: 1.2,
        tags: ["asian", "cute"],
      },
      expect.objectContaining({
        startTime: "2026-11-19T18:00:00Z",
        avgViewers: 40,
        avgRank: 3,
        avgGenderRank: 1,
      }),
    ]);
  });

  it("gives one stream's details: the latest, or the one asked for", async () => {
    const latest = (await get("/api/stream_details?modelName=ann")).json();
    expect(latest.stream.startTime).toBe("2026-11-20T19:00:00Z");
    const id = String((T - 26 * 60 * MIN) / 1000);
    const older = await get(`/api/stream_details?modelName=ann&streamId=${id}`);
    expect(older.statusCode).toBe(200);
    expect(older.json().stream).toMatchObject({ streamId: id, maxViewers: 50, followersEnd: 110 });
    const bob = (await get("/api/stream_details?modelName=bob")).json().stream;
    expect(bob).toMatchObject({ avgViewers: null, bestRank: null, avgRank: null, tags: [] });
  });

  it.each([
    [
      "/api/streams",
      400,
      { code: "invalid_parameter", parameter: "modelName", message: "modelName: expected a performer name" },
    ],
    ["/api/streams?modelName=", 400, { code: "invalid_parameter", parameter: "modelName" }],
    ["/api/streams?modelName=a&modelName=b", 400, { code: "invalid_parameter", parameter: "modelName" }],
    [
      "/api/streams?modelName=nobody",
      404,
      { code: "unknown_performer", message: 'no performer named "nobody" has been seen' },
    ],
    ["/api/streams?modelName=gone", 404, { code: "unknown_performer" }],
    ["/api/stream_details?modelName=quiet", 404, { code: "no_streams", message: "quiet has no stream yet" }],
    ["/api/stream_details?modelName=ann&streamId=12", 404, { code: "unknown_stream", parameter: "streamId" }],
    [
      "/api/stream_details?modelName=ann&streamId=x1",
      400,
      { code: "invalid_parameter", parameter: "streamId" },
    ],
    [
      "/api/stream_hourlystats?modelName=ann&weeksBack=0",
      400,
      { code: "invalid_parameter", parameter: "weeksBack" },
    ],
    [
      "/api/stream_hourlystats?modelName=ann&weeksBack=55",
      400,
      { code: "invalid_parameter", parameter: "weeksBack" },
    ],
    [
      "/api/stream_hourlystats?modelName=ann&weeksBack=2.5",
      400,
      { code: "invalid_parameter", parameter: "weeksBack" },
    ],
    [
      "/api/streams?modelName=a%00b",
      400,
      {
        code: "invalid_parameter",
        parameter: "modelName",
        message: "modelName: expected a performer name: letters, digits, _ . and -",
      },
    ],
    ["/api/nothing-here", 404, { code: "not_found", message: "no such path: /api/nothing-here" }],
  ])("%s answers %i in the one error shape", async (url, status, error) => {
    const response = await get(url);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: { status, message: expect.any(String), ...error } });
  });

  it("gives hourly stats as 7 x 24 buckets, 4 weeks by default", async () => {
    const body = (await get("/api/stream_hourlystats?modelName=ann")).json();
    expect(body.weeksBack).toBe(4);
    expect(body.hours).toHaveLength(168);
    expect(body.hours[0]).toEqual({ weekday: 1, hour: 0, minutesOnline: 0, daysOnline: 0, avgViewers: 0 });
    expect((await get("/api/stream_hourlystats?modelName=ann&weeksBack=54")).statusCode).toBe(200);
  });

  it("says who is online now, opted-out performers left out", async () => {
    const response = await get("/api/streamers");
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    expect(response.json()).toEqual({
      observedAt: "2026-11-20T20:00:00.000Z",
      count: 1,
      streamers: [{ name: "ann", gender: "f", viewers: 80, followers: 125, status: 1 }],
    });
    const ann = (await get("/api/streamers?modelName=ann")).json();
    expect(ann).toMatchObject({ modelName: "ann", live: true, lastSeenTime: "2026-11-20T20:00:00.000Z" });
    const bob = (await get("/api/streamers?modelName=bob")).json();
    expect(bob).toMatchObject({
      modelName: "bob",
      live: false,
      room: null,
      lastSeenTime: "2026-11-20T19:50:00.000Z",
    });
  });

  it("judges live by the online list only while it is current, as the performer page does", async () => {
    // Ten minutes after the poll its list still counts; a moment later it no longer does, and ann,
    // last seen at the poll, was seen too long ago to count as live.
    for (const [at, live] of [
      [T + 10 * MIN, true],
      [T + 10 * MIN + 1, false],
    ] as const) {
      const later = buildApp({ db: t.db, publishDir: "/nonexistent", now: () => at });
      try {
        const ann = (await later.inject({ method: "GET", url: "/api/streamers?modelName=ann" })).json();
        expect(ann).toMatchObject({ modelName: "ann", live, observedAt: "2026-11-20T20:00:00.000Z" });
      } finally {
        await later.close();
      }
    }
    // Seen under 5 minutes ago counts without the list: bob, not in the poll, ended his session
    // ten minutes before it.
    for (const [at, live] of [
      [T - 6 * MIN, true],
      [T - 5 * MIN, false],
    ] as const) {
      const earlier = buildApp({ db: t.db, publishDir: "/nonexistent", now: () => at });
      try {
        const bob = (await earlier.inject({ method: "GET", url: "/api/streamers?modelName=bob" })).json();
        expect(bob).toMatchObject({ modelName: "bob", live, room: null });
      } finally {
        await earlier.close();
      }
    }
  });

  it("limits each client address, with a clear 429 in the same shape", async () => {
    const limited = buildApp({ db: t.db, publishDir: "/nonexistent", rateLimitPerMinute: 2 });
    try {
      for (let i = 0; i < 2; i++) {
        expect((await limited.inject({ method: "GET", url: "/api/streams?modelName=ann" })).statusCode).toBe(
          200,
        );
      }
      const refused = await limited.inject({ method: "GET", url: "/api/streams?modelName=ann" });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: {
          status: 429,
          code: "rate_limited",
          message: expect.stringMatching(
            /^too many requests: at most 2 a minute from one address; try again in/,
          ),
        },
      });
    } finally {
      await limited.close();
    }
  });
});
