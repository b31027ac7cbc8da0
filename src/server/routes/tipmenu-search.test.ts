import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, testApp } from "../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertGoal, insertPerformer } from "../../../tests/helpers/fixtures.ts";
import {
  RANGE_REVERSED,
  TERM_CONTROL,
  TERM_EXPECTED,
  TERM_NO_WORDS,
  TERM_TOO_LONG,
  TERM_TOO_SHORT,
  TOKENS_EXPECTED,
} from "../../site/tipmenu.ts";

const NOW = Date.parse("2026-11-20T12:00:00Z");
const DAY = 86_400_000;

describe("POST /v1/tipmenu-search", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestDatabase();
    for (const [username, gender] of [
      ["anna", "f"],
      ["bea", "f"],
      ["carl", "m"],
      ["duo", "c"],
      ["tess", "t"],
      ["gone", "f"],
      ["vera", "f"],
      ["una", "f"],
    ] as const)
      ids[username] = await insertPerformer(t.db, { username, gender, displayName: username.toUpperCase() });
    const goal = (
      name: string,
      item: string,
      key: string,
      tokens: number,
      extra: { kind?: "left"; gender?: "m" | "c" | "t"; daysAgo?: number } = {},
    ) =>
      insertGoal(t.db, {
        performerId: ids[name] as number,
        item,
        key,
        tokens,
        kind: extra.kind,
        gender: extra.gender,
        seen: new Date(NOW - (extra.daysAgo ?? 1) * DAY),
      });
    await goal("anna", "OIL SHOW!!", "oil show", 500);
    await goal("bea", "oilshow", "oilshow", 300, { kind: "left" });
    await goal("carl", "Oil Show", "oil show", 200, { gender: "m" });
    await goal("duo", "hot oil show", "hot oil show", 800, { gender: "c" });
    await goal("tess", "show oil", "show oil", 100, { gender: "t" });
    await goal("anna", "toilet talk", "toilet talk", 50);
    await goal("anna", "dance naked", "dance naked", 150);
    await goal("gone", "oil show", "oil show", 1);
    // Seen 91 days ago: out of the search's 90 days.
    await goal("bea", "oil show old", "oil show old", 2, { daysAgo: 91 });
    await confirmOptout(t.db, "gone");
    // Vera is verified and has a tip menu; Una's menu is there but she is not verified.
    const menu = (name: string, lines: object[]) =>
      sql`INSERT INTO performer_profiles (performer_id, tip_menu, updated_at)
          VALUES (${ids[name]}, ${JSON.stringify(lines)}, ${new Date(NOW - DAY)})`.execute(t.db);
    await menu("vera", [
      { item: "Oil show (10 min)", itemKey: "oil show 10 min", tokens: 400 },
      { item: "PM", itemKey: "pm", tokens: 20 },
    ]);
    await menu("una", [{ item: "oil show", itemKey: "oil show", tokens: 999 }]);
    await sql`WITH u AS (INSERT INTO users (email) VALUES ('vera@example.com') RETURNING id)
      INSERT INTO performer_owners (performer_id, user_id, verified_at) SELECT ${ids.vera}, id, now() FROM u`.execute(
      t.db,
    );
    app = testApp(t.db, { now: () => NOW });
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const post = (payload: unknown) => apiPost(app, "/v1/tipmenu-search", payload);
  const names = (body: { items: Array<{ performer: { username: string }; tokens: number }> }) =>
    body.items.map((i) => `${i.performer.username}:${i.tokens}`);

  it("finds every spelling of the item, best matches first, then cheapest", async () => {
    const { status, body } = await post({ searchTerm: "Oil Show", gender: "all" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ searchTerm: "Oil Show", gender: "all", minTokens: 0, maxTokens: 1_000_000 });
    // Same key first (cheapest first), then every word beginning a word, then contained.
    expect(names(body)).toEqual(["carl:200", "anna:500", "tess:100", "vera:400", "duo:800", "bea:300"]);
    expect(body.items[0]).toEqual({
      item: "Oil Show",
      tokens: 200,
      amountKind: "goal",
      source: "subject",
      performer: { username: "carl", displayName: "CARL", gender: "m" },
      lastSeen: new Date(NOW - DAY).toISOString(),
    });
    expect(body.items.find((i: { source: string }) => i.source === "menu")).toMatchObject({
      item: "Oil show (10 min)",
      amountKind: "goal",
      performer: { username: "vera" },
    });
    expect(body.items.find((i: { amountKind: string }) => i.amountKind === "left")).toMatchObject({
      item: "oilshow",
      performer: { username: "bea" },
    });
  });

  it("leaves out opted-out performers, unverified menus, and goals older than 90 days", async () => {
    const { body } = await post({ searchTerm: "oil show" });
    const shown = names(body).join(" ");
    expect(shown).not.toContain("gone");
    expect(shown).not.toContain("una");
    expect(shown).not.toContain("bea:2");
    expect(body.distribution.all.count).toBe(6);
  });

  it("gives the price spread per gender and over all", async () => {
    const { body } = await post({ searchTerm: "oil show", gender: "f" });
    expect(names(body)).toEqual(["anna:500", "vera:400", "bea:300"]);
    expect(body.gender).toBe("f");
    expect(body.distribution.all).toEqual({ count: 6, min: 100, q1: 225, median: 350, q3: 475, max: 800 });
    expect(body.distribution.byGender).toEqual({
      f: { count: 3, min: 300, q1: 350, median: 400, q3: 450, max: 500 },
      m: { count: 1, min: 200, q1: 200, median: 200, q3: 200, max: 200 },
      c: { count: 1, min: 800, q1: 800, median: 800, q3: 800, max: 800 },
      t: { count: 1, min: 100, q1: 100, median: 100, q3: 100, max: 100 },
    });
    const trans = await post({ searchTerm: "oil show", gender: "s" });
    expect(trans.body.gender).toBe("t");
    expect(names(trans.body)).toEqual(["tess:100"]);
  });

  it("keeps to the token range", async () => {
    const { body } = await post({ searchTerm: "oil show", minTokens: 200, maxTokens: 500 });
    expect(names(body)).toEqual(["carl:200", "anna:500", "vera:400", "bea:300"]);
    expect(body.distribution.byGender.c).toEqual({
      count: 0,
      min: null,
      q1: null,
      median: null,
      q3: null,
      max: null,
    });
  });

  it("matches word beginnings, not any letters", async () => {
    expect(names((await post({ searchTerm: "dance" })).body)).toEqual(["anna:150"]);
    expect(names((await post({ searchTerm: "naked dance" })).body)).toEqual(["anna:150"]);
    expect(names((await post({ searchTerm: "pm" })).body)).toEqual(["vera:20"]);
    expect((await post({ searchTerm: "xylophone" })).body.items).toEqual([]);
  });

  it("gives no figure of a spread with no prices, over all as per gender", async () => {
    const none = { count: 0, min: null, q1: null, median: null, q3: null, max: null };
    const { body } = await post({ searchTerm: "xylophone" });
    expect(body.distribution).toEqual({ all: none, byGender: { f: none, m: none, c: none, t: none } });
  });

  it("answers each gender and range of a term as if it were the only search", async () => {
    // Every search of a term filters the term's one list of matches: asked in turn, none leaks into another.
    const first = (await post({ searchTerm: "oil show" })).body;
    const women = (await post({ searchTerm: "oil show", gender: "f", minTokens: 350 })).body;
    expect(names(women)).toEqual(["anna:500", "vera:400"]);
    // The spread is over every gender in the range: anna, vera and duo.
    expect(women.distribution.all).toEqual({ count: 3, min: 400, q1: 450, median: 500, q3: 650, max: 800 });
    const cheap = (await post({ searchTerm: "oil show", maxTokens: 250 })).body;
    expect(names(cheap)).toEqual(["carl:200", "tess:100"]);
    expect((await post({ searchTerm: "oil show" })).body).toEqual(first);
  });

  it.each([
    [{}, "searchTerm", `searchTerm: ${TERM_EXPECTED}`],
    [{ searchTerm: "o" }, "searchTerm", `searchTerm: ${TERM_TOO_SHORT}`],
    [{ searchTerm: "  o  " }, "searchTerm", `searchTerm: ${TERM_TOO_SHORT}`],
    [{ searchTerm: "o".repeat(61) }, "searchTerm", `searchTerm: ${TERM_TOO_LONG}`],
    [{ searchTerm: "!!!" }, "searchTerm", `searchTerm: ${TERM_NO_WORDS}`],
    [{ searchTerm: "oil\u0000show" }, "searchTerm", `searchTerm: ${TERM_CONTROL}`],
    [{ searchTerm: 5 }, "searchTerm", `searchTerm: ${TERM_EXPECTED}`],
    [{ searchTerm: "oil", gender: "x" }, "gender", "gender: expected a gender code: f, m, c or s"],
    [{ searchTerm: "oil", minTokens: -1 }, "minTokens", `minTokens: ${TOKENS_EXPECTED}`],
    [{ searchTerm: "oil", maxTokens: 1_000_001 }, "maxTokens", `maxTokens: ${TOKENS_EXPECTED}`],
    [{ searchTerm: "oil", maxTokens: 2.5 }, "maxTokens", `maxTokens: ${TOKENS_EXPECTED}`],
    [{ searchTerm: "oil", minTokens: "5" }, "minTokens", `minTokens: ${TOKENS_EXPECTED}`],
    [{ searchTerm: "oil", minTokens: 500, maxTokens: 100 }, "minTokens", `minTokens: ${RANGE_REVERSED}`],
  ])("refuses %j, naming %s", async (payload, parameter, message) => {
    expect(await post(payload)).toEqual({
      status: 400,
      body: { error: { status: 400, code: "invalid_parameter", parameter, message } },
    });
  });

  it("answers any body with a result or a clear 400, never a 500", async () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.integer({ min: -10, max: 2_000_000 }),
      fc.constantFrom("%", "_", "\\", "'", "oil%show", "o_l", "all", "f", "s", null),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            { searchTerm: hostile, gender: hostile, minTokens: hostile, maxTokens: hostile },
            { requiredKeys: [] },
          ),
        ),
        async (payload) => {
          const { status, body } = await post(payload);
          expect([200, 400]).toContain(status);
          if (status === 400) expect(body.error.message).toEqual(expect.any(String));
          else {
            expect(body.items.length).toBeLessThanOrEqual(100);
            expect(body.distribution.all.count).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 120 },
    );
  });
});
