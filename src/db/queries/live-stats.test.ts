import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { liveStats } from "./live-stats.ts";

const NOW = "2026-11-20T12:03:00.000Z";

async function poll(db: TestDatabase["db"], at: string, rooms: number, status = "complete") {
  await sql`
    INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, rooms_f, rooms_m,
      rooms_c, rooms_t, viewers_f, viewers_m, viewers_c, viewers_t, pages, requests, duration_ms)
    VALUES (${at}, ${at}, ${at}, ${status}, 'live', ${rooms}, ${rooms * 10}, ${rooms - 3}, 1, 1, 1,
      ${(rooms - 3) * 10}, 10, 10, 10, 1, 1, 10)`.execute(db);
}

describe("live stats", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it("is empty before the first complete poll", async () => {
    await poll(t.db, "2026-11-20T11:00:00Z", 999, "partial");
    expect(await liveStats(t.db)).toEqual({ observedAt: null, now: null, dayBefore: null, last24h: [] });
  });

  it("gives the latest complete poll, the one nearest a day before, and 24 hours in 10-minute steps", async () => {
    await poll(t.db, NOW, 100);
    await poll(t.db, "2026-11-20T12:01:00Z", 90);
    await poll(t.db, "2026-11-20T11:55:00Z", 80);
    await poll(t.db, "2026-11-20T12:04:00Z", 5000, "partial"); // later, but partial: not now
    await poll(t.db, "2026-11-19T12:10:00Z", 70); // 23 h 53 min before: the nearest
    await poll(t.db, "2026-11-19T11:40:00Z", 60);
    await poll(t.db, "2026-11-19T12:02:00Z", 50); // exactly 24 h 1 min before: nearer still
    await poll(t.db, "2026-11-18T12:00:00Z", 40); // two days before: in nothing

    const stats = await liveStats(t.db);
    expect(stats.observedAt).toBe(NOW);
    expect(stats.now).toEqual({
      rooms: 100,
      viewers: 1000,
      byGender: {
        f: { rooms: 97, viewers: 970 },
        m: { rooms: 1, viewers: 10 },
        c: { rooms: 1, viewers: 10 },
        t: { rooms: 1, viewers: 10 },
      },
    });
    expect(stats.dayBefore).toEqual({ observedAt: "2026-11-19T12:02:00.000Z", rooms: 50, viewers: 500 });
    expect(stats.last24h).toHaveLength(144);
    expect(stats.last24h.at(-1)).toEqual({ at: "2026-11-20T12:00:00.000Z", rooms: 95, viewers: 950 });
    expect(stats.last24h.at(-2)).toEqual({ at: "2026-11-20T11:50:00.000Z", rooms: 80, viewers: 800 });
    expect(stats.last24h.at(-3)).toEqual({ at: "2026-11-20T11:40:00.000Z", rooms: null, viewers: null });
    // The first step starts 23 h 50 min before the last; 12:02 the day before is outside the 24 hours.
    expect(stats.last24h[0]).toEqual({ at: "2026-11-19T12:10:00.000Z", rooms: 70, viewers: 700 });
  });
});
