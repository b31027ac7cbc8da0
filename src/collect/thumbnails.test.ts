import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { confirmOptout, insertLivePoll, insertPerformer } from "../../tests/helpers/fixtures.ts";
import { startTestPlatform, type TestPlatform } from "../../tests/helpers/platform.ts";
import { type ImageAnswer, ImageHostClient, type ImageSource } from "../platform/image-host-client.ts";
import type { FetcherClock } from "./bios.ts";
import { Pacer } from "./bios.ts";
import { THUMB_HEIGHT, THUMB_WIDTH } from "./thumb-image.ts";
import { readThumb } from "./thumb-store.ts";
import { keepThumbBatch, startThumbKeeper, type ThumbKeeperDeps, thumbRetryDays } from "./thumbnails.ts";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 18, 21, 0);
const POLL_AT = new Date(T0 - 60_000).toISOString();

/** A clock that never waits: sleeping moves it on. */
class FakeClock implements FetcherClock {
  constructor(public ms: number) {}
  now(): number {
    return this.ms;
  }
  async sleep(ms: number): Promise<void> {
    this.ms += ms;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The real client, recording whom it asked for; a test may answer for a name itself. */
class RecordingSource implements ImageSource {
  readonly asked: string[] = [];
  onFetch: ((username: string) => Promise<ImageAnswer | undefined>) | undefined;
  constructor(private readonly inner: ImageSource) {}
  async fetchRoomImage(username: string): Promise<ImageAnswer> {
    this.asked.push(username);
    return (await this.onFetch?.(username)) ?? this.inner.fetchRoomImage(username);
  }
}

describe("the thumbnail keeper against the sandbox's image host", () => {
  let platform: TestPlatform;
  let t: TestDatabase;
  let dir: string;
  let clock: FakeClock;
  let source: RecordingSource;
  /** In the latest poll in a public show: four the sandbox knows, and one it does not (a 404). */
  let live: string[];
  const unknown = "nobody_here_zz9";
  /** In the latest poll, in a private show: never asked for. */
  let privateShow: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ performers: 400, seed: 7, at: T0 });
  });
  afterAll(() => platform.sandbox.close());
  beforeEach(async () => {
    t = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), "thumbs-"));
    const names = platform.population.truthAt(T0).map((room) => room.username);
    live = [...names.slice(0, 4), unknown];
    privateShow = names[4] ?? "";
    const ids = new Map<string, number>();
    for (const username of [...live, privateShow])
      ids.set(username, await insertPerformer(t.db, { username }));
    await insertLivePoll(
      t.db,
      POLL_AT,
      live.map((username, i) => ({ performerId: ids.get(username) ?? 0, viewers: 100 - i })),
    );
    await sql`
      INSERT INTO snapshots (performer_id, observed_at, poll_id, viewers, show)
      SELECT ${ids.get(privateShow) ?? 0}, observed_at, poll_id, 5, 2 FROM polls`.execute(t.db);
    clock = new FakeClock(T0);
    source = new RecordingSource(
      new ImageHostClient({ baseUrl: platform.sandbox.url, timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024 }),
    );
  });
  afterEach(async () => {
    await t.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const deps = (overrides: Partial<ThumbKeeperDeps> = {}): ThumbKeeperDeps => ({
    db: t.db,
    client: source,
    dir,
    fetchesPerMinute: 600,
    clock,
    ...overrides,
  });
  const batch = (d = deps()) =>
    keepThumbBatch(d, { pacer: new Pacer(d.fetchesPerMinute, clock), signal: new AbortController().signal });
  const rows = async () =>
    (
      await sql<{
        username: string;
        fetched_on: string;
        retry_on: string;
        stored: boolean;
        failures: number;
      }>`
        SELECT p.username, t.fetched_on, t.retry_on, t.stored_at IS NOT NULL AS stored, t.failures
        FROM performer_thumbs t JOIN performers p USING (performer_id) ORDER BY p.username`.execute(t.db)
    ).rows;

  it("keeps a small JPEG without metadata for each performer in a public show, once a UTC day", async () => {
    const first = await batch();
    expect(first).toMatchObject({ picked: 5, asked: 5, stored: 4, failed: 1 });
    expect([...source.asked].sort()).toEqual([...live].sort());
    expect(source.asked).not.toContain(privateShow);
    for (const username of live.slice(0, 4)) {
      const jpeg = await readThumb(dir, username);
      if (jpeg === null) throw new Error(`no thumbnail kept of ${username}`);
      const meta = await sharp(jpeg).metadata();
      expect(meta).toMatchObject({ format: "jpeg", width: THUMB_WIDTH, height: THUMB_HEIGHT });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    expect(await readThumb(dir, unknown)).toBeNull();
    // Written whole under their names: no temporary file left behind.
    expect((await readdir(dir)).sort()).toEqual(
      live
        .slice(0, 4)
        .map((u) => `${u}.jpg`)
        .sort(),
    );

    // Later the same day, however often it runs: nobody is asked again.
    clock.ms = T0 + 2 * 3600_000;
    expect(await batch()).toMatchObject({ picked: 0, asked: 0 });
    // 23:59:59 UTC is still that day.
    clock.ms = Date.UTC(2026, 10, 18, 23, 59, 59);
    expect(await batch()).toMatchObject({ picked: 0 });
    expect(source.asked).toHaveLength(5);

    // The next UTC day, each kept one is asked for once again; the failed one waits.
    clock.ms = Date.UTC(2026, 10, 19, 0, 0, 1);
    expect(await batch()).toMatchObject({ picked: 4, stored: 4 });
    expect(await batch()).toMatchObject({ picked: 0 });
    expect(source.asked.slice(5).sort()).toEqual(live.slice(0, 4).sort());
    expect((await rows()).filter((r) => r.stored).map((r) => r.fetched_on)).toEqual([
      "2026-11-19",
      "2026-11-19",
      "2026-11-19",
      "2026-11-19",
    ]);
  });

  it("backs a failing performer off: 2, 4, 8 days, and keeps the thumbnail it had", async () => {
    const failing = live[0] ?? "";
    await batch();
    expect(await readThumb(dir, failing)).not.toBeNull();
    source.onFetch = async (username) =>
      username === failing ? { kind: "failed", error: "timeout after 5000 ms" } : undefined;
    const askedOn: string[] = [];
    for (let day = 1; day <= 15; day++) {
      clock.ms = T0 + day * DAY;
      const before = source.asked.filter((u) => u === failing).length;
      await batch();
      if (source.asked.filter((u) => u === failing).length > before) askedOn.push(String(day));
    }
    // Asked on day 1 (fails: wait 2), day 3 (fails: wait 4), day 7 (fails: wait 8), day 15.
    expect(askedOn).toEqual(["1", "3", "7", "15"]);
    const row = (await rows()).find((r) => r.username === failing);
    expect(row).toMatchObject({ failures: 4, stored: true, retry_on: "2026-12-19" });
    expect(await readThumb(dir, failing)).not.toBeNull();
    // The image host's own 404 counts the same way.
    expect((await rows()).find((r) => r.username === unknown)).toMatchObject({ stored: false });
    expect([1, 2, 3, 4, 5, 6, 10].map(thumbRetryDays)).toEqual([2, 4, 8, 16, 30, 30, 30]);
  });

  it("never asks for an opted-out performer, and deletes what was kept of them", async () => {
    const [kept, optedBefore] = live;
    await confirmOptout(t.db, optedBefore ?? "");
    await batch();
    expect(source.asked).not.toContain(optedBefore);
    expect(await readThumb(dir, kept ?? "")).not.toBeNull();

    await confirmOptout(t.db, kept ?? "");
    clock.ms = T0 + DAY;
    const next = await batch();
    expect(next.forgotten).toBe(1);
    expect(await readThumb(dir, kept ?? "")).toBeNull();
    expect((await rows()).map((r) => r.username)).not.toContain(kept);
    expect(source.asked.filter((u) => u === kept)).toHaveLength(1);
  });

  it("keeps nothing of a performer who opts out while their image is on its way", async () => {
    const target = live[1] ?? "";
    source.onFetch = async (username) => {
      if (username === target) await confirmOptout(t.db, target);
      return undefined;
    };
    const summary = await batch();
    expect(summary.stored).toBe(3);
    expect(await readThumb(dir, target)).toBeNull();
    expect((await rows()).map((r) => r.username)).not.toContain(target);
  });

  it("records bytes that are not an image as a failure, and ends a batch at a 429", async () => {
    source.onFetch = async (username) =>
      username === live[0]
        ? { kind: "found", bytes: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") }
        : { kind: "rateLimited", waitMs: 30_000 };
    const summary = await batch();
    expect(summary).toMatchObject({ asked: 2, failed: 2, rateLimitedMs: 30_000 });
    expect(summary.errors[0]).toBe(`${live[0]}: image refused: not-an-image`);
    expect(summary.errors[1]).toBe(`${live[1]}: HTTP 429`);
  });

  it("runs until stopped, and is off the image host once stopped", async () => {
    const keeper = startThumbKeeper(deps());
    for (let i = 0; i < 200 && (await rows()).length < 5; i++) await new Promise((r) => setTimeout(r, 20));
    await keeper.stop();
    expect((await rows()).length).toBe(5);
    const asked = source.asked.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(source.asked.length).toBe(asked);
  });
});
