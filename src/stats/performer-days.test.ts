import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consistencyViolations } from "../../tests/helpers/consistency.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import {
  type Broadcast,
  type ExpectedDay,
  expectedDay,
  recordTruth,
  type Sighting,
} from "../../tests/helpers/ground-truth.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import { collectPoll } from "../collect/poll.ts";
import { rollupPerformerDays } from "./performer-days.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;
const GRACE = 15 * MINUTE;
const D0 = Date.UTC(2026, 10, 17); // the day before the day under test
const D = D0 + DAY;

describe("performer_days", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  const broadcasts = new Map<string, Broadcast>();

  beforeAll(async () => {
    t = await createTestDatabase();
    platform = await startTestPlatform({ performers: 1500, seed: 21, at: D0 });
    const deps = testCollector(t.db, platform);
    let index = 0;
    for (let at = D0; at <= D + DAY + 60 * MINUTE; at += 5 * MINUTE) {
      // Some polls are missed (an outage of ours): the day must still come out right.
      if (++index % 17 === 0) continue;
      platform.clock.set(at);
      await collectPoll(deps, new Date(at));
      recordTruth(broadcasts, platform.population, at);
    }
    await rollupPerformerDays(t.db, "2026-11-17");
    await rollupPerformerDays(t.db, "2026-11-18");
  }, 120_000);
  afterAll(async () => {
    await platform.sandbox.close();
    await t.drop();
  });

  async function stored(day: string) {
    const { rows } = await sql<ExpectedDay & { username: string; follower_gain: number | null }>`
      SELECT p.username, d.peak_viewers, d.followers, d.follower_gain, d.minutes_online, d.stream_count, d.tags,
        d.best_rank, d.seen_in_public
      FROM performer_days d JOIN performers p USING (performer_id)
      WHERE d.day = ${day}::date ORDER BY p.username`.execute(t.db);
    return rows;
  }

  it("holds the collected history consistently (precondition)", async () => {
    expect(await consistencyViolations(t.db)).toEqual([]);
  });

  it("equals the ground truth for every performer of the day, the midnight rule included", async () => {
    const expected = expectedDay([...broadcasts.values()], D);
    const rows = await stored("2026-11-18");
    expect(rows.length).toBeGreaterThan(300);
    expect(rows.map((r) => r.username)).toEqual([...expected.keys()].sort());
    for (const { username, follower_gain: _gain, ...row } of rows) {
      expect({ username, ...row }).toEqual({ username, ...expected.get(username) });
    }
    // The rule mattered: some broadcast crossed midnight by less than 15 minutes.
    const shortCrossers = [...broadcasts.values()].filter((b) => {
      const end = (b.sightings.at(-1) as Sighting).t;
      return b.start >= D && b.start < D + DAY && end >= D + DAY && end < D + DAY + GRACE;
    });
    expect(shortCrossers.length).toBeGreaterThan(0);
  });

  it("measures the follower gain against the previous day", async () => {
    const before = new Map((await stored("2026-11-17")).map((r) => [r.username, r.followers]));
    for (const row of await stored("2026-11-18")) {
      const previous = before.get(row.username);
      expect(row.follower_gain).toBe(
        previous === undefined || previous === null || row.followers === null
          ? null
          : row.followers - previous,
      );
    }
  });

  it("gives the same rows when the day is rolled up again", async () => {
    const first = await stored("2026-11-18");
    await rollupPerformerDays(t.db, "2026-11-18");
    expect(await stored("2026-11-18")).toEqual(first);
  });
});
