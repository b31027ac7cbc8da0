import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { insertPerformer } from "../../tests/helpers/fixtures.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import type { CollectorDeps } from "./poll.ts";
import { collectPoll } from "./poll.ts";
import { parseSubjectGoal } from "./subject-goal.ts";
import { backfillSubjectGoals, GoalMemory, subjectGoalsHook } from "./subject-goals.ts";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 18, 21, 0);
/** The live collector's: (grace 3 + 1) polls of a minute. */
const CONTINUE_MS = 4 * MINUTE;

interface Row {
  username: string;
  item_key: string;
  item: string;
  tokens: number;
  amount_kind: string;
  gender: string;
  first_seen: Date;
  last_seen: Date;
}

async function goalRows(t: TestDatabase): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT p.username, g.item_key, g.item, g.tokens, g.amount_kind, g.gender, g.first_seen, g.last_seen
    FROM subject_goals g JOIN performers p USING (performer_id) ORDER BY p.username, g.item_key`.execute(
    t.db,
  );
  return rows;
}

describe("the subject goals written after each poll", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  let deps: CollectorDeps;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ performers: 2000, seed: 7, at: T0 });
    t = await createTestDatabase();
    deps = {
      ...testCollector(t.db, platform),
      afterStore: subjectGoalsHook({ db: t.db, continueWithinMs: CONTINUE_MS }),
    };
    const online = platform.population.truthAt(T0);
    alice = online[0]?.username ?? "";
    bob = online[1]?.username ?? "";
  });
  afterAll(async () => {
    platform?.sandbox.close();
    await t?.drop();
  });

  const poll = async (at: number, subjects: Record<string, string | null>, offline: string[] = []) => {
    for (const [name, roomSubject] of Object.entries(subjects))
      platform.sandbox.overrides.set(name, { roomSubject });
    for (const name of offline) platform.sandbox.overrides.set(name, { online: false });
    platform.clock.set(at);
    const summary = await collectPoll(deps, new Date(at));
    for (const name of offline) platform.sandbox.overrides.set(name, { online: null });
    expect(summary.written).toBe(true);
  };
  const rowOf = async (username: string) => (await goalRows(t)).filter((r) => r.username === username);

  it("writes a row for every room whose subject holds a goal, the sandbox's own included", async () => {
    await poll(T0, {
      [alice]: "Goal: OIL SHOW!! [500 tokens left] #oil #lovense",
      [bob]: "goal: 100 tokens - dance naked #new",
    });
    const rows = await goalRows(t);
    const truth = platform.population.truthAt(T0);
    const withGoal = truth.filter((room) => {
      const subject = room.username === alice || room.username === bob ? "goal" : room.subject;
      return subject === "goal" || parseSubjectGoal(subject) !== null;
    });
    expect(withGoal.length).toBeGreaterThan(20);
    expect(rows.length).toBe(withGoal.length);
    expect(await rowOf(alice)).toEqual([
      expect.objectContaining({
        item: "OIL SHOW",
        item_key: "oil show",
        tokens: 500,
        amount_kind: "left",
        first_seen: new Date(T0),
        last_seen: new Date(T0),
      }),
    ]);
    expect(await rowOf(bob)).toEqual([
      expect.objectContaining({ item_key: "dance naked", tokens: 100, amount_kind: "goal" }),
    ]);
    for (const row of rows) expect(["f", "m", "t", "c"]).toContain(row.gender);
  });

  it("keeps the highest tokens left while the goal stays; a goal's amount replaces", async () => {
    await poll(T0 + MINUTE, {
      [alice]: "Goal: oil show [300 tokens left]",
      [bob]: "goal: 80 tokens - dance naked",
    });
    expect(await rowOf(alice)).toEqual([
      expect.objectContaining({
        item: "oil show",
        tokens: 500,
        first_seen: new Date(T0),
        last_seen: new Date(T0 + MINUTE),
      }),
    ]);
    expect((await rowOf(bob))[0]).toMatchObject({ tokens: 80, amount_kind: "goal" });
    await poll(T0 + 2 * MINUTE, { [alice]: "Goal: oil show [700 tokens left]" });
    expect((await rowOf(alice))[0]).toMatchObject({
      item: "oil show",
      tokens: 700,
      last_seen: new Date(T0 + 2 * MINUTE),
    });
  });

  it("starts the tokens left over after the goal was out of sight longer than the grace", async () => {
    await poll(T0 + 3 * MINUTE, {}, [alice]);
    await poll(T0 + 10 * MINUTE, { [alice]: "Goal: oil show [200 tokens left]" });
    expect((await rowOf(alice))[0]).toMatchObject({
      tokens: 200,
      amount_kind: "left",
      first_seen: new Date(T0),
    });
  });

  it("adds a new item as a row of its own, and keeps the old one", async () => {
    await poll(T0 + 11 * MINUTE, { [alice]: "squirt show @ 999 tks" });
    expect((await rowOf(alice)).map((r) => [r.item_key, r.tokens])).toEqual([
      ["oil show", 200],
      ["squirt show", 999],
    ]);
  });
});

describe("the goals a poll writes", () => {
  const goal = (username: string, tokens: number, amountKind: "goal" | "left" = "left") => ({
    username,
    item: "oil show",
    itemKey: "oil show",
    tokens,
    amountKind,
    gender: "f" as const,
  });

  it("leaves out the unchanged, writes the changed, and touches each within the touch time", () => {
    const memory = new GoalMemory(CONTINUE_MS, 3 * MINUTE);
    expect(memory.due([goal("a", 500), goal("b", 100, "goal")], T0)).toHaveLength(2);
    // Fewer tokens left and the same goal's amount change nothing; more tokens left do.
    expect(memory.due([goal("a", 300), goal("b", 100, "goal")], T0 + MINUTE)).toEqual([]);
    expect(memory.due([goal("a", 600), goal("b", 90, "goal")], T0 + 2 * MINUTE)).toEqual([
      goal("a", 600),
      goal("b", 90, "goal"),
    ]);
    // Each unchanged goal is written again within 3 minutes of its last write.
    const touched = new Set<string>();
    for (let m = 3; m <= 5; m++)
      for (const g of memory.due([goal("a", 600), goal("b", 90, "goal")], T0 + m * MINUTE))
        touched.add(g.username);
    expect(touched).toEqual(new Set(["a", "b"]));
    // Back after longer than the grace: written, to start over.
    expect(memory.due([goal("a", 10)], T0 + 20 * MINUTE)).toEqual([goal("a", 10)]);
  });
});

describe("the backfill from the stored history", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("fills an empty table from sessions and current subjects, once", async () => {
    const now = new Date("2026-11-20T12:00:00Z");
    const anna = await insertPerformer(t.db, { username: "anna", gender: "f" });
    const carl = await insertPerformer(t.db, {
      username: "carl",
      gender: "m",
      lastSeen: "2026-11-19T10:00:00Z",
    });
    const session = (id: number, start: string, end: string, subject: string) =>
      sql`INSERT INTO stream_sessions (performer_id, start_time, end_time, room_subject)
          VALUES (${id}, ${start}, ${end}, ${subject})`.execute(t.db);
    await session(anna, "2026-11-01T10:00:00Z", "2026-11-01T12:00:00Z", "Goal: oil show [300 tokens left]");
    await session(anna, "2026-11-05T10:00:00Z", "2026-11-05T12:00:00Z", "oil show @ 450 tk #oil");
    await session(anna, "2026-11-06T10:00:00Z", "2026-11-06T12:00:00Z", "Hi guys! #new");
    // Older than the search's 90 days: not read.
    await session(anna, "2026-07-01T10:00:00Z", "2026-07-01T12:00:00Z", "twerk 50 tokens");
    await sql`UPDATE performers SET room_subject = 'goal: 200 tokens - spin the wheel' WHERE performer_id = ${carl}`.execute(
      t.db,
    );

    const deps = { db: t.db, continueWithinMs: CONTINUE_MS };
    expect(await backfillSubjectGoals(deps, now)).toBe(2);
    const rows = await goalRows(t);
    expect(rows).toEqual([
      expect.objectContaining({
        username: "anna",
        item_key: "oil show",
        tokens: 450,
        amount_kind: "goal",
        gender: "f",
        first_seen: new Date("2026-11-01T10:00:00Z"),
        last_seen: new Date("2026-11-05T12:00:00Z"),
      }),
      expect.objectContaining({ username: "carl", item_key: "spin the wheel", tokens: 200, gender: "m" }),
    ]);
    expect(await backfillSubjectGoals(deps, now)).toBe(0);
    expect(await goalRows(t)).toEqual(rows);
  });
});
