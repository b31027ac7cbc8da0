import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consistencyViolations } from "../../tests/helpers/consistency.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import { collectPoll } from "../collect/poll.ts";
import { rollupPerformerHours } from "./performer-hours.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const POLL = 5 * MINUTE;
const D0 = Date.UTC(2026, 10, 17); // the day before the day under test
const D = D0 + DAY;

interface Broadcast {
  username: string;
  start: number;
  end: number;
  viewers: number[];
}

interface HourRow {
  username: string;
  hour: number;
  seconds_online: number;
  avg_viewers: number | null;
  viewer_seconds: number;
}

/** What performer_hours should hold for day `d`, computed from the ground truth only. */
function expectedHours(broadcasts: Broadcast[], d: number): Map<string, HourRow> {
  const acc = new Map<string, { ms: number; weighted: number }>();
  for (const b of broadcasts) {
    const average = b.viewers.reduce((a, v) => a + v, 0) / b.viewers.length;
    for (let hour = 0; hour < 24; hour++) {
      const from = Math.max(b.start, d + hour * HOUR);
      const to = Math.min(b.end, d + (hour + 1) * HOUR);
      if (to <= from) continue;
      const key = `${b.username} ${hour}`;
      const a = acc.get(key) ?? { ms: 0, weighted: 0 };
      a.ms += to - from;
      a.weighted += (to - from) * average;
      acc.set(key, a);
    }
  }
  return new Map(
    [...acc].map(([key, { ms, weighted }]) => {
      const [username = "", hour = ""] = key.split(" ");
      const seconds = Math.round(ms / 1000);
      return [
        key,
        {
          username,
          hour: Number(hour),
          seconds_online: seconds,
          avg_viewers: weighted / ms,
          viewer_seconds: seconds,
        },
      ];
    }),
  );
}

describe("performer_hours", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  const broadcasts = new Map<string, Broadcast>();

  beforeAll(async () => {
    t = await createTestDatabase();
    platform = await startTestPlatform({ performers: 1200, seed: 33, at: D0 });
    const deps = testCollector(t.db, platform);
    let index = 0;
    for (let at = D0; at <= D + DAY + HOUR; at += POLL) {
      // Some polls are missed (an outage of ours): the hours must still come out right.
      if (++index % 17 === 0) continue;
      platform.clock.set(at);
      await collectPoll(deps, new Date(at));
      for (const room of platform.population.truthAt(at)) {
        const start = at - room.secondsOnline * 1000;
        const key = `${room.username}@${start}`;
        const broadcast = broadcasts.get(key) ?? { username: room.username, start, end: at, viewers: [] };
        broadcast.end = at;
        broadcast.viewers.push(room.viewers);
        broadcasts.set(key, broadcast);
      }
    }
    await rollupPerformerHours(t.db, "2026-11-17");
    await rollupPerformerHours(t.db, "2026-11-18");
  }, 120_000);
  afterAll(async () => {
    await platform.sandbox.close();
    await t.drop();
  });

  async function stored(day: string): Promise<HourRow[]> {
    const { rows } = await sql<HourRow>`
      SELECT p.username, h.hour, h.seconds_online, h.avg_viewers::float8 AS avg_viewers, h.viewer_seconds
      FROM performer_hours h JOIN performers p USING (performer_id)
      WHERE h.day = ${day}::date ORDER BY p.username, h.hour`.execute(t.db);
    return rows;
  }

  it("holds the collected history consistently (precondition)", async () => {
    expect(await consistencyViolations(t.db)).toEqual([]);
  });

  it("equals the ground truth for every performer and hour of the day", async () => {
    const expected = expectedHours([...broadcasts.values()], D);
    const rows = await stored("2026-11-18");
    expect(rows.length).toBeGreaterThan(2000);
    expect(rows.map((r) => `${r.username} ${r.hour}`).sort()).toEqual([...expected.keys()].sort());
    for (const row of rows) {
      const want = expected.get(`${row.username} ${row.hour}`) as HourRow;
      expect({ ...row, avg_viewers: 0 }).toEqual({ ...want, avg_viewers: 0 });
      // Stored to two decimals (the margin covers binary floating point in the expectation).
      expect(Math.abs((row.avg_viewers ?? Number.NaN) - (want.avg_viewers ?? 0))).toBeLessThanOrEqual(
        0.005 + 1e-9,
      );
    }
    // Every hour of the day had someone online, and some sessions crossed each midnight.
    expect(new Set(rows.map((r) => r.hour)).size).toBe(24);
    const all = [...broadcasts.values()];
    expect(all.some((b) => b.start < D && b.end > D)).toBe(true);
    expect(all.some((b) => b.start < D + DAY && b.end > D + DAY)).toBe(true);
  });

  it("splits a session crossing midnight between the two days by clock time", async () => {
    const crosser = [...broadcasts.values()].find((b) => b.start < D - HOUR && b.end > D + HOUR) as Broadcast;
    const before = (await stored("2026-11-17")).filter(
      (r) => r.username === crosser.username && r.hour === 23,
    );
    const after = (await stored("2026-11-18")).filter((r) => r.username === crosser.username && r.hour === 0);
    expect(before.map((r) => r.seconds_online)).toEqual([3600]);
    expect(after.map((r) => r.seconds_online)).toEqual([3600]);
  });

  it("gives the same rows when the day is rolled up again, and leaves other days alone", async () => {
    const first = await stored("2026-11-18");
    const other = await stored("2026-11-17");
    expect(await rollupPerformerHours(t.db, "2026-11-18")).toBe(first.length);
    expect(await stored("2026-11-18")).toEqual(first);
    expect(await stored("2026-11-17")).toEqual(other);
  });

  it("rejects what is not a day", async () => {
    await expect(rollupPerformerHours(t.db, "2026-13-45")).rejects.toThrow("not a day: 2026-13-45");
  });
});
