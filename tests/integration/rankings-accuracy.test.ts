import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPoll } from "../../src/collect/poll.ts";
import { runDailyJob } from "../../src/jobs/daily-job.ts";
import { followersPerHour } from "../../src/rules/formulas/per-hour.ts";
import { score } from "../../src/rules/formulas/score.ts";
import { isFileSegment } from "../../src/stats/rankings/vocabulary.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { confirmOptout } from "../helpers/fixtures.ts";
import { type Broadcast, type ExpectedDay, expectedDay } from "../helpers/ground-truth.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../helpers/platform.ts";

/**
 * Accuracy (issue 3): eight days of sandbox history, polled every 15 minutes with polls dropped and
 * feed faults injected (503s, 429s, truncated pages, retried until whole), an opt-out before and one
 * during the history, and an excluded username. Every published entry checked here must equal
 * what an independent computation from the sandbox's ground truth at the polled instants gives.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const INTERVAL = 15 * MINUTE;
const START = Date.UTC(2026, 10, 10);
const END = Date.UTC(2026, 10, 18, 0, 30);
const DAYS = Array.from({ length: 8 }, (_, i) => new Date(START + i * DAY).toISOString().slice(0, 10));
const LAST = DAYS.at(-1) as string;
const OPT_OUT_LATE_AT = Date.UTC(2026, 10, 14, 12);
const GENDERS = { all: null, couples: "c", women: "f", men: "m", trans: "t" } as const;
type Gender = keyof typeof GENDERS;
const TAG_MIN = 3;

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe("published rankings against the ground truth", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  let root: string;
  const broadcasts = new Map<string, Broadcast>();
  const genderOf = new Map<string, string>();
  let optedEarly: string;
  let optedLate: string;
  let excluded: string;
  /** Per day: username -> what performer_days should hold, from the truth alone. */
  const truthDays = new Map<string, Map<string, ExpectedDay>>();

  beforeAll(async () => {
    t = await createTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), "camstats-accuracy-"));
    platform = await startTestPlatform({ performers: 600, seed: 9, at: START });
    // Two performers who are online now and then opt out: one before we ever poll, one half-way.
    const online = platform.population.truthAt(START + 20 * 60 * MINUTE);
    optedEarly = (online[0] as { username: string }).username;
    optedLate = (online[1] as { username: string }).username;
    await confirmOptout(t.db, optedEarly);

    const collector = testCollector(t.db, platform, { maxRetries: 10 });
    platform.sandbox.faults.set({ errorRate: 0.1, extraFields: true });
    let index = 0;
    let lateConfirmed = false;
    for (let at = START; at <= END; at += INTERVAL) {
      index++;
      if (!lateConfirmed && at >= OPT_OUT_LATE_AT) {
        await confirmOptout(t.db, optedLate);
        lateConfirmed = true;
      }
      if (index % 11 === 0) continue; // an outage of ours: this poll never happens
      if (index % 7 === 0) platform.sandbox.faults.enqueue({ kind: "truncate" });
      if (index % 9 === 0) platform.sandbox.faults.enqueue({ kind: "rateLimit", retryAfterSeconds: 0 });
      platform.clock.set(at);
      await collectPoll(collector, new Date(at));
      // The truth at this instant, ranked as the collector ranks: opted-out rooms take no place.
      const gone = new Set([optedEarly, ...(lateConfirmed ? [optedLate] : [])]);
      platform.population
        .truthAt(at)
        .filter((room) => !gone.has(room.username))
        .forEach((room, i) => {
          genderOf.set(room.username, room.gender);
          const start = at - room.secondsOnline * 1000;
          const key = `${room.username}@${start}`;
          const broadcast = broadcasts.get(key) ?? { username: room.username, start, sightings: [] };
          broadcast.sightings.push({ t: at, room, rank: i + 1 });
          broadcasts.set(key, broadcast);
        });
    }
    // Opted-out performers are in no public output at all: leave them out of the reference.
    const kept = [...broadcasts.values()].filter(
      (b) => b.username !== optedLate && b.username !== optedEarly,
    );
    for (const day of DAYS) truthDays.set(day, expectedDay(kept, dayStart(day)));
    // The excluded username: the last day's most watched performer.
    excluded = [...(truthDays.get(LAST) as Map<string, ExpectedDay>)]
      .filter(([, d]) => d.seen_in_public)
      .sort(
        ([a, x], [b, y]) => (y.peak_viewers ?? 0) - (x.peak_viewers ?? 0) || byName(a, b),
      )[0]?.[0] as string;

    const result = await runDailyJob({
      db: t.db,
      root,
      options: { excludedUsername: excluded, tagMinPerformers: TAG_MIN },
      now: () => END + MINUTE,
    });
    expect(result.days).toEqual(DAYS);
  }, 300_000);
  afterAll(async () => {
    await platform.sandbox.close();
    await t.drop();
    await rm(root, { recursive: true, force: true });
  });

  const read = async (urlPath: string) => JSON.parse(await readFile(path.join(root, urlPath), "utf8"));
  const inGender = (username: string, gender: Gender) =>
    GENDERS[gender] === null || genderOf.get(username) === GENDERS[gender];

  /** Followers of each day with a sighting, up to `day`. */
  function followerDays(username: string, day: string): { day: string; f: number }[] {
    return DAYS.filter((d) => d <= day).flatMap((d) => {
      const f = truthDays.get(d)?.get(username)?.followers;
      return f === null || f === undefined ? [] : [{ day: d, f }];
    });
  }

  /**
   * The follower change over the 7 days ending with `day`: the followers at the last sighting in the
   * week against those at the last sighting before the week (or, for someone new, the first in it).
   */
  function weekGain(username: string, day: string): number {
    const known = followerDays(username, day);
    const weekStart = new Date(dayStart(day) - 6 * DAY).toISOString().slice(0, 10);
    const inWeek = known.filter((k) => k.day >= weekStart);
    const last = inWeek.at(-1);
    if (!last) return 0;
    const before = known.filter((k) => k.day < weekStart).at(-1) ?? inWeek[0];
    return last.f - (before as { f: number }).f;
  }

  it("collected the history it was meant to (preconditions)", async () => {
    const { rows } = await sql<{ status: string; n: number }>`
      SELECT status, COUNT(*)::int AS n FROM polls GROUP BY status`.execute(t.db);
    expect(rows).toEqual([{ status: "complete", n: expect.any(Number) }]);
    const { rows: errors } = await sql<{ n: number }>`
      SELECT COUNT(*)::int AS n FROM polls WHERE jsonb_array_length(errors) > 0`.execute(t.db);
    // The faults did act: some polls needed retries.
    expect(errors[0]?.n).toBeGreaterThan(10);
    // The midnight rule mattered: some broadcast crossed a midnight by under 15 minutes.
    const short = [...broadcasts.values()].filter((b) => {
      const end = b.sightings.at(-1)?.t ?? 0;
      const midnight = Math.floor(end / DAY) * DAY;
      return b.start < midnight && end - midnight < 15 * MINUTE;
    });
    expect(short.length).toBeGreaterThan(0);
  });

  it("publishes every day's viewer rankings exactly: per gender, per tag, and the tag frequencies", async () => {
    for (const day of DAYS) {
      const truth = truthDays.get(day) as Map<string, ExpectedDay>;
      const candidates = [...truth]
        .filter(([name, d]) => d.seen_in_public && d.peak_viewers !== null && name !== excluded)
        .map(([name, d]) => ({
          u: name,
          max_u: d.peak_viewers as number,
          num_f: d.followers ?? 0,
          fg: weekGain(name, day),
          t: d.tags,
          hasThumb: false,
        }))
        .sort((a, b) => b.max_u - a.max_u || b.num_f - a.num_f || byName(a.u, b.u));
      const index = await read(`/stats/${day}/index.json`);
      for (const gender of Object.keys(GENDERS) as Gender[]) {
        const ofGender = candidates.filter((c) => inGender(c.u, gender));
        const suffix = gender === "all" ? "" : `-${gender}`;
        expect(await read(`/stats/${day}/most-popular${suffix}.json`), `${day} ${gender}`).toEqual(
          ofGender.slice(0, 100),
        );
        const counts = new Map<string, number>();
        for (const c of ofGender) for (const tag of c.t) counts.set(tag, (counts.get(tag) ?? 0) + 1);
        const ranked = [...counts].sort(([a, x], [b, y]) => y - x || byName(a, b));
        expect(await read(`/stats/${day}/tag-frequency${suffix}.json`)).toEqual(
          ranked.slice(0, 50).map(([tag, count], i) => ({ tag, rank: i + 1, count })),
        );
        const listed = ranked.filter(([tag, n]) => n >= TAG_MIN && isFileSegment(tag)).map(([tag]) => tag);
        expect(index.lists[gender]).toEqual([...listed].sort());
        for (const tag of listed) {
          const file =
            gender === "all" ? `tag-${tag}-most-popular.json` : `${gender}_tag-${tag}-most-popular.json`;
          expect(await read(`/stats/${day}/${file}`), `${day} ${file}`).toEqual(
            ofGender.filter((c) => c.t.includes(tag)).slice(0, 100),
          );
        }
      }
    }
  });

  /** The 30-day figures of everyone seen in the window ending with `day`, from the truth. */
  function windowRows(day: string) {
    const names = new Set<string>();
    for (const d of DAYS) if (d <= day) for (const name of truthDays.get(d)?.keys() ?? []) names.add(name);
    names.delete(excluded);
    return [...names].map((u) => {
      const days = DAYS.filter((d) => d <= day).flatMap((d) => {
        const row = truthDays.get(d)?.get(u);
        return row ? [row] : [];
      });
      const ranks = days.flatMap((d) => (d.best_rank === null ? [] : [d.best_rank]));
      const details = {
        broadcasts: days.reduce((s, d) => s + d.stream_count, 0),
        best_rank: ranks.length ? Math.min(...ranks) : null,
        most_viewers: Math.max(0, ...days.map((d) => d.peak_viewers ?? 0)),
        camTime: days.reduce((s, d) => s + d.minutes_online, 0),
        f: followerDays(u, day).at(-1)?.f ?? 0,
        fg: weekGain(u, day),
      };
      const tags = days.filter((d) => d.tags.length > 0).at(-1)?.tags ?? [];
      return {
        row: {
          u,
          score: score(details),
          score_details: details,
          max_u: details.most_viewers,
          f: details.f,
          fg: details.fg,
          t: tags,
        },
        windowTags: new Set(days.flatMap((d) => d.tags)),
      };
    });
  }

  type Row = ReturnType<typeof windowRows>[number];
  const orders = {
    followers: (a: Row, b: Row) => b.row.f - a.row.f || b.row.score - a.row.score || byName(a.row.u, b.row.u),
    gain: (a: Row, b: Row) => b.row.fg - a.row.fg || b.row.f - a.row.f || byName(a.row.u, b.row.u),
    score: (a: Row, b: Row) =>
      b.row.score - a.row.score || b.row.max_u - a.row.max_u || byName(a.row.u, b.row.u),
  };

  function expectedList(day: string, order: keyof typeof orders, limit: number, keep: (r: Row) => boolean) {
    const top = (d: string) => windowRows(d).filter(keep).sort(orders[order]).slice(0, limit);
    const previous = new Map(top(DAYS[DAYS.indexOf(day) - 1] as string).map((r, i) => [r.row.u, i + 1]));
    return top(day).map((r, i) => ({ ...r.row, rank: i + 1, pr: previous.get(r.row.u) ?? null }));
  }

  it("publishes most followed and fastest rising per gender, with scores and previous ranks", async () => {
    for (const gender of Object.keys(GENDERS) as Gender[]) {
      const suffix = gender === "all" ? "" : `-${gender}`;
      const keep = (r: Row) => inGender(r.row.u, gender);
      expect(await read(`/stats/${LAST}/user_followers${suffix}.json`), gender).toEqual(
        expectedList(LAST, "followers", 500, keep),
      );
      expect(await read(`/stats/${LAST}/user_follower_gain${suffix}.json`), gender).toEqual(
        expectedList(LAST, "gain", 500, keep),
      );
      expect(await read(`/stats/30days/most-popular${suffix}.json`), gender).toEqual(
        expectedList(LAST, "score", 500, keep),
      );
    }
    expect(await read("/api/followers/user_follower_gain.json")).toEqual(
      expectedList(LAST, "gain", 500, () => true),
    );
  });

  it("publishes the 30-day tag lists with the performers who used the tag in the window", async () => {
    const monthly = await read("/stats/30days/index.json");
    expect(monthly.tagFollowers.length).toBeGreaterThan(3);
    for (const tag of monthly.tagFollowers) {
      const keep = (r: Row) => r.windowTags.has(tag);
      expect(await read(`/api/followers/tag-${tag}-followers.json`), tag).toEqual(
        expectedList(LAST, "followers", 100, keep),
      );
    }
    for (const tag of monthly.lists.women) {
      const keep = (r: Row) => r.windowTags.has(tag) && inGender(r.row.u, "women");
      expect(await read(`/stats/30days/women_tag-${tag}-most-popular.json`), tag).toEqual(
        expectedList(LAST, "score", 100, keep),
      );
    }
    expect(monthly.lists.women.length).toBeGreaterThan(3);
  });

  it("publishes the dated tag lists of most followed and fastest rising, and their index", async () => {
    const counts = new Map<string, number>();
    for (const r of windowRows(LAST))
      for (const tag of r.windowTags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    const listed = [...counts].filter(([tag, n]) => n >= TAG_MIN && isFileSegment(tag)).map(([tag]) => tag);
    expect(listed.length).toBeGreaterThan(3);
    expect(await read(`/stats/${LAST}/follower-index.json`)).toEqual({ day: LAST, tags: listed.sort() });
    for (const tag of listed) {
      const keep = (r: Row) => r.windowTags.has(tag);
      expect(await read(`/stats/${LAST}/tag-${tag}-user_followers.json`), tag).toEqual(
        expectedList(LAST, "followers", 100, keep),
      );
      expect(await read(`/stats/${LAST}/tag-${tag}-user_follower_gain.json`), tag).toEqual(
        expectedList(LAST, "gain", 100, keep),
      );
    }
  });

  /** The supporter rows of a day in one order, from the truth (docs/decisions/0007). */
  function expectedSupporters(day: string, order: "gained" | "per-hour") {
    const truth = truthDays.get(day) as Map<string, ExpectedDay>;
    const rows = [...truth].flatMap(([u, d]) => {
      const before = followerDays(u, day)
        .filter((k) => k.day < day)
        .at(-1);
      if (u === excluded || d.followers === null || !before || d.followers <= before.f) return [];
      const gained = d.followers - before.f;
      const per_hour = followersPerHour(gained, d.minutes_online);
      return [
        { u, gained, per_hour, minutes: d.minutes_online, f: d.followers, fg: weekGain(u, day), t: d.tags },
      ];
    });
    rows.sort((a, b) =>
      order === "gained"
        ? b.gained - a.gained || b.f - a.f || byName(a.u, b.u)
        : b.per_hour - a.per_hour || b.gained - a.gained || byName(a.u, b.u),
    );
    return rows.slice(0, 100);
  }

  it("publishes every day's supporter rankings: the new followers won, per hour online, pr from the day before", async () => {
    expect(await read(`/stats/${DAYS[0]}/supporters-gained.json`)).toEqual([]);
    for (const day of DAYS.slice(1)) {
      const dayBefore = DAYS[DAYS.indexOf(day) - 1] as string;
      for (const order of ["gained", "per-hour"] as const) {
        const previous = new Map(expectedSupporters(dayBefore, order).map((r, i) => [r.u, i + 1]));
        const expected = expectedSupporters(day, order).map((r, i) => ({
          ...r,
          rank: i + 1,
          pr: previous.get(r.u) ?? null,
        }));
        expect(expected.length, `${day} ${order}`).toBeGreaterThan(10);
        expect(await read(`/stats/${day}/supporters-${order}.json`), `${day} ${order}`).toEqual(expected);
      }
    }
  });

  it("publishes each day's open data CSV with the rows of that day's ranking files", async () => {
    const csv = async (day: string, family: string) =>
      (await readFile(path.join(root, `data/${day}/${family}.csv`), "utf8")).split("\r\n").slice(1, -1);
    for (const day of [DAYS[0] as string, LAST]) {
      const viewers = await csv(day, "viewers");
      const followers = await csv(day, "followers");
      for (const gender of Object.keys(GENDERS) as Gender[]) {
        const suffix = gender === "all" ? "" : `-${gender}`;
        const popular: { u: string; max_u: number }[] = await read(
          `/stats/${day}/most-popular${suffix}.json`,
        );
        expect(
          viewers.filter((line) => line.startsWith(`${gender},`)),
          `${day} ${gender}`,
        ).toEqual(
          popular.map((e, i) => expect.stringMatching(new RegExp(`^${gender},${i + 1},${e.u},${e.max_u},`))),
        );
        const ranked: { u: string; rank: number }[] = await read(
          `/stats/${day}/user_followers${suffix}.json`,
        );
        expect(followers.filter((line) => line.startsWith(`${gender},`)).length, `${day} ${gender}`).toBe(
          ranked.length,
        );
      }
      expect(viewers.length).toBeGreaterThan(0);
    }
  });

  it("leaves opted-out performers out of every file and the excluded username out of every ranking", async () => {
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.name.endsWith(".json") || entry.name.endsWith(".csv")) files.push(full);
      }
    };
    await walk(root);
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const text = await readFile(file, "utf8");
      expect(text.includes(`"${optedEarly}"`), `${optedEarly} in ${file}`).toBe(false);
      expect(text.includes(`"${optedLate}"`), `${optedLate} in ${file}`).toBe(false);
      expect(text.includes(`"u":"${excluded}"`), `${excluded} in ${file}`).toBe(false);
      for (const name of [optedEarly, optedLate, excluded]) {
        expect(text.includes(`,${name},`), `${name} in ${file}`).toBe(false);
      }
    }
    // The late opt-out had been collected before: the exclusion is the publisher's doing.
    const { rows } = await sql<{ n: number }>`
      SELECT COUNT(*)::int AS n FROM performer_days d JOIN performers p USING (performer_id)
      WHERE p.username = ${optedLate}`.execute(t.db);
    expect(rows[0]?.n).toBeGreaterThan(0);
  });
});
