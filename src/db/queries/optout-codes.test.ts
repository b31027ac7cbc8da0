import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { newOptoutCode, optoutCodeExpiry } from "../../profiles/optout-code-rules.ts";
import {
  type FoundOptoutCode,
  markCodesBioChecked,
  optoutCodeFor,
  pendingCodesAmong,
  pendingCodesInStoredAboutMe,
  pruneExpiredOptoutCodes,
  spendOptoutCode,
} from "./optout-codes.ts";
import { confirmedOptouts } from "./optouts.ts";

const HOUR = 3600_000;
const T0 = Date.UTC(2026, 10, 29, 12, 0);

/** The opt-out codes' queries (decision 0044) on a real database. */
describe("opt-out codes: the queries", () => {
  let t: TestDatabase;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestDatabase();
    for (const username of ["ada", "bea", "cyd", "dee"])
      ids[username] = await insertPerformer(t.db, { username });
  });
  afterAll(async () => {
    await t?.drop();
  });

  const codeFor = (username: string, action: "out" | "in", at = T0) =>
    optoutCodeFor(t.db, {
      performerId: ids[username] as number,
      action,
      expiresAt: optoutCodeExpiry(at),
      now: new Date(at),
      newCode: () => newOptoutCode(action),
    });
  const found = (username: string, action: "out" | "in", code: string): FoundOptoutCode => ({
    performerId: ids[username] as number,
    username,
    action,
    code,
  });

  it("keeps one code per performer, action and expiry: asking again gives it back", async () => {
    const first = await codeFor("ada", "out");
    expect(first).toMatchObject({ action: "out", usedAt: null, createdAt: new Date(T0) });
    expect((await codeFor("ada", "out", T0 + HOUR)).code).toBe(first.code);
    expect((await codeFor("ada", "in")).code).not.toBe(first.code);
    expect((await codeFor("bea", "out")).code).not.toBe(first.code);
    // Past the last ask that shares its expiry, a new code; the first still lives until its own.
    const later = first.expiresAt.getTime() - 24 * HOUR + 1;
    const next = await codeFor("ada", "out", later);
    expect(next.code).not.toBe(first.code);
    expect(next.expiresAt.getTime()).toBe(first.expiresAt.getTime() + 48 * HOUR);
    const pending = await pendingCodesAmong(
      t.db,
      [first, next].map((c) => ({ username: "ada", code: c.code })),
      new Date(later),
    );
    expect(pending.map((p) => p.code).sort()).toEqual([first.code, next.code].sort());
  });

  it("draws again when a drawn code exists, and agrees on one row when asked at once", async () => {
    const taken = (await codeFor("ada", "out")).code;
    const draws = [taken, "CS-OUT-2345-6789"];
    const row = await optoutCodeFor(t.db, {
      performerId: ids.cyd as number,
      action: "out",
      expiresAt: optoutCodeExpiry(T0),
      now: new Date(T0),
      newCode: () => draws.shift() ?? newOptoutCode("out"),
    });
    expect(row.code).toBe("CS-OUT-2345-6789");
    const together = await Promise.all([1, 2, 3, 4].map(() => codeFor("dee", "in")));
    expect(new Set(together.map((c) => c.code)).size).toBe(1);
  });

  it("finds a code only in its own performer's text, pending and unexpired", async () => {
    const ada = (await codeFor("ada", "out")).code;
    const now = new Date(T0 + HOUR);
    // bea's subject holding ada's code: nothing, for either.
    expect(await pendingCodesAmong(t.db, [{ username: "bea", code: ada }], now)).toEqual([]);
    expect(await pendingCodesAmong(t.db, [{ username: "ada", code: ada }], now)).toEqual([
      found("ada", "out", ada),
    ]);
    expect(await pendingCodesAmong(t.db, [{ username: "ada", code: ada }], optoutCodeExpiry(T0))).toEqual([]);
    expect(await pendingCodesAmong(t.db, [], now)).toEqual([]);
  });

  it("finds codes in the stored about-me, any case, of their own performer only", async () => {
    const bea = (await codeFor("bea", "out")).code;
    const ada = (await codeFor("ada", "out")).code;
    await sql`
      INSERT INTO performer_bios (performer_id, about_me, fetched_at, changed_at)
      VALUES (${ids.bea}, ${`hello ${bea.toLowerCase()}`}, now(), now()),
             (${ids.cyd}, ${`not mine: ${ada}`}, now(), now())`.execute(t.db);
    expect(await pendingCodesInStoredAboutMe(t.db, new Date(T0 + HOUR))).toEqual([found("bea", "out", bea)]);
    await sql`DELETE FROM performer_bios`.execute(t.db);
  });

  it("spends a code once: out does what the verified opt-out does, in what its withdrawal does", async () => {
    const users = await sql<{ id: string }>`
      INSERT INTO users (email) VALUES ('owner@example.com') RETURNING id`.execute(t.db);
    await sql`INSERT INTO lists (list_id, user_id, name) VALUES ('l1', ${users.rows[0]?.id}, 'Faves')`.execute(
      t.db,
    );
    await sql`INSERT INTO list_performers (list_id, performer_id) VALUES ('l1', ${ids.cyd}), ('l1', ${ids.dee})`.execute(
      t.db,
    );
    const out = (await codeFor("cyd", "out")).code;
    const at = new Date(T0 + HOUR);
    expect(await spendOptoutCode(t.db, found("cyd", "out", out), at)).toBe(true);
    expect(await confirmedOptouts(t.db)).toEqual(new Set(["cyd"]));
    const { rows: listed } = await sql<{ performer_id: number }>`
      SELECT performer_id FROM list_performers`.execute(t.db);
    expect(listed.map((r) => Number(r.performer_id))).toEqual([ids.dee]);
    // Spent: nothing again, and no longer pending.
    expect(await spendOptoutCode(t.db, found("cyd", "out", out), at)).toBe(false);
    expect(await pendingCodesAmong(t.db, [{ username: "cyd", code: out }], at)).toEqual([]);
    // A code named for another performer acts on nobody.
    const inCode = (await codeFor("cyd", "in")).code;
    expect(await spendOptoutCode(t.db, found("dee", "in", inCode), at)).toBe(false);
    expect(await confirmedOptouts(t.db)).toEqual(new Set(["cyd"]));
    expect(await spendOptoutCode(t.db, found("cyd", "in", inCode), at)).toBe(true);
    expect(await confirmedOptouts(t.db)).toEqual(new Set());
    // Expired: nothing.
    const late = (await codeFor("bea", "in")).code;
    expect(await spendOptoutCode(t.db, found("bea", "in", late), optoutCodeExpiry(T0))).toBe(false);
  });

  it("marks a performer's pending codes looked for in a fresh about-me", async () => {
    await codeFor("dee", "out");
    const at = new Date(T0 + 2 * HOUR);
    await markCodesBioChecked(t.db, ids.dee as number, at);
    const { rows } = await sql<{ checked: Date | null }>`
      SELECT bio_checked_at AS checked FROM optout_codes WHERE performer_id = ${ids.dee} AND used_at IS NULL`.execute(
      t.db,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.checked).toEqual(at);
  });

  it("deletes the codes that expired unused, and keeps the used ones", async () => {
    const codes = async () =>
      (
        await sql<{ code: string; used: boolean }>`
          SELECT code, used_at IS NOT NULL AS used FROM optout_codes ORDER BY code`.execute(t.db)
      ).rows;
    const before = await codes();
    expect(before.some((c) => c.used)).toBe(true);
    expect(before.some((c) => !c.used)).toBe(true);
    // Before any code expired: nothing goes.
    expect(await pruneExpiredOptoutCodes(t.db, new Date(T0))).toBe(0);
    expect(await codes()).toEqual(before);
    // Long after every expiry: the unused ones go, the used ones stay.
    const unused = before.filter((c) => !c.used).length;
    expect(await pruneExpiredOptoutCodes(t.db, new Date(T0 + 30 * 24 * HOUR))).toBe(unused);
    expect(await codes()).toEqual(before.filter((c) => c.used));
  });
});
