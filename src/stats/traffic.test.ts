import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import { collectPoll } from "../collect/poll.ts";
import { rollupTraffic } from "./traffic.ts";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const D = Date.UTC(2026, 10, 18);
const DAY_TEXT = "2026-11-18";

interface HourRow {
  hour: string;
  gender: string;
  polls: number;
  rooms_sum: number;
  rooms_max: number;
  viewers_sum: number;
  viewers_max: number;
  rooms_avg: number;
  viewers_avg: number;
}

interface TagRow {
  hour: string;
  tag: string;
  sessions: number;
  rooms: number;
  viewers: number;
}

describe("rollupTraffic", () => {
  let t: TestDatabase;
  let platform: TestPlatform;

  beforeAll(async () => {
    t = await createTestDatabase();
    platform = await startTestPlatform({ performers: 800, seed: 33, at: D - 3 * HOUR });
    // 20 rooms a page (a few dozen are online), so a poll can lose a page and come out partial.
    const deps = testCollector(t.db, platform, { pageSize: 20 });
    for (let at = D - 3 * HOUR; at <= D + DAY + HOUR; at += 10 * MINUTE) {
      platform.clock.set(at);
      if (at === D + 5 * HOUR + 20 * MINUTE) {
        // The second page fails every retry: a partial poll, which traffic must leave out.
        platform.sandbox.faults.enqueue(
          { kind: "slow", delayMs: 0 },
          ...Array.from({ length: 4 }, () => ({ kind: "status" as const, status: 500 })),
        );
      }
      await collectPoll(deps, new Date(at));
    }
    await rollupTraffic(t.db, DAY_TEXT);
  }, 120_000);
  afterAll(async () => {
    await platform.sandbox.close();
    await t.drop();
  });

  async function hourRows(): Promise<HourRow[]> {
    const { rows } = await sql<HourRow>`
      SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24') AS hour, gender, polls, rooms_sum, rooms_max,
        viewers_sum, viewers_max, rooms_avg::float8 AS rooms_avg, viewers_avg::float8 AS viewers_avg
      FROM traffic_hours ORDER BY hour, gender`.execute(t.db);
    return rows;
  }

  async function tagRows(): Promise<TagRow[]> {
    const { rows } = await sql<TagRow>`
      SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24') AS hour, tag, sessions,
        rooms::float8 AS rooms, viewers::float8 AS viewers
      FROM tag_traffic_hours ORDER BY hour, tag`.execute(t.db);
    return rows;
  }

  const hourKey = (ms: number) => new Date(ms).toISOString().slice(0, 13);

  it("counts the complete polls of each hour of the day, per gender key", async () => {
    const { rows: polls } = await sql<{
      observed_at: Date;
      status: string;
      rooms: number;
      viewers: number;
      rooms_f: number;
      rooms_m: number;
      rooms_c: number;
      rooms_t: number;
      viewers_f: number;
      viewers_m: number;
      viewers_c: number;
      viewers_t: number;
    }>`SELECT observed_at, status, rooms, viewers, rooms_f, rooms_m, rooms_c, rooms_t,
         viewers_f, viewers_m, viewers_c, viewers_t FROM polls`.execute(t.db);
    // The history holds a partial poll inside the day and complete polls outside it: both are left out.
    expect(polls.filter((p) => p.status === "partial").map((p) => p.observed_at.getTime())).toEqual([
      D + 5 * HOUR + 20 * MINUTE,
    ]);
    const expected = new Map<string, Omit<HourRow, "rooms_avg" | "viewers_avg">>();
    for (const p of polls) {
      const ms = p.observed_at.getTime();
      if (p.status !== "complete" || ms < D || ms >= D + DAY) continue;
      const figures = {
        all: [p.rooms, p.viewers],
        c: [p.rooms_c, p.viewers_c],
        f: [p.rooms_f, p.viewers_f],
        m: [p.rooms_m, p.viewers_m],
        t: [p.rooms_t, p.viewers_t],
      } as const;
      for (const [gender, [rooms, viewers]] of Object.entries(figures)) {
        const key = `${hourKey(ms)} ${gender}`;
        const row = expected.get(key) ?? {
          hour: hourKey(ms),
          gender,
          polls: 0,
          rooms_sum: 0,
          rooms_max: 0,
          viewers_sum: 0,
          viewers_max: 0,
        };
        row.polls++;
        row.rooms_sum += rooms;
        row.rooms_max = Math.max(row.rooms_max, rooms);
        row.viewers_sum += viewers;
        row.viewers_max = Math.max(row.viewers_max, viewers);
        expected.set(key, row);
      }
    }
    const rows = await hourRows();
    expect(rows).toHaveLength(24 * 5);
    expect(rows.map(({ rooms_avg: _r, viewers_avg: _v, ...row }) => row)).toEqual(
      [...expected.keys()].sort().map((key) => expected.get(key)),
    );
    expect(rows.find((r) => r.hour === "2026-11-18T05" && r.gender === "all")?.polls).toBe(5);
    for (const row of rows) {
      expect(row.rooms_avg).toBeCloseTo(row.rooms_sum / row.polls, 2);
      expect(row.viewers_avg).toBeCloseTo(row.viewers_sum / row.polls, 2);
    }
  });

  it("spreads each session's minutes and average viewers over the hours and its tags", async () => {
    const { rows: sessions } = await sql<{
      start_time: Date;
      end_time: Date;
      tags: string[];
      viewers_sum: number;
      viewers_samples: number;
    }>`SELECT start_time, end_time, tags, viewers_sum, viewers_samples FROM stream_sessions`.execute(t.db);
    // Exact milliseconds per hour and tag; viewers as a float, to be compared within its rounding.
    const expected = new Map<string, { sessions: number; ms: number; viewers: number }>();
    for (const s of sessions) {
      const average = s.viewers_samples > 0 ? s.viewers_sum / s.viewers_samples : 0;
      for (let h = D; h < D + DAY; h += HOUR) {
        const ms = Math.min(s.end_time.getTime(), h + HOUR) - Math.max(s.start_time.getTime(), h);
        if (ms <= 0) continue;
        for (const tag of s.tags) {
          const key = `${hourKey(h)} ${tag}`;
          const row = expected.get(key) ?? { sessions: 0, ms: 0, viewers: 0 };
          row.sessions++;
          row.ms += ms;
          row.viewers += (ms / HOUR) * average;
          expected.set(key, row);
        }
      }
    }
    const rows = await tagRows();
    expect(rows.length).toBeGreaterThan(24 * 20);
    expect(rows.map((r) => `${r.hour} ${r.tag}`)).toEqual([...expected.keys()].sort());
    for (const row of rows) {
      const want = expected.get(`${row.hour} ${row.tag}`);
      expect({ sessions: row.sessions, rooms: row.rooms }).toEqual({
        sessions: want?.sessions,
        rooms: Math.round((want?.ms ?? 0) / 3600) / 1000,
      });
      expect(Math.abs(row.viewers - (want?.viewers ?? 0))).toBeLessThanOrEqual(0.0011);
    }
  });

  it("gives the same rows when the day is rolled up again, and leaves other days alone", async () => {
    const before = { hours: await hourRows(), tags: await tagRows() };
    await rollupTraffic(t.db, "2026-11-17");
    const written = await rollupTraffic(t.db, DAY_TEXT);
    expect(written).toBe(before.hours.length + before.tags.length);
    const after = { hours: await hourRows(), tags: await tagRows() };
    expect(after.hours.filter((r) => r.hour.startsWith(DAY_TEXT))).toEqual(before.hours);
    expect(after.tags.filter((r) => r.hour.startsWith(DAY_TEXT))).toEqual(before.tags);
    // The day before got its own rows (the 3 hours polled before midnight), not the day's.
    expect(after.hours.filter((r) => !r.hour.startsWith(DAY_TEXT)).map((r) => r.hour)).toEqual(
      ["21", "22", "23"].flatMap((h) => Array(5).fill(`2026-11-17T${h}`)),
    );
  });

  it("rejects a day that is not one", async () => {
    await expect(rollupTraffic(t.db, "2026-02-30")).rejects.toThrow("not a day: 2026-02-30");
  });
});
