import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { consistencyViolations } from "../../tests/helpers/consistency.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import { SHOW_CODES } from "../platform/parse-room.ts";
import { collectPoll } from "./poll.ts";

const MINUTE = 60_000;
// A weekday evening in Europe: a few hundred of 3,000 performers online.
const T0 = Date.UTC(2026, 10, 18, 21, 0);

describe("the collector against the sandbox platform over HTTP", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ performers: 3000, seed: 11, at: T0 });
  });
  afterAll(() => platform.sandbox.close());
  afterEach(async () => {
    platform.sandbox.faults.clear();
    platform.sandbox.faults.set({ extraFields: true });
    await t?.drop();
  });

  async function fresh() {
    t = await createTestDatabase();
    return testCollector(t.db, platform, { pageSize: 100 });
  }

  it("stores exactly the ground truth at every polled instant", async () => {
    const deps = await fresh();
    const instants = [T0, T0 + MINUTE, T0 + 2 * MINUTE, T0 + 20 * MINUTE, T0 + 3 * 3600_000];
    for (const at of instants) {
      platform.clock.set(at);
      const summary = await collectPoll(deps, new Date(at));
      const truth = platform.population.truthAt(at);
      expect(truth.length).toBeGreaterThan(100);
      expect(summary).toMatchObject({
        status: "complete",
        written: true,
        rooms: truth.length,
        duplicates: 0,
      });
      const { rows: pollRows } = await sql<{ rooms: number; rooms_hd: number }>`
        SELECT rooms, rooms_hd FROM polls WHERE observed_at = ${new Date(at)}`.execute(t.db);
      expect(pollRows).toEqual([{ rooms: truth.length, rooms_hd: truth.filter((r) => r.isHd).length }]);
      expect(pollRows[0]?.rooms_hd).toBeGreaterThan(0);

      const { rows } = await sql<{
        username: string;
        viewers: number;
        followers: number;
        show: number;
        seconds_online: number;
        rank: number;
        gender_rank: number;
      }>`
        SELECT p.username, s.viewers, s.followers, s.show, s.seconds_online, s.rank, s.gender_rank
        FROM snapshots s JOIN performers p USING (performer_id)
        WHERE s.observed_at = ${new Date(at)} ORDER BY s.rank`.execute(t.db);
      const genderRanks = new Map<string, number>();
      const expected = truth.map((room, index) => {
        const genderRank = (genderRanks.get(room.gender) ?? 0) + 1;
        genderRanks.set(room.gender, genderRank);
        return {
          username: room.username,
          viewers: room.viewers,
          followers: room.followers,
          show: SHOW_CODES[room.show],
          seconds_online: room.secondsOnline,
          rank: index + 1,
          gender_rank: genderRank,
        };
      });
      expect(rows).toEqual(expected);

      // Each room's session starts when the platform says its broadcast started.
      const { rows: sessions } = await sql<{ username: string; start_time: Date }>`
        SELECT p.username, ss.start_time FROM snapshots s
        JOIN performers p USING (performer_id)
        JOIN stream_sessions ss ON ss.performer_id = s.performer_id
          AND s.observed_at BETWEEN ss.start_time AND ss.end_time
        WHERE s.observed_at = ${new Date(at)} ORDER BY s.rank`.execute(t.db);
      expect(sessions).toEqual(
        truth.map((room) => ({
          username: room.username,
          start_time: new Date(at - room.secondsOnline * 1000),
        })),
      );
    }

    // Profiles are the truth as last seen.
    const last = platform.population.truthAt(instants.at(-1) as number);
    const { rows: profiles } = await sql<Record<string, unknown>>`
      SELECT username, display_name, gender, age, birthday, country, location, languages, tags, room_subject,
        followers, is_hd, is_new, last_seen
      FROM performers WHERE username = ANY(${last.map((r) => r.username)}) ORDER BY username`.execute(t.db);
    const truthByName = new Map(last.map((r) => [r.username, r]));
    for (const profile of profiles) {
      const room = truthByName.get(profile.username as string);
      expect(profile).toEqual({
        username: room?.username,
        display_name: room?.displayName,
        gender: room?.gender,
        age: room?.age,
        birthday: room?.birthday === "" ? null : room?.birthday,
        country: room?.country === "" ? null : room?.country,
        location: room?.location,
        languages: room?.spokenLanguages,
        tags: room?.tags,
        room_subject: room?.subject,
        followers: room?.followers,
        is_hd: room?.isHd,
        is_new: room?.isNew,
        last_seen: new Date(instants.at(-1) as number),
      });
    }
    expect(await consistencyViolations(t.db)).toEqual([]);
  });

  it("changes nothing when the same poll is replayed", async () => {
    const deps = await fresh();
    platform.clock.set(T0);
    await collectPoll(deps, new Date(T0));
    const counts = () =>
      sql<{ p: number; s: number; ss: number; snaps: number }>`
        SELECT (SELECT COUNT(*) FROM polls) AS p, (SELECT COUNT(*) FROM snapshots) AS s,
               (SELECT COUNT(*) FROM stream_sessions) AS ss, (SELECT SUM(snapshots) FROM stream_sessions) AS snaps`
        .execute(t.db)
        .then((r) => r.rows[0]);
    const before = await counts();
    const replay = await collectPoll(deps, new Date(T0));
    expect(replay.written).toBe(false);
    // A second writer (another process) replaying it changes nothing either.
    const other = testCollector(t.db, platform);
    expect((await collectPoll(other, new Date(T0))).written).toBe(false);
    expect(await counts()).toEqual(before);
    expect(await consistencyViolations(t.db)).toEqual([]);
  });

  it("keeps sessions right when two writers take turns", async () => {
    const deps = await fresh();
    const other = testCollector(t.db, platform);
    for (let i = 0; i < 6; i++) {
      const at = T0 + i * MINUTE;
      platform.clock.set(at);
      await collectPoll(i % 2 === 0 ? deps : other, new Date(at));
    }
    expect(await consistencyViolations(t.db)).toEqual([]);
    const { rows } = await sql<{
      n: number;
    }>`SELECT COUNT(*) AS n FROM stream_sessions WHERE snapshots = 6`.execute(t.db);
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it("never stores a performer who opted out", async () => {
    const deps = await fresh();
    const [first, second] = platform.population.truthAt(T0);
    await sql`INSERT INTO optouts (username, confirmed_at) VALUES (${first?.username}, now()), (${second?.username}, NULL)`.execute(
      t.db,
    );
    platform.clock.set(T0);
    const summary = await collectPoll(deps, new Date(T0));
    expect(summary.excluded).toBe(1);
    const { rows } = await sql<{ username: string }>`
      SELECT username FROM performers WHERE username IN (${first?.username}, ${second?.username})`.execute(
      t.db,
    );
    // Only a confirmed opt-out stops collection.
    expect(rows.map((r) => r.username)).toEqual([second?.username]);
  });
});
