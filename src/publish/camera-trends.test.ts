import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { publishTwice, readPublished, testPublishContext } from "../../tests/helpers/publish.ts";
import { cameraTrendsFileSchema, publishCameraTrends, TREND_DAYS } from "./camera-trends.ts";
import { EXTRA_PATHS } from "./paths.ts";

const DAY = "2026-11-20";
const BEFORE = "2026-11-19";

describe("camera trends file", () => {
  let t: TestDatabase;

  async function poll(
    at: string,
    rooms: [f: number, m: number, c: number, t: number],
    hd: number | null,
    status = "complete",
  ) {
    const [f, m, c, tr] = rooms;
    await sql`
      INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, rooms_f, rooms_m,
        rooms_c, rooms_t, rooms_hd, pages, requests, duration_ms)
      VALUES (${at}, ${at}, ${at}, ${status}, 'live', ${f + m + c + tr}, 0, ${f}, ${m}, ${c}, ${tr}, ${hd}, 1, 1, 1)`.execute(
      t.db,
    );
  }
  async function hour(at: string, roomHours: number, tags: Record<string, number>) {
    await sql`
      INSERT INTO traffic_hours (hour, gender, polls, rooms_sum, rooms_max, viewers_sum, viewers_max)
      VALUES (${at}, 'all', 1, ${roomHours}, ${roomHours}, 0, 0)`.execute(t.db);
    for (const [tag, rooms] of Object.entries(tags)) {
      await sql`
        INSERT INTO tag_traffic_hours (hour, tag, sessions, rooms, viewers)
        VALUES (${at}, ${tag}, 1, ${rooms}, 0)`.execute(t.db);
    }
  }

  beforeAll(async () => {
    t = await createTestDatabase();
    // The day before HD was counted: its share unknown, its genders known.
    await poll(`${BEFORE}T10:00:00Z`, [60, 20, 10, 10], null);
    // Two polls of the day: shares over both polls' rooms; a partial poll counts for nothing.
    await poll(`${DAY}T10:00:00Z`, [50, 30, 10, 10], 40);
    await poll(`${DAY}T11:00:00Z`, [150, 30, 10, 10], 60);
    await poll(`${DAY}T12:00:00Z`, [9999, 0, 0, 0], 9999, "partial");
    await hour(`${BEFORE}T10:00:00Z`, 100, { asian: 10, cute: 30 });
    await hour(`${DAY}T10:00:00Z`, 100, { asian: 40, cute: 20 });
    await hour(`${DAY}T11:00:00Z`, 100, { asian: 20, cute: 20, new: 5 });
  });
  afterAll(() => t.drop());

  it("publishes a year of the room mix and the day's biggest tags, byte-stable", async () => {
    const context = await testPublishContext(t.db);
    try {
      const { first, second } = await publishTwice(publishCameraTrends, context, DAY);
      expect(second).toEqual(first.map((f) => ({ ...f, changed: false })));
      const file = cameraTrendsFileSchema.parse(await readPublished(context, EXTRA_PATHS.cameraTrends));
      expect(file.days).toHaveLength(TREND_DAYS);
      expect(file.days.at(-1)).toBe(DAY);
      expect(file.from).toBe("2025-11-21");
      const last = (series: (number | null)[]) => series.slice(-3);
      expect(last(file.rooms)).toEqual([null, 100, 150]);
      // 100 HD rooms of 300 counted; the day before, nothing was counted.
      expect(last(file.hd)).toEqual([null, null, 33.3]);
      expect(last(file.genders.f)).toEqual([null, 60, 66.7]);
      expect(last(file.genders.m)).toEqual([null, 20, 20]);
      // The day's biggest tags by room-hours (asian 60, cute 40, new 5), each over all the room-hours.
      expect(file.tags.map((tg) => tg.tag)).toEqual(["asian", "cute", "new"]);
      expect(last(file.tags[0]?.shares ?? [])).toEqual([null, 10, 30]);
      expect(last(file.tags[1]?.shares ?? [])).toEqual([null, 30, 20]);
      expect(last(file.tags[2]?.shares ?? [])).toEqual([null, null, 2.5]);
    } finally {
      await context.remove();
    }
  });
});
