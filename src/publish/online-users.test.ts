import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import { type CollectorDeps, collectPoll, type PollSummary } from "../collect/poll.ts";
import {
  onlineUsersDeltaSchema,
  onlineUsersHook,
  onlineUsersSchema,
  publishOnlineUsers,
} from "./online-users.ts";
import { onlineUsersDeltaPath, onlineUsersPath } from "./paths.ts";

const T0 = Date.UTC(2026, 10, 18, 21, 0);
const MINUTE = 60_000;
const LIST = onlineUsersPath("cs");
const DELTA = onlineUsersDeltaPath("cs");

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "camstats-online-"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const bytes = (urlPath: string) => readFile(path.join(root, urlPath)).catch(() => null);
const list = async () => onlineUsersSchema.parse(JSON.parse(String(await bytes(LIST))));
const delta = async () => onlineUsersDeltaSchema.parse(JSON.parse(String(await bytes(DELTA))));

/** A pino logger whose lines are kept, to see what a failure logged. */
function capturingLogger() {
  const lines: { msg: string }[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

describe("publishOnlineUsers", () => {
  it("writes the sorted list, and the first delta adds everyone", async () => {
    await publishOnlineUsers(root, "cs", new Date(T0), ["zoe", "ann", "bea", "ann"]);
    expect(await list()).toEqual({
      observed_at: "2026-11-18T21:00:00.000Z",
      count: 3,
      usernames: ["ann", "bea", "zoe"],
    });
    expect(await delta()).toEqual({
      observed_at: "2026-11-18T21:00:00.000Z",
      previous_observed_at: null,
      added: ["ann", "bea", "zoe"],
      removed: [],
    });
  });

  it("gives the delta against the list written before, with both instants", async () => {
    await publishOnlineUsers(root, "cs", new Date(T0), ["ann", "bea", "zoe"]);
    await publishOnlineUsers(root, "cs", new Date(T0 + MINUTE), ["carl", "zoe", "abe"]);
    expect(await list()).toEqual({
      observed_at: "2026-11-18T21:01:00.000Z",
      count: 3,
      usernames: ["abe", "carl", "zoe"],
    });
    expect(await delta()).toEqual({
      observed_at: "2026-11-18T21:01:00.000Z",
      previous_observed_at: "2026-11-18T21:00:00.000Z",
      added: ["abe", "carl"],
      removed: ["ann", "bea"],
    });
  });

  it("leaves both files as they are for a poll no later than the written list", async () => {
    await publishOnlineUsers(root, "cs", new Date(T0), ["ann"]);
    await publishOnlineUsers(root, "cs", new Date(T0 + MINUTE), ["bea"]);
    const before = [await bytes(LIST), await bytes(DELTA)];
    expect(await publishOnlineUsers(root, "cs", new Date(T0 + MINUTE), ["carl"])).toEqual([]);
    expect(await publishOnlineUsers(root, "cs", new Date(T0), ["carl"])).toEqual([]);
    expect([await bytes(LIST), await bytes(DELTA)]).toEqual(before);
  });

  it("starts the chain again when the written list does not read as one", async () => {
    await publishOnlineUsers(root, "cs", new Date(T0), ["ann"]);
    await writeFile(path.join(root, LIST), '{"observed_at": "2026-11-18T21:00:00.000Z", "usernames": [');
    await publishOnlineUsers(root, "cs", new Date(T0 + MINUTE), ["bea"]);
    expect(await delta()).toMatchObject({ previous_observed_at: null, added: ["bea"], removed: [] });
  });
});

describe("onlineUsersHook", () => {
  const summary = (over: Partial<PollSummary>): PollSummary => ({
    observedAt: new Date(T0),
    status: "complete",
    written: true,
    rooms: 1,
    expectedRooms: 1,
    duplicates: 0,
    malformed: 0,
    excluded: 0,
    requests: 1,
    errors: 0,
    writeMs: 1,
    durationMs: 1,
    ...over,
  });

  it("writes nothing for a partial or failed poll, or one that was already stored", async () => {
    const hook = onlineUsersHook(root, "cs");
    await hook(summary({ status: "partial" }), ["ann"]);
    await hook(summary({ status: "failed" }), ["ann"]);
    await hook(summary({ written: false }), ["ann"]);
    expect([await bytes(LIST), await bytes(DELTA)]).toEqual([null, null]);
    await hook(summary({}), ["ann"]);
    expect((await list()).usernames).toEqual(["ann"]);
  });

  it("logs a failure to write and does not throw", async () => {
    const { log, lines } = capturingLogger();
    // The publish root is a file, so no folder can be made below it.
    const blocked = path.join(root, "blocked");
    await writeFile(blocked, "");
    await expect(onlineUsersHook(blocked, "cs", log)(summary({}), ["ann"])).resolves.toBeUndefined();
    expect(lines.map((l) => l.msg)).toEqual(["online users of 2026-11-18T21:00:00.000Z not written"]);
  });
});

describe("online users after live polls", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  beforeAll(async () => {
    t = await createTestDatabase();
    platform = await startTestPlatform({ performers: 3000, seed: 5, at: T0 });
  });
  afterAll(async () => {
    await platform.sandbox.close();
    await t.drop();
  });

  const deps = (afterStore: CollectorDeps["afterStore"], log?: pino.Logger): CollectorDeps => ({
    ...testCollector(t.db, platform, { pageSize: 100 }),
    afterStore,
    log,
  });
  const publicAt = (at: number) =>
    platform.population
      .truthAt(at)
      .filter((room) => room.show === "public")
      .map((room) => room.username);

  it("lists who is in public after a complete poll, opted-out performers never, and keeps it through a partial one", async () => {
    const optedOut = publicAt(T0)[0] as string;
    await sql`INSERT INTO optouts (username, confirmed_at) VALUES (${optedOut}, now())`.execute(t.db);
    const hook = onlineUsersHook(root, "cs");

    expect((await collectPoll(deps(hook), new Date(T0))).status).toBe("complete");
    const expected = publicAt(T0)
      .filter((u) => u !== optedOut)
      .sort();
    expect(expected.length).toBeGreaterThan(100);
    expect(await list()).toEqual({
      observed_at: new Date(T0).toISOString(),
      count: expected.length,
      usernames: expected,
    });
    expect((await delta()).added).toEqual(expected);

    // The second page fails every retry: a partial poll leaves both files as they were.
    platform.clock.set(T0 + MINUTE);
    platform.sandbox.faults.enqueue(
      { kind: "slow", delayMs: 0 },
      ...Array.from({ length: 4 }, () => ({ kind: "status" as const, status: 500 })),
    );
    const files = [await bytes(LIST), await bytes(DELTA)];
    expect((await collectPoll(deps(hook), new Date(T0 + MINUTE))).status).toBe("partial");
    expect([await bytes(LIST), await bytes(DELTA)]).toEqual(files);

    platform.clock.set(T0 + 2 * MINUTE);
    await collectPoll(deps(hook), new Date(T0 + 2 * MINUTE));
    const now = publicAt(T0 + 2 * MINUTE).filter((u) => u !== optedOut);
    expect((await list()).usernames).toEqual([...now].sort());
    expect(await delta()).toEqual({
      observed_at: new Date(T0 + 2 * MINUTE).toISOString(),
      previous_observed_at: new Date(T0).toISOString(),
      added: now.filter((u) => !expected.includes(u)).sort(),
      removed: expected.filter((u) => !now.includes(u)),
    });
  });

  it("stores the poll even when the hook throws, and logs why", async () => {
    const { log, lines } = capturingLogger();
    const at = T0 + 10 * MINUTE;
    platform.clock.set(at);
    const summary = await collectPoll(
      deps(() => {
        throw new Error("disk on fire");
      }, log),
      new Date(at),
    );
    expect(summary).toMatchObject({ status: "complete", written: true });
    const { rows } = await sql<{ n: number }>`
      SELECT COUNT(*)::integer AS n FROM polls WHERE observed_at = ${new Date(at).toISOString()}::timestamptz`.execute(
      t.db,
    );
    expect(rows[0]?.n).toBe(1);
    expect(lines.map((l) => l.msg)).toContain(`after storing poll ${new Date(at).toISOString()}`);
  });
});

describe("online users paths", () => {
  it("carry the platform's abbreviation (SPEC §7) and refuse one that cannot name a file", () => {
    expect([onlineUsersPath("cs"), onlineUsersDeltaPath("cb")]).toEqual([
      "/api/cs_online_users.json",
      "/api/cb_online_users_delta.json",
    ]);
    expect(() => onlineUsersPath("../x")).toThrow('platform abbreviation cannot name a file: "../x"');
  });
});
