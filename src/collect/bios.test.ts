import { sql } from "kysely";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import { performersNeedingBio } from "../db/queries/performer-bios.ts";
import { type BioAnswer, BioClient, type BioSource } from "../platform/bio-client.ts";
import {
  type BioFetcherDeps,
  type FetcherClock,
  fetchBioBatch,
  Pacer,
  STORE_EVERY,
  startBioFetcher,
} from "./bios.ts";
import { collectPoll } from "./poll.ts";

const DAY = 86_400_000;
// A weekday evening in Europe: a couple of hundred of 3,000 performers online.
const T0 = Date.UTC(2026, 10, 18, 21, 0);

/** A clock that never waits: sleeping moves it on, and every sleep is recorded. */
class FakeClock implements FetcherClock {
  readonly sleeps: number[] = [];
  constructor(public ms: number) {}
  now(): number {
    return this.ms;
  }
  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.ms += ms;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The real HTTP client, recording whom it asked for (and letting a test act in the middle). */
class RecordingSource implements BioSource {
  readonly asked: string[] = [];
  onFetch: ((username: string) => Promise<void>) | undefined;
  constructor(private readonly inner: BioSource) {}
  async fetchBio(username: string): Promise<BioAnswer> {
    this.asked.push(username);
    await this.onFetch?.(username);
    return this.inner.fetchBio(username);
  }
}

describe("the bio fetcher against the sandbox's profile endpoint", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  let clock: FakeClock;
  let source: RecordingSource;
  let usernames: string[];

  beforeAll(async () => {
    platform = await startTestPlatform({ performers: 3000, seed: 5, at: T0 });
  });
  afterAll(() => platform.sandbox.close());
  beforeEach(async () => {
    t = await createTestDatabase();
    platform.clock.set(T0);
    await collectPoll(testCollector(t.db, platform), new Date(T0));
    usernames = (await sql<{ username: string }>`SELECT username FROM performers`.execute(t.db)).rows.map(
      (r) => r.username,
    );
    expect(usernames.length).toBeGreaterThan(100);
    clock = new FakeClock(T0);
    source = new RecordingSource(new BioClient({ siteUrl: platform.sandbox.url, timeoutMs: 2_000 }));
  });
  afterEach(async () => {
    platform.sandbox.profileFaults.clear();
    await t.drop();
  });

  const deps = (overrides: Partial<BioFetcherDeps> = {}): BioFetcherDeps => ({
    db: t.db,
    client: source,
    fetchesPerMinute: 6000,
    refreshDays: 7,
    clock,
    ...overrides,
  });
  const batch = (d = deps()) =>
    fetchBioBatch(d, { pacer: new Pacer(d.fetchesPerMinute, clock), signal: new AbortController().signal });

  async function stored(): Promise<Map<string, { aboutMe: string; fetchedAt: Date }>> {
    const { rows } = await sql<{ username: string; about_me: string; fetched_at: Date }>`
      SELECT p.username, b.about_me, b.fetched_at
      FROM performer_bios b JOIN performers p USING (performer_id)`.execute(t.db);
    return new Map(rows.map((r) => [r.username, { aboutMe: r.about_me, fetchedAt: r.fetched_at }]));
  }

  /** The recorded runs of failures of these performers, in the order given, with the wait each was given. */
  async function failuresOf(names: string[]) {
    const { rows } = await sql<{
      username: string;
      failures: number;
      last_error: string;
      failed_at: Date;
      retry_at: Date;
    }>`
      SELECT p.username, f.failures, f.last_error, f.failed_at, f.retry_at
      FROM bio_fetch_failures f JOIN performers p USING (performer_id)`.execute(t.db);
    return names.flatMap((name) =>
      rows
        .filter((r) => r.username === name)
        .map((r) => ({
          username: r.username,
          failures: r.failures,
          lastError: r.last_error,
          waitMs: r.retry_at.getTime() - r.failed_at.getTime(),
        })),
    );
  }

  const sandboxText = (username: string) => platform.population.profileAt?.(username, T0)?.aboutMe;

  it("stores exactly the sandbox's about_me for every performer, with when it was fetched", async () => {
    // Stored as it goes, STORE_EVERY texts a statement, not only at the batch's end.
    let storedMidway = -1;
    source.onFetch = async () => {
      if (source.asked.length === STORE_EVERY + 2) storedMidway = (await stored()).size;
    };
    const summary = await batch();
    expect(storedMidway).toBe(STORE_EVERY);
    expect(summary).toMatchObject({
      picked: usernames.length,
      stored: usernames.length,
      failed: 0,
      unknown: 0,
    });
    const bios = await stored();
    expect(bios.size).toBe(usernames.length);
    for (const username of usernames) {
      expect(bios.get(username)?.aboutMe, username).toBe(sandboxText(username));
    }
    // Empty texts are stored too, and the sample has some of each kind.
    const texts = [...bios.values()].map((b) => b.aboutMe);
    expect(texts.filter((x) => x === "").length).toBeGreaterThan(usernames.length * 0.1);
    expect(texts.filter((x) => x.includes("\n")).length).toBeGreaterThan(0);
    // fetched_at is the fetcher's clock at each answer: requests 10 ms apart at 6000 a minute.
    const times = [...bios.values()].map((b) => b.fetchedAt.getTime());
    expect(Math.min(...times)).toBe(T0);
    expect(Math.max(...times)).toBe(T0 + (usernames.length - 1) * 10);
    // Nothing is due until the refresh.
    expect((await batch()).picked).toBe(0);
  });

  it("stores an empty text for a username the platform does not know", async () => {
    await sql`
      INSERT INTO performers (username, first_seen, last_seen)
      VALUES ('nobody_ever_zz9', ${new Date(T0)}, ${new Date(T0 + 1)})`.execute(t.db);
    const summary = await batch(deps({ fetchesPerMinute: 1 }));
    // Never fetched and seen the most recently: first in line.
    expect(source.asked).toEqual(["nobody_ever_zz9"]);
    expect(summary).toMatchObject({ picked: 1, stored: 1, unknown: 1 });
    expect((await stored()).get("nobody_ever_zz9")?.aboutMe).toBe("");
  });

  it("never fetches or stores a confirmed opt-out, even one confirmed during the batch", async () => {
    const [confirmed, pending, lateConfirmed, lateFetched] = usernames as [string, string, string, string];
    await sql`
      INSERT INTO optouts (username, confirmed_at) VALUES
        (${confirmed}, now()), (${pending}, NULL), (${lateConfirmed}, NULL), (${lateFetched}, NULL)`.execute(
      t.db,
    );
    const confirm = (username: string) =>
      sql`UPDATE optouts SET confirmed_at = now() WHERE username = ${username}`.execute(t.db);
    // One is confirmed after the batch was picked, before its request; one while its request is in flight.
    source.onFetch = async (username) => {
      if (source.asked.length === 1) await confirm(lateConfirmed);
      if (username === lateFetched) await confirm(lateFetched);
    };
    const summary = await batch();
    expect(source.asked).not.toContain(confirmed);
    expect(source.asked).not.toContain(lateConfirmed);
    expect(source.asked).toContain(pending);
    expect(source.asked).toContain(lateFetched);
    expect(summary.optedOut).toBe(1);
    const bios = await stored();
    expect(bios.has(confirmed)).toBe(false);
    expect(bios.has(lateConfirmed)).toBe(false);
    expect(bios.has(lateFetched)).toBe(false);
    expect(bios.get(pending)?.aboutMe).toBe(sandboxText(pending));
    expect(bios.size).toBe(usernames.length - 3);
  });

  it("does not store after a 5xx, a broken body or a timeout, and asks again only after a back-off", async () => {
    platform.sandbox.profileFaults.enqueue(
      { kind: "status", status: 500 },
      { kind: "truncate" },
      { kind: "status", status: 503 },
    );
    const first = await batch();
    const [a, b, c] = source.asked as [string, string, string];
    expect(first).toMatchObject({
      picked: usernames.length,
      asked: usernames.length,
      stored: usernames.length - 3,
      failed: 3,
    });
    expect(first.errors).toEqual([
      `${a}: HTTP 500`,
      expect.stringMatching(new RegExp(`^${b}: unparseable JSON \\(\\d+ bytes\\)$`)),
      `${c}: HTTP 503`,
    ]);
    const bios = await stored();
    expect([a, b, c].filter((u) => bios.has(u))).toEqual([]);
    expect(await failuresOf([a, b, c])).toEqual([
      { username: a, failures: 1, lastError: "HTTP 500", waitMs: 60_000 },
      { username: b, failures: 1, lastError: expect.stringMatching(/^unparseable JSON/), waitMs: 60_000 },
      { username: c, failures: 1, lastError: "HTTP 503", waitMs: 60_000 },
    ]);

    // Not asked again within the minute after their failure.
    expect((await batch()).picked).toBe(0);

    // A minute on, the next batch picks exactly those three; the first answers too slowly this time.
    clock.ms += 60_000;
    platform.sandbox.profileFaults.enqueue({ kind: "slow", delayMs: 600 });
    const impatient = new BioClient({ siteUrl: platform.sandbox.url, timeoutMs: 300 });
    const second = await batch(deps({ client: impatient }));
    expect(second).toMatchObject({ picked: 3, stored: 2, failed: 1 });
    expect(second.errors).toEqual([`${a}: timeout after 300 ms`]);
    expect((await stored()).has(a)).toBe(false);
    // Its second failure in a row: four minutes; the other two's runs ended with their texts.
    expect(await failuresOf([a, b, c])).toEqual([
      { username: a, failures: 2, lastError: "timeout after 300 ms", waitMs: 240_000 },
    ]);

    clock.ms += 239_000;
    expect((await batch()).picked).toBe(0);
    clock.ms += 1_000;
    expect(await batch()).toMatchObject({ picked: 1, stored: 1, failed: 0 });
    expect(await failuresOf([a])).toEqual([]);
    const all = await stored();
    for (const username of usernames)
      expect(all.get(username)?.aboutMe, username).toBe(sandboxText(username));
  });

  it("backs off on a 400, a 5xx and a timeout alike; a 404 is an empty text, a 429 is waited out", async () => {
    platform.sandbox.profileFaults.enqueue(
      { kind: "status", status: 400 },
      { kind: "status", status: 404 },
      { kind: "rateLimit", retryAfterSeconds: 3 },
      { kind: "status", status: 500 },
      { kind: "slow", delayMs: 600 },
    );
    const impatient = new RecordingSource(new BioClient({ siteUrl: platform.sandbox.url, timeoutMs: 300 }));
    const summary = await batch(deps({ client: impatient, fetchesPerMinute: 5 }));
    const [a, b, c, , d, e] = impatient.asked as [string, string, string, string, string, string];
    // The 429 is asked again (and then answers 500), so five performers take six requests.
    expect(impatient.asked).toEqual([a, b, c, c, d, e]);
    expect(summary).toMatchObject({ picked: 5, asked: 5, unknown: 1, rateLimited: 1, failed: 3, stored: 2 });
    expect((await stored()).get(b)?.aboutMe).toBe("");
    expect((await stored()).get(e)?.aboutMe).toBe(sandboxText(e));
    expect(await failuresOf([a, b, c, d, e])).toEqual([
      { username: a, failures: 1, lastError: "HTTP 400", waitMs: 60_000 },
      { username: c, failures: 1, lastError: "HTTP 500", waitMs: 60_000 },
      { username: d, failures: 1, lastError: "timeout after 300 ms", waitMs: 60_000 },
    ]);
  });

  it("pauses as a whole when most of a batch fails, says why, and resumes by itself", async () => {
    // The profile endpoint refuses everything for the first two hours, then answers again.
    const downUntil = T0 + 2 * 3_600_000;
    const requests: { username: string; at: number }[] = [];
    const flaky: BioSource = {
      fetchBio: async (username) => {
        requests.push({ username, at: clock.now() });
        if (clock.now() < downUntil) return { kind: "failed", error: "HTTP 400" };
        return source.fetchBio(username);
      },
    };
    const lines: { level: number; msg: string }[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const fetcher = startBioFetcher(deps({ client: flaky, fetchesPerMinute: 600, log }));
    for (let i = 0; i < 600 && (await stored()).size < usernames.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await fetcher.stop();

    expect((await stored()).size).toBe(usernames.length);
    const pauses = lines.filter((l) => l.msg.startsWith("bios: pausing"));
    expect(pauses[0]?.msg).toMatch(
      /^bios: pausing for 1 min: \d+ of \d+ profile requests failed \(\w+: HTTP 400\)$/,
    );
    expect(pauses[1]?.msg).toMatch(/^bios: pausing for 2 min: /);
    expect(lines.filter((l) => l.msg === "bios: resuming after the pause")).toHaveLength(pauses.length);
    // Never faster than the configured rate: 600 a minute is one request every 100 ms.
    for (let i = 1; i < requests.length; i++) {
      expect((requests[i]?.at ?? 0) - (requests[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(100);
    }
    // Each performer asked at most 7 times in the day: here 5 failures (0, 1, 5, 21, 85 minutes
    // after the first, give or take the pauses and the pacing), then the answer.
    const perPerformer = new Map<string, number>();
    for (const r of requests) perPerformer.set(r.username, (perPerformer.get(r.username) ?? 0) + 1);
    expect(Math.max(...perPerformer.values())).toBeLessThanOrEqual(7);
    expect(clock.now()).toBeLessThan(T0 + DAY);
  });

  it("waits out a 429 for its Retry-After (or backs off without one), then carries on", async () => {
    platform.sandbox.profileFaults.enqueue(
      { kind: "rateLimit", retryAfterSeconds: 42 },
      { kind: "rateLimit", retryAfterSeconds: 5 },
    );
    const summary = await batch(deps({ fetchesPerMinute: 5 }));
    expect(summary).toMatchObject({ picked: 5, stored: 5, rateLimited: 2, failed: 0 });
    // The first performer asked three times (429, 429, answer), after 42 s and 5 s.
    expect(source.asked.slice(0, 3)).toEqual([source.asked[0], source.asked[0], source.asked[0]]);
    expect(clock.sleeps.slice(0, 2)).toEqual([42_000, 5_000]);
    const bios = await stored();
    expect(bios.get(source.asked[0] ?? "")?.aboutMe).toBe(sandboxText(source.asked[0] ?? ""));
    expect(bios.get(source.asked[0] ?? "")?.fetchedAt.getTime()).toBeGreaterThanOrEqual(T0 + 47_000);

    // Three 429s without a Retry-After, then the real answer.
    let limited429 = 3;
    const limited: BioSource = {
      fetchBio: async (username) => {
        if (limited429 === 0) return source.fetchBio(username);
        limited429--;
        return { kind: "rateLimited", waitMs: null };
      },
    };
    clock.sleeps.length = 0;
    await sql`DELETE FROM performer_bios`.execute(t.db);
    const after = await batch(deps({ client: limited }));
    // No Retry-After: 10 s, doubling per 429 in a row; then the ordinary 10 ms spacing of 6000 a minute.
    expect(clock.sleeps.slice(0, 4)).toEqual([10_000, 20_000, 40_000, 10]);
    expect(after).toMatchObject({ rateLimited: 3, stored: usernames.length });
  });

  it("spreads requests evenly at the configured rate", async () => {
    await batch(deps({ fetchesPerMinute: 120 }));
    expect(source.asked).toHaveLength(Math.min(120, usernames.length));
    expect(clock.sleeps).toEqual(new Array(source.asked.length - 1).fill(500));
    expect(clock.now()).toBe(T0 + (source.asked.length - 1) * 500);
  });

  it("refetches a text only once it is older than BIO_REFRESH_DAYS, never-fetched performers first", async () => {
    await batch();
    clock.ms = T0 + 7 * DAY - 1;
    expect((await batch()).picked).toBe(0);

    // Someone new, seen long ago, still comes before every refresh.
    await sql`
      INSERT INTO performers (username, first_seen, last_seen)
      VALUES ('nobody_ever_zz9', ${new Date(T0 - DAY)}, ${new Date(T0 - DAY)})`.execute(t.db);
    clock.ms = T0 + 7 * DAY + 60_000;
    source.asked.length = 0;
    const refresh = await batch(deps({ fetchesPerMinute: 3000 }));
    expect(source.asked[0]).toBe("nobody_ever_zz9");
    expect(refresh.picked).toBe(usernames.length + 1);
    const bios = await stored();
    expect(bios.get(usernames[0] ?? "")?.fetchedAt.getTime()).toBeGreaterThan(T0 + 7 * DAY);
  });

  it("picks never-fetched performers first, then stale ones, most recently seen first", async () => {
    const ids = await sql<{ performer_id: number; username: string }>`
      SELECT performer_id, username FROM performers ORDER BY performer_id LIMIT 4`.execute(t.db);
    const [a, b, c, d] = ids.rows as [
      (typeof ids.rows)[0],
      (typeof ids.rows)[0],
      (typeof ids.rows)[0],
      (typeof ids.rows)[0],
    ];
    await sql`UPDATE performers SET last_seen = ${new Date(T0 - DAY)}`.execute(t.db);
    const seen = (row: { performer_id: number }, at: number) =>
      sql`UPDATE performers SET last_seen = ${new Date(at)} WHERE performer_id = ${row.performer_id}`.execute(
        t.db,
      );
    await seen(a, T0 - 1000);
    await seen(b, T0);
    await seen(c, T0 + 1000);
    await seen(d, T0 + 2000);
    // Every other performer has a fresh bio; c a stale one, d a fresh one; a and b none.
    await sql`
      INSERT INTO performer_bios (performer_id, about_me, fetched_at, changed_at)
      SELECT performer_id, '', ${new Date(T0)}, ${new Date(T0)} FROM performers
      WHERE performer_id NOT IN (${a.performer_id}, ${b.performer_id}, ${c.performer_id})`.execute(t.db);
    await sql`
      INSERT INTO performer_bios (performer_id, about_me, fetched_at, changed_at)
      VALUES (${c.performer_id}, 'old', ${new Date(T0 - 8 * DAY)}, ${new Date(T0 - 8 * DAY)})`.execute(t.db);
    const due = await performersNeedingBio(t.db, {
      staleBefore: new Date(T0 - 7 * DAY),
      limit: 10,
      now: new Date(T0),
    });
    expect(due.map((p) => p.username)).toEqual([b.username, a.username, c.username]);
    expect(
      await performersNeedingBio(t.db, { staleBefore: new Date(T0 - 7 * DAY), limit: 2, now: new Date(T0) }),
    ).toHaveLength(2);
  });

  it("runs until stopped, and a stop lets the request in flight finish and be stored", async () => {
    platform.sandbox.profileFaults.enqueue({ kind: "slow", delayMs: 400 });
    const requestsBefore = platform.sandbox.profileRequestCount;
    const fetcher = startBioFetcher({
      db: t.db,
      client: source,
      fetchesPerMinute: 6000,
      refreshDays: 7,
    });
    // Stop while the first (slow) request is in flight.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(source.asked).toHaveLength(1);
    const stopping = Date.now();
    await fetcher.stop();
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(150);
    expect(source.asked).toHaveLength(1);
    expect(platform.sandbox.profileRequestCount - requestsBefore).toBe(1);
    const bios = await stored();
    expect([...bios.keys()]).toEqual(source.asked);
    expect(bios.get(source.asked[0] ?? "")?.aboutMe).toBe(sandboxText(source.asked[0] ?? ""));

    // Left running, it fetches everyone, then waits for new performers without asking again.
    const again = startBioFetcher({ db: t.db, client: source, fetchesPerMinute: 6000, refreshDays: 7 });
    for (let i = 0; i < 100 && (await stored()).size < usernames.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const asked = source.asked.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await again.stop();
    expect((await stored()).size).toBe(usernames.length);
    expect(source.asked.length).toBe(asked);
    expect(new Set(source.asked).size).toBe(usernames.length);
  });
});
