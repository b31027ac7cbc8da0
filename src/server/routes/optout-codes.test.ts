import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { testApp } from "../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { type ParsedRoom, SHOW_CODES } from "../../platform/parse-room.ts";
import { checkOptoutCodes } from "../../profiles/optout-code-check.ts";
import { OPTOUT_CODE_PATTERN, OPTOUT_CODES_PER_ADDRESS_HOUR } from "../../profiles/optout-code-rules.ts";
import { createSearchService } from "../../search/search-service.ts";
import { optoutCodeMessage, TOO_MANY_CODE_REQUESTS } from "./optout-code-issuer.ts";

const HOUR = 3600_000;

/** A room as the sweep holds it in memory: only the subject matters here. */
const room = (username: string, subject: string): ParsedRoom => ({
  username,
  subject,
  profile: {},
  viewers: 10,
  followers: null,
  show: SHOW_CODES.public,
  secondsOnline: 60,
  gender: "f",
  tags: [],
});

/**
 * POST /v1/optout for anyone but the verified account (issue 30 point 4, decision 0044): a
 * one-time code, the same to everyone until it expires, limited per address, alike for names we
 * do not hold; spent, the same effects as the verified opt-out; and the same without accounts.
 */
describe("opt-out codes: POST /v1/optout without the verified account", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let ann: { token: string };
  const clock = { now: Date.UTC(2026, 10, 29, 12, 0) };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db, {
      search: createSearchService(t.db, { optoutCheckSeconds: 0 }),
      now: () => clock.now,
    });
    const at = new Date().toISOString();
    for (const username of ["alma", "bria", "cora", "gone"])
      ids[username] = await insertPerformer(t.db, { username, lastSeen: at, followers: 100 });
    await sql`INSERT INTO optouts (username, confirmed_at) VALUES ('gone', now())`.execute(t.db);
    await site.confirmedAccount("ann@example.com");
    ann = await site.signedIn("ann@example.com");
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });

  const optout = (body: object, options: { token?: string; ip?: string } = {}) =>
    site.post("/v1/optout", body, options);
  const codeRows = async () =>
    (
      await sql<{ performer: string; action: string; code: string }>`
        SELECT p.username AS performer, c.action, c.code FROM optout_codes c
        JOIN performers p USING (performer_id) ORDER BY p.username, c.action`.execute(t.db)
    ).rows;
  const optedOut = async () =>
    (await sql<{ username: string }>`SELECT username FROM optouts ORDER BY username`.execute(t.db)).rows.map(
      (r) => r.username,
    );

  it("gives anyone a code that says what to do, the same code to every ask, and changes nothing yet", async () => {
    const first = await optout({ performer: "Alma" });
    expect(first.statusCode).toBe(202);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const body = first.json();
    expect(body).toEqual({
      performer: "alma",
      optOut: true,
      status: "code_issued",
      code: expect.stringMatching(/^CS-OUT-/),
      expiresAt: expect.any(String),
      message: optoutCodeMessage("alma", true, body.code, new Date(body.expiresAt)),
    });
    expect(body.code).toMatch(OPTOUT_CODE_PATTERN);
    expect(body.message).toContain(`put the code ${body.code} in alma's room subject or about-me`);
    const hours = (Date.parse(body.expiresAt) - clock.now) / HOUR;
    expect(hours).toBeGreaterThanOrEqual(24);
    expect(hours).toBeLessThanOrEqual(72);
    // Another visitor, a signed-in account that is not alma's, an hour later: the same code.
    clock.now += HOUR;
    expect((await optout({ performer: "alma" }, { token: ann.token })).json()).toEqual(body);
    const back = (await optout({ performer: "alma", optOut: false })).json();
    expect(back).toMatchObject({
      optOut: false,
      status: "code_issued",
      code: expect.stringMatching(/^CS-IN-/),
    });
    expect(back.message).toContain("opted back in");
    expect(await codeRows()).toEqual([
      { performer: "alma", action: "in", code: back.code },
      { performer: "alma", action: "out", code: body.code },
    ]);
    expect(await optedOut()).toEqual(["gone"]);
  });

  it("answers a name we do not hold like an opted-out performer, and stores nothing for it", async () => {
    const before = await codeRows();
    const unknown = await optout({ performer: "never-seen", optOut: false });
    expect(unknown.statusCode).toBe(202);
    const body = unknown.json();
    expect(body).toEqual({
      performer: "never-seen",
      optOut: false,
      status: "code_issued",
      code: expect.stringMatching(/^CS-IN-/),
      expiresAt: expect.any(String),
      message: optoutCodeMessage("never-seen", false, body.code, new Date(body.expiresAt)),
    });
    expect((await optout({ performer: "never-seen", optOut: false })).json()).toEqual(body);
    expect(await codeRows()).toEqual(before);
    // gone opted out: a real code, to come back, of the same shape and expiry.
    const gone = (await optout({ performer: "gone", optOut: false })).json();
    expect(Object.keys(gone)).toEqual(Object.keys(body));
    expect(gone.expiresAt).toBe(body.expiresAt);
    expect((await codeRows()).filter((r) => r.performer === "gone")).toEqual([
      { performer: "gone", action: "in", code: gone.code },
    ]);
  });

  it("gives a new code once the old one's expiry is less than a day away; the old one dies at it", async () => {
    const old = (await optout({ performer: "bria" })).json();
    clock.now = Date.parse(old.expiresAt) - 24 * HOUR + 1000;
    const next = (await optout({ performer: "bria" })).json();
    expect(next.code).not.toBe(old.code);
    expect(Date.parse(next.expiresAt) - Date.parse(old.expiresAt)).toBe(48 * HOUR);
    const subject = `hello ${old.code}`;
    expect(
      await checkOptoutCodes({ db: t.db }, [room("bria", subject)], new Date(Date.parse(old.expiresAt))),
    ).toEqual([]);
    expect(await optedOut()).toEqual(["gone"]);
  });

  it(`limits one address to ${OPTOUT_CODES_PER_ADDRESS_HOUR} code requests an hour, known names or not`, async () => {
    const ip = "10.200.0.1";
    for (let i = 0; i < OPTOUT_CODES_PER_ADDRESS_HOUR; i++) {
      const name = i % 2 === 0 ? "cora" : `stranger-${i}`;
      expect((await optout({ performer: name }, { ip })).statusCode).toBe(202);
    }
    const refused = await optout({ performer: "cora" }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: "too_many_code_requests",
      message: TOO_MANY_CODE_REQUESTS,
    });
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect((await optout({ performer: "cora" }, { ip: "10.200.0.2" })).statusCode).toBe(202);
    clock.now += HOUR + 1000;
    expect((await optout({ performer: "cora" }, { ip })).statusCode).toBe(202);
  });

  it("spent from the room subject, opts out exactly as the verified account does; the in-code brings back", async () => {
    const search = async () =>
      (await site.get("/api/model_search?searchTerm=cora"))
        .json()
        .results.map((r: { name: string }) => r.name);
    expect(await search()).toEqual(["cora"]);
    const list = (
      await site.post("/v1/list_create", { name: "Faves", isPublic: true }, { token: ann.token })
    ).json();
    const added = await site.post(
      "/v1/list_add_performer",
      { listId: list.listId, performerName: "cora" },
      { token: ann.token },
    );
    expect(added.statusCode).toBe(200);

    const out = (await optout({ performer: "cora" })).json().code as string;
    // alma's room holding cora's code does nothing to either.
    expect(await checkOptoutCodes({ db: t.db }, [room("alma", `hi ${out}`)], new Date(clock.now))).toEqual(
      [],
    );
    expect(await optedOut()).toEqual(["gone"]);
    const spent = await checkOptoutCodes(
      { db: t.db },
      [room("cora", `Tonight! ${out.toLowerCase()}`)],
      new Date(clock.now),
    );
    expect(spent.map((s) => [s.username, s.action])).toEqual([["cora", "out"]]);
    expect(await optedOut()).toEqual(["cora", "gone"]);
    expect(await search()).toEqual([]);
    const { rows } =
      await sql`SELECT count(*)::int AS n FROM list_performers WHERE performer_id = ${ids.cora}`.execute(
        t.db,
      );
    expect(rows).toEqual([{ n: 0 }]);
    expect((await site.get("/api/streamers?modelName=cora")).statusCode).toBe(404);
    // Used once: the same subject next poll does nothing more.
    expect(await checkOptoutCodes({ db: t.db }, [room("cora", out)], new Date(clock.now))).toEqual([]);

    const inCode = (await optout({ performer: "cora", optOut: false })).json().code as string;
    expect(
      (await checkOptoutCodes({ db: t.db }, [room("cora", `back: ${inCode}`)], new Date(clock.now))).map(
        (s) => s.action,
      ),
    ).toEqual(["in"]);
    expect(await optedOut()).toEqual(["gone"]);
    expect((await site.get("/api/streamers?modelName=cora")).statusCode).toBe(200);
    await expect.poll(search, { timeout: 10_000 }).toEqual(["cora"]);
  });

  it("without accounts, gives the same codes from the same table", async () => {
    const plain = testApp(t.db, { now: () => clock.now });
    try {
      const ask = async (body: object) =>
        plain.inject({ method: "POST", url: "/v1/optout", payload: body, remoteAddress: "10.201.0.1" });
      const withAccounts = (await optout({ performer: "alma" })).json();
      const without = await ask({ performer: "alma" });
      expect(without.statusCode).toBe(202);
      expect(without.headers["cache-control"]).toBe("private, no-store");
      expect(without.json()).toEqual(withAccounts);
      expect((await ask({ performer: "<b>" })).statusCode).toBe(400);
    } finally {
      await plain.close();
    }
  });
});
