import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consistencyViolations } from "../../tests/helpers/consistency.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import { collectPoll } from "../collect/poll.ts";
import type { TruthRoom } from "../sandbox/population.ts";
import { rollupPerformerDays } from "./performer-days.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;
const GRACE = 15 * MINUTE;
const D0 = Date.UTC(2026, 10, 17); // the day before the day under test
const D = D0 + DAY;

interface Sighting {
  t: number;
  room: TruthRoom;
  rank: number;
}

interface Broadcast {
  username: string;
  start: number;
  sightings: Sighting[];
}

interface ExpectedDay {
  peak_viewers: number | null;
  followers: number | null;
  minutes_online: number;
  stream_count: number;
  tags: string[];
  best_rank: number | null;
  seen_in_public: boolean;
}

/** What performer_days should hold for day `d`, computed from the ground truth only. */
function expectedDay(broadcasts: Broadcast[], d: number): Map<string, ExpectedDay> {
  const out = new Map<string, ExpectedDay & { seconds: number; last: number }>();
  const row = (username: string) => {
    let r = out.get(username);
    if (!r) {
      r = {
        peak_viewers: null,
        followers: null,
        minutes_online: 0,
        stream_count: 0,
        tags: [],
        best_rank: null,
        seen_in_public: false,
        seconds: 0,
        last: -1,
      };
      out.set(username, r);
    }
    return r;
  };
  for (const b of broadcasts) {
    const end = (b.sightings.at(-1) as Sighting).t;
    const startsToday = b.start >= d && b.start < d + DAY;
    const crossesIn = b.start < d && end >= d + GRACE;
    if (startsToday || crossesIn) {
      const r = row(b.username);
      r.stream_count++;
      r.seconds += startsToday
        ? ((end < d + DAY + GRACE ? end : d + DAY) - b.start) / 1000
        : (Math.min(end, d + DAY) - d) / 1000;
      r.tags = [...new Set([...r.tags, ...(b.sightings.at(-1) as Sighting).room.tags])].sort();
    }
    for (const s of b.sightings) {
      const ofDay =
        (s.t >= d + GRACE && s.t < d + DAY) ||
        (s.t >= d && s.t < d + GRACE && !(b.start < d && end < d + GRACE)) ||
        (s.t >= d + DAY &&
          s.t < d + DAY + GRACE &&
          b.start >= d &&
          b.start < d + DAY &&
          end < d + DAY + GRACE);
      if (!ofDay) continue;
      const r = row(b.username);
      if (s.room.show === "public") {
        r.seen_in_public = true;
        r.peak_viewers = Math.max(r.peak_viewers ?? 0, s.room.viewers);
      }
      if (s.t > r.last) {
        r.last = s.t;
        r.followers = s.room.followers;
      }
      r.best_rank = Math.min(r.best_rank ?? Number.POSITIVE_INFINITY, s.rank);
    }
  }
  return new Map(
    [...out].map(([name, { seconds, last: _last, ...r }]) => [
      name,
      { ...r, minutes_online: Math.round(seconds / 60) },
    ]),
  );
}

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
      platform.population.truthAt(at).forEach((room, i) => {
        const start = at - room.secondsOnline * 1000;
        const key = `${room.username}@${start}`;
        const broadcast = broadcasts.get(key) ?? { username: room.username, start, sightings: [] };
        broadcast.sightings.push({ t: at, room, rank: i + 1 });
        broadcasts.set(key, broadcast);
      });
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
