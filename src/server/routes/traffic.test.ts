import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiGet, testApp } from "../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";

describe("GET /api/traffic", () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase();
    const poll = async (at: string, status: string, rooms: number[], viewers: number[]) => {
      const [all, f, m, c, tr] = rooms;
      const [vAll, vf, vm, vc, vt] = viewers;
      await sql`
        INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, rooms_f, rooms_m,
          rooms_c, rooms_t, viewers_f, viewers_m, viewers_c, viewers_t, pages, requests, duration_ms)
        VALUES (${at}, ${at}, ${at}, ${status}, 'live', ${all}, ${vAll}, ${f}, ${m}, ${c}, ${tr}, ${vf}, ${vm}, ${vc},
          ${vt}, 1, 1, 5)`.execute(t.db);
    };
    await poll("2026-11-20T10:00:00Z", "complete", [10, 6, 2, 1, 1], [100, 70, 10, 15, 5]);
    await poll("2026-11-20T10:30:00Z", "complete", [13, 7, 3, 2, 1], [121, 80, 20, 16, 5]);
    await poll("2026-11-20T10:45:00Z", "partial", [1, 1, 0, 0, 0], [1, 1, 0, 0, 0]);
    await poll("2026-11-20T11:00:00Z", "complete", [4, 4, 0, 0, 0], [40, 40, 0, 0, 0]);
    await poll("2026-11-21T00:00:00Z", "complete", [9, 9, 0, 0, 0], [9, 9, 0, 0, 0]);
    await sql`
      INSERT INTO tag_traffic_hours (hour, tag, sessions, rooms, viewers)
      VALUES ('2026-11-20T10:00:00Z', 'asian', 3, 2.25, 40.125), ('2026-11-20T10:00:00Z', 'cute', 1, 1, 1),
        ('2026-11-27T10:00:00Z', 'asian', 1, 1, 1)`.execute(t.db);
    app = testApp(t.db);
  });
  afterAll(async () => {
    await app?.close();
    await t.drop();
  });

  const get = (url: string) => apiGet(app, url);
  /** The last day a date may name: tomorrow, UTC, by the clock the route reads. */
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  it("averages a day's complete polls per hour and gender", async () => {
    expect(await get("/api/traffic?date=2026-11-20")).toEqual({
      status: 200,
      cache: "public, max-age=300",
      body: {
        from: "2026-11-20T00:00:00.000Z",
        to: "2026-11-21T00:00:00.000Z",
        hours: [
          {
            hour: "2026-11-20T10:00:00Z",
            polls: 2,
            rooms: { all: 11.5, f: 6.5, m: 2.5, c: 1.5, t: 1 },
            viewers: { all: 110.5, f: 75, m: 15, c: 15.5, t: 5 },
          },
          {
            hour: "2026-11-20T11:00:00Z",
            polls: 1,
            rooms: { all: 4, f: 4, m: 0, c: 0, t: 0 },
            viewers: { all: 40, f: 40, m: 0, c: 0, t: 0 },
          },
        ],
      },
    });
  });

  it("gives a tag's hours for the 7 days from a start date", async () => {
    expect(await get("/api/traffic?startDate=2026-11-20&tag=Asian")).toEqual({
      status: 200,
      cache: "public, max-age=300",
      body: {
        from: "2026-11-20T00:00:00.000Z",
        to: "2026-11-27T00:00:00.000Z",
        tag: "asian",
        hours: [{ hour: "2026-11-20T10:00:00Z", rooms: 2.3, viewers: 40.1 }],
      },
    });
    const week = await get("/api/traffic?startDate=2026-11-20");
    expect(week.body.hours.map((h: { hour: string }) => h.hour)).toEqual([
      "2026-11-20T10:00:00Z",
      "2026-11-20T11:00:00Z",
      "2026-11-21T00:00:00Z",
    ]);
  });

  it("takes dates from 2000-01-01 to tomorrow, and no later", async () => {
    const first = await get("/api/traffic?date=2000-01-01");
    expect([first.status, first.body.from, first.body.hours]).toEqual([200, "2000-01-01T00:00:00.000Z", []]);
    const last = await get(`/api/traffic?startDate=${tomorrow()}`);
    expect([last.status, last.body.from]).toEqual([200, `${tomorrow()}T00:00:00.000Z`]);
    const after = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await get(`/api/traffic?date=${after}`)).body.error.message).toBe(
      `date: expected a date from 2000-01-01 to ${tomorrow()}`,
    );
  });

  it.each([
    ["/api/traffic?date=2026-02-30", "date", "date: expected a date as YYYY-MM-DD"],
    ["/api/traffic?date=20261120", "date", "date: expected a date as YYYY-MM-DD"],
    ["/api/traffic?tag=asian", "startDate", "startDate: a tag's traffic needs a start date"],
    [
      "/api/traffic?date=2026-11-20&startDate=2026-11-20",
      "date",
      "date: give either date or startDate, not both",
    ],
    ["/api/traffic?startDate=2026-11-20&tag=", "tag", "tag: expected a tag of 1 to 64 characters"],
    // Issue 27: the years 0 and 9999 reached PostgreSQL and made it fail (a 500).
    ["/api/traffic?date=9999-12-31", "date", `date: expected a date from 2000-01-01 to ${tomorrow()}`],
    ["/api/traffic?date=0000-01-01", "date", `date: expected a date from 2000-01-01 to ${tomorrow()}`],
    ["/api/traffic?date=1999-12-31", "date", `date: expected a date from 2000-01-01 to ${tomorrow()}`],
    [
      "/api/traffic?startDate=9999-12-31",
      "startDate",
      `startDate: expected a start date from 2000-01-01 to ${tomorrow()}`,
    ],
    [
      "/api/traffic?startDate=0000-01-01&tag=asian",
      "startDate",
      `startDate: expected a start date from 2000-01-01 to ${tomorrow()}`,
    ],
    ["/api/traffic?date=2024-02-30", "date", "date: expected a date as YYYY-MM-DD"],
    ["/api/traffic?date=%2B010000-01-01", "date", "date: expected a date as YYYY-MM-DD"],
    ["/api/traffic?date=-000001-01-01", "date", "date: expected a date as YYYY-MM-DD"],
  ])("%s is refused, naming %s", async (url, parameter, message) => {
    expect(await get(url)).toEqual({
      status: 400,
      cache: "no-store",
      body: { error: { status: 400, code: "invalid_parameter", parameter, message } },
    });
  });
});
