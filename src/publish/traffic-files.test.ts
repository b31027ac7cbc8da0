import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { rollupBroadcasterDays } from "../stats/broadcaster-days.ts";
import { rollupTraffic } from "../stats/traffic.ts";
import type { PublishContext } from "./context.ts";
import { FIXED_PATHS } from "./paths.ts";
import {
  activeUserCountSchema,
  activeUserCountTrendsYoySchema,
  publishTraffic,
  recentBroadcasterStatsSchema,
} from "./traffic-files.ts";

const DAY = "2026-11-18";
const zero = { all: 0, c: 0, f: 0, m: 0, t: 0 };
const none = { all: null, c: null, f: null, m: null, t: null };

/** One poll; `by` holds [rooms, viewers] per gender, and the totals are their sums unless given. */
async function poll(
  t: TestDatabase,
  at: string,
  by: Partial<Record<"f" | "m" | "c" | "t", [number, number]>>,
  status = "complete",
) {
  const f = by.f ?? [0, 0];
  const m = by.m ?? [0, 0];
  const c = by.c ?? [0, 0];
  const tr = by.t ?? [0, 0];
  await sql`
    INSERT INTO polls (observed_at, started_at, finished_at, status, source, expected_rooms, rooms, viewers,
      rooms_f, viewers_f, rooms_m, viewers_m, rooms_c, viewers_c, rooms_t, viewers_t, pages, requests, duration_ms)
    VALUES (${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz, ${status}, 'live', 0,
      ${f[0] + m[0] + c[0] + tr[0]}, ${f[1] + m[1] + c[1] + tr[1]},
      ${f[0]}, ${f[1]}, ${m[0]}, ${m[1]}, ${c[0]}, ${c[1]}, ${tr[0]}, ${tr[1]}, 1, 1, 1)`.execute(t.db);
}

async function performer(t: TestDatabase, username: string, gender: string | null): Promise<number> {
  const { rows } = await sql<{ performer_id: number }>`
    INSERT INTO performers (username, gender, first_seen, last_seen)
    VALUES (${username}, ${gender}, now(), now()) RETURNING performer_id`.execute(t.db);
  return rows[0]?.performer_id as number;
}

async function day(
  t: TestDatabase,
  performerId: number,
  d: string,
  minutes: number,
  peak: number | null,
  streams = 1,
) {
  await sql`
    INSERT INTO performer_days (performer_id, day, peak_viewers, minutes_online, stream_count, seen_in_public)
    VALUES (${performerId}, ${d}::date, ${peak}, ${minutes}, ${streams}, ${peak !== null})`.execute(t.db);
}

