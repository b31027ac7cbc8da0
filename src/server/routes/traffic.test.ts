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
  ])("%s is refused, naming %s", async (url, parameter, message) => {
    expect(await get(url)).toEqual({
      status: 400,
      cache: "no-store",
      body: { error: { status: 400, code: "invalid_parameter", parameter, message } },
    });
  });
});