describe("publishTraffic", () => {
  let t: TestDatabase;
  let root: string;
  let context: PublishContext;
  const read = async (urlPath: string) => readFile(path.join(root, urlPath));
  const json = async (urlPath: string): Promise<unknown> => JSON.parse((await read(urlPath)).toString());

  beforeAll(async () => {
    t = await createTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), "camstats-traffic-"));
    context = {
      db: t.db,
      root,
      options: { excludedUsername: undefined, tagMinPerformers: 1 },
    };

    await poll(t, "2026-11-18T10:00:00Z", { f: [6, 70], m: [2, 10], c: [1, 15], t: [1, 5] });
    await poll(t, "2026-11-18T10:30:00Z", { f: [7, 80], m: [3, 20], c: [1, 20], t: [1, 10] });
    await poll(t, "2026-11-18T10:45:00Z", { f: [3, 5] }, "partial");
    await poll(t, "2026-11-18T23:00:00Z", { f: [4, 41] });
    await poll(t, "2026-11-12T00:00:00Z", { f: [2, 3] }); // first hour of the 7 days
    await poll(t, "2026-11-11T23:00:00Z", { f: [1, 1] }); // the hour before them
    await poll(t, "2026-11-19T01:00:00Z", { f: [50, 500] }); // after the day: never read
    await poll(t, "2025-11-18T12:00:00Z", { f: [9, 9] }); // 365 days back: outside the year
    await poll(t, "2025-11-19T12:00:00Z", { f: [5, 7] }); // 364 days back: the first day, and DAY's year before
    await poll(t, "2025-11-20T12:00:00Z", { m: [8, 16] });
    await poll(t, "2025-11-13T06:00:00Z", { c: [3, 9] }); // the year before of 2026-11-12
    for (const d of [
      "2025-11-13",
      "2025-11-18",
      "2025-11-19",
      "2025-11-20",
      "2026-11-11",
      "2026-11-12",
      DAY,
    ]) {
      await rollupTraffic(t.db, d);
    }
    await rollupTraffic(t.db, "2026-11-19");

    const alice = await performer(t, "alice", "f");
    const bob = await performer(t, "bob", "m");
    const carol = await performer(t, "carol", "c");
    const tess = await performer(t, "tess", "t");
    const nobody = await performer(t, "nogender", null);
    const gone = await performer(t, "gone", "f");
    const pending = await performer(t, "pending", "f");
    await day(t, alice, "2026-10-01", 60, 12);
    await day(t, alice, DAY, 90, 40);
    await day(t, alice, "2026-11-19", 500, 900);
    await day(t, bob, "2026-11-17", 0, null, 0); // snapshots but no stream counted: not broadcasting
    await day(t, bob, DAY, 30, 10);
    await day(t, carol, DAY, 45, null); // private shows only: no peak in public
    await day(t, tess, "2026-10-19", 10, 5); // the day before the 30
    await day(t, tess, "2026-10-20", 120, 5);
    await day(t, nobody, DAY, 15, 3);
    await day(t, gone, "2026-11-01", 600, 1000);
    await day(t, gone, DAY, 600, 1000);
    await day(t, pending, DAY, 6, 7);
    for (const d of [
      "2026-10-01",
      "2026-10-19",
      "2026-10-20",
      "2026-11-01",
      "2026-11-17",
      DAY,
      "2026-11-19",
    ]) {
      await rollupBroadcasterDays(t.db, d);
    }
    // Confirmed after the days were rolled up: publishing must leave gone out all the same.
    await sql`
      INSERT INTO optouts (username, confirmed_at) VALUES ('gone', now());
      INSERT INTO optouts (username) VALUES ('pending')`.execute(t.db);
  });
  afterAll(async () => {
    await t.drop();
    await rm(root, { recursive: true, force: true });
  });

  it("writes the three files, valid by their schemas", async () => {
    const files = await publishTraffic(context, DAY);
    expect(files.map((f) => f.urlPath)).toEqual([
      FIXED_PATHS.activeUserCount,
      FIXED_PATHS.activeUserCountTrendsYoy,
      FIXED_PATHS.recentBroadcasterStats,
    ]);
    activeUserCountSchema.parse(await json(FIXED_PATHS.activeUserCount));
    activeUserCountTrendsYoySchema.parse(await json(FIXED_PATHS.activeUserCountTrendsYoy));
    recentBroadcasterStatsSchema.parse(await json(FIXED_PATHS.recentBroadcasterStats));
  });

  const header = { as_of: DAY, updated_at: "2026-11-19T00:00:00.000Z" };

  it("has the last 7 days hour by hour, complete polls only", async () => {
    expect(await json(FIXED_PATHS.activeUserCount)).toEqual({
      ...header,
      hours: [
        {
          hour: "2026-11-12T00:00:00.000Z",
          polls: 1,
          rooms: { ...zero, all: 2, f: 2 },
          rooms_max: { ...zero, all: 2, f: 2 },
          viewers: { ...zero, all: 3, f: 3 },
          viewers_max: { ...zero, all: 3, f: 3 },
        },
        {
          hour: "2026-11-18T10:00:00.000Z",
          polls: 2,
          rooms: { all: 11, f: 6.5, m: 2.5, c: 1, t: 1 },
          rooms_max: { all: 12, f: 7, m: 3, c: 1, t: 1 },
          viewers: { all: 115, f: 75, m: 15, c: 17.5, t: 7.5 },
          viewers_max: { all: 130, f: 80, m: 20, c: 20, t: 10 },
        },
        {
          hour: "2026-11-18T23:00:00.000Z",
          polls: 1,
          rooms: { ...zero, all: 4, f: 4 },
          rooms_max: { ...zero, all: 4, f: 4 },
          viewers: { ...zero, all: 41, f: 41 },
          viewers_max: { ...zero, all: 41, f: 41 },
        },
      ],
    });
  });

  it("has daily averages over the year, each beside the same weekday 52 weeks before", async () => {
    const only = (polls: number, g: "f" | "m" | "c", rooms: number, viewers: number) => ({
      polls,
      rooms: { ...zero, all: rooms, [g]: rooms },
      viewers: { ...zero, all: viewers, [g]: viewers },
    });
    expect(await json(FIXED_PATHS.activeUserCountTrendsYoy)).toEqual({
      ...header,
      days: [
        { day: "2025-11-19", ...only(1, "f", 5, 7), year_before: null },
        { day: "2025-11-20", ...only(1, "m", 8, 16), year_before: null },
        { day: "2026-11-11", ...only(1, "f", 1, 1), year_before: null },
        {
          day: "2026-11-12",
          ...only(1, "f", 2, 3),
          year_before: { day: "2025-11-13", ...only(1, "c", 3, 9) },
        },
        {
          // (10 + 12 + 4) / 3 rooms and (100 + 130 + 41) / 3 viewers, over polls rather than hours.
          day: DAY,
          polls: 3,
          rooms: { all: 8.7, f: 5.7, m: 1.7, c: 0.7, t: 0.7 },
          viewers: { all: 90.3, f: 63.7, m: 10, c: 11.7, t: 5 },
          year_before: { day: "2025-11-19", ...only(1, "f", 5, 7) },
        },
      ],
    });
  });

  it("counts the broadcasters of the last 30 days, opted-out performers left out", async () => {
    expect(await json(FIXED_PATHS.recentBroadcasterStats)).toEqual({
      ...header,
      days: [
        {
          day: "2026-10-20",
          broadcasters: { ...zero, all: 1, t: 1 },
          new_broadcasters: zero,
          broadcast_hours: { ...zero, all: 2, t: 2 },
          avg_peak_viewers: { ...none, all: 5, t: 5 },
        },
        {
          // alice, bob, carol, nogender and pending (whose opt-out is not confirmed); not gone.
          day: DAY,
          broadcasters: { all: 5, f: 2, m: 1, c: 1, t: 0 },
          new_broadcasters: { all: 4, f: 1, m: 1, c: 1, t: 0 },
          broadcast_hours: { all: 3.1, f: 1.6, m: 0.5, c: 0.8, t: 0 },
          avg_peak_viewers: { all: 15, f: 23.5, m: 10, c: null, t: null },
        },
      ],
    });
  });

  it("gives the same bytes when published again, even after a later day was published", async () => {
    const paths = [
      FIXED_PATHS.activeUserCount,
      FIXED_PATHS.activeUserCountTrendsYoy,
      FIXED_PATHS.recentBroadcasterStats,
    ];
    const before = await Promise.all(paths.map(read));
    expect((await publishTraffic(context, DAY)).map((f) => f.changed)).toEqual([false, false, false]);
    const later = await publishTraffic(context, "2026-11-19");
    expect(later.map((f) => f.changed)).toEqual([true, true, true]);
    expect((await publishTraffic(context, DAY)).map((f) => f.changed)).toEqual([true, true, true]);
    expect(await Promise.all(paths.map(read))).toEqual(before);
  });

  it("gives the same broadcaster_days rows when a day is rolled up again", async () => {
    const rows = async () =>
      (await sql`SELECT * FROM broadcaster_days ORDER BY day, gender`.execute(t.db)).rows;
    const before = await rows();
    // gone's days are in: opt-outs are taken out when publishing, not here.
    expect(before.filter((r) => (r as { day: string }).day === "2026-11-01")).toEqual([
      {
        day: "2026-11-01",
        gender: "all",
        broadcasters: 1,
        new_broadcasters: 1,
        minutes_online: 600,
        public_broadcasters: 1,
        peak_viewers_sum: 1000,
      },
      {
        day: "2026-11-01",
        gender: "f",
        broadcasters: 1,
        new_broadcasters: 1,
        minutes_online: 600,
        public_broadcasters: 1,
        peak_viewers_sum: 1000,
      },
    ]);
    expect(await rollupBroadcasterDays(t.db, DAY)).toBe(4);
    expect(await rows()).toEqual(before);
  });

  it("rejects a day that is not one", async () => {
    await expect(rollupBroadcasterDays(t.db, "2026-02-29")).rejects.toThrow("not a day: 2026-02-29");
    await expect(publishTraffic(context, "2026-13-01")).rejects.toThrow("not a day: 2026-13-01");
  });
});
