import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { checkClaims } from "../../profiles/claim-check.ts";
import { CLAIM_MOVED_KIND } from "../../profiles/claim-moved-mail.ts";
import { CLAIM_CODE_PATTERN, MAX_PENDING_CLAIMS } from "../../profiles/claim-rules.ts";
import { OPTOUT_CODE_PATTERN } from "../../profiles/optout-code-rules.ts";
import { createSearchService } from "../../search/search-service.ts";
import { TOO_MANY_CLAIMS } from "./performer-claims.ts";

/**
 * Proof of ownership and the opt-out (issue 19, decision 0021): codes, the check after a poll (room
 * subject and about-me), one verified account per performer and the move with its mail, the
 * opt-out at once by the verified account (anyone else gets a code: optout-codes.test.ts), its
 * reversal, the search and the lists at once.
 */
describe("performer claims and the opt-out: the /v1 calls", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let ann: { token: string };
  let bob: { token: string };
  let cat: { token: string };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db, { search: createSearchService(t.db, { optoutCheckSeconds: 0 }) });
    const at = new Date().toISOString();
    for (const username of ["alice", "bella", "cleo", "dora", "eve", "fay", "gina", "hana", "gone"])
      ids[username] = await insertPerformer(t.db, { username, lastSeen: at, followers: 100 });
    await sql`INSERT INTO optouts (username, confirmed_at) VALUES ('gone', now())`.execute(t.db);
    for (const who of ["ann", "bob", "cat"]) await site.confirmedAccount(`${who}@example.com`);
    ann = await site.signedIn("ann@example.com");
    bob = await site.signedIn("bob@example.com");
    cat = await site.signedIn("cat@example.com");
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });

  const claim = (performer: string, token?: string) =>
    site.post("/v1/verify_account", { performer }, token === undefined ? {} : { token });
  const state = async (performer: string, token: string) => {
    const response = await site.get(`/v1/verify_account?performer=${performer}`, token);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const optout = (body: object, token?: string) =>
    site.post("/v1/optout", body, token === undefined ? {} : { token });
  const check = () =>
    checkClaims(
      {
        db: t.db,
        mailer: {
          send: async (m) => {
            site.mail.push(m);
            return "<x>";
          },
          close: async () => {},
        },
        siteName: "camstats",
        origin: "http://camstats.test",
      },
      new Date(),
    );
  const setSubject = (username: string, subject: string) =>
    sql`UPDATE performers SET room_subject = ${subject} WHERE username = ${username}`.execute(t.db);
  const setAboutMe = (username: string, text: string) =>
    sql`INSERT INTO performer_bios (performer_id, about_me, fetched_at, changed_at)
        VALUES (${ids[username]}, ${text}, now(), now())
        ON CONFLICT (performer_id) DO UPDATE SET about_me = EXCLUDED.about_me`.execute(t.db);
  const userInfo = async (token: string) => (await site.get("/v1/user_info", token)).json().userInfo;

  it("gives a readable code, the same while it waits, and shows the claim's state", async () => {
    const first = await claim("Alice", ann.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const body = first.json();
    expect(body).toEqual({
      performer: "alice",
      status: "waiting",
      code: expect.stringMatching(CLAIM_CODE_PATTERN),
      expiresAt: expect.any(String),
      lastCheckedAt: null,
      verifiedAt: null,
      optedOut: false,
    });
    const hours = (Date.parse(body.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect((await claim("alice", ann.token)).json().code).toBe(body.code);
    expect(await state("alice", ann.token)).toEqual(body);
    // Another user's claim on the same performer has its own code; a user with none sees "none".
    expect((await claim("alice", bob.token)).json().code).not.toBe(body.code);
    expect(await state("bella", ann.token)).toMatchObject({ status: "none", code: null });
  });

  it("refuses without a token, for an unknown or opted-out performer, and bad input", async () => {
    expect((await claim("alice")).statusCode).toBe(401);
    expect((await site.get("/v1/verify_account?performer=alice")).statusCode).toBe(401);
    for (const name of ["nobody", "gone"]) {
      const response = await claim(name, ann.token);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("unknown_performer");
    }
    const bad = await site.post("/v1/verify_account", { performer: "<b>" }, { token: ann.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.parameter).toBe("performer");
  });

  it("replaces an expired code with a new one", async () => {
    const before = (await claim("bella", ann.token)).json();
    await sql`UPDATE performer_claims SET expires_at = now() - interval '1 second'
      WHERE code = ${before.code}`.execute(t.db);
    expect(await state("bella", ann.token)).toMatchObject({ status: "expired", code: null });
    // An expired code in a subject proves nothing.
    await setSubject("bella", `hi ${before.code}`);
    await check();
    expect(await state("bella", ann.token)).toMatchObject({ status: "expired" });
    const after = (await claim("bella", ann.token)).json();
    expect(after.status).toBe("waiting");
    expect(after.code).not.toBe(before.code);
  });

  it(`limits an account to ${MAX_PENDING_CLAIMS} claims waiting`, async () => {
    // cat: claims on five performers, the sixth refused; asking again for a waiting one still works.
    for (const name of ["alice", "bella", "cleo", "dora", "eve"])
      expect((await claim(name, cat.token)).statusCode).toBe(200);
    const refused = await claim("fay", cat.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: "too_many_claims", message: TOO_MANY_CLAIMS });
    expect((await claim("alice", cat.token)).statusCode).toBe(200);
    await sql`DELETE FROM performer_claims WHERE user_id = (SELECT id FROM users WHERE email = 'cat@example.com')`.execute(
      t.db,
    );
  });

  it("verifies by the room subject, any case, and records when it looked", async () => {
    const { code } = (await claim("cleo", ann.token)).json();
    await setSubject("cleo", "goal: 500 tokens");
    const looked = await check();
    expect(looked.verified).toEqual([]);
    const waiting = await state("cleo", ann.token);
    expect(waiting.status).toBe("waiting");
    expect(Date.now() - Date.parse(waiting.lastCheckedAt)).toBeLessThan(60_000);
    await setSubject("cleo", `Welcome! ${code.toLowerCase()} #fun`);
    expect((await check()).verified).toEqual([expect.objectContaining({ username: "cleo", moved: false })]);
    expect(await state("cleo", ann.token)).toMatchObject({ status: "verified", code: null });
    expect(await userInfo(ann.token)).toMatchObject({
      accountVerifiedForPerformer: "cleo",
      verifiedPerformers: ["cleo"],
    });
  });

  it("verifies by the about-me", async () => {
    const { code } = (await claim("dora", bob.token)).json();
    await setAboutMe("dora", `I love chess. Verifying: ${code}`);
    await check();
    expect(await state("dora", bob.token)).toMatchObject({ status: "verified" });
    expect((await userInfo(bob.token)).accountVerifiedForPerformer).toBe("dora");
  });

  it("keeps one verified account per performer; a later proof moves it and tells the earlier owner", async () => {
    // cleo is ann's; bob proves it too.
    const { code } = (await claim("cleo", bob.token)).json();
    expect(code).toMatch(CLAIM_CODE_PATTERN);
    await setSubject("cleo", `now ${code}`);
    const mailsBefore = site.mail.length;
    expect((await check()).verified).toEqual([expect.objectContaining({ username: "cleo", moved: true })]);
    const { rows } =
      await sql`SELECT count(*)::int AS n FROM performer_owners WHERE performer_id = ${ids.cleo}`.execute(
        t.db,
      );
    expect(rows).toEqual([{ n: 1 }]);
    expect(await state("cleo", bob.token)).toMatchObject({ status: "verified" });
    expect(await state("cleo", ann.token)).toMatchObject({ status: "none" });
    expect((await userInfo(ann.token)).accountVerifiedForPerformer).toBeNull();
    const told = site.mail.slice(mailsBefore);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ to: "ann@example.com", kind: CLAIM_MOVED_KIND });
    expect(told[0]?.text).toContain("no longer verified for cleo");
    expect(told[0]?.text).toContain("http://camstats.test/claim/cleo");
    expect(told[0]?.html).toBeUndefined();
    // The same code again changes nothing: it is spent.
    expect((await check()).verified).toEqual([]);
  });

  it("opts out at once only for the verified account; anyone else gets a code and nothing changes yet", async () => {
    for (const token of [undefined, ann.token]) {
      const response = await optout({ performer: "dora" }, token);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toMatchObject({
        performer: "dora",
        optOut: true,
        status: "code_issued",
        code: expect.stringMatching(OPTOUT_CODE_PATTERN),
      });
    }
    const unknown = await optout({ performer: "never-seen" });
    expect(unknown.statusCode).toBe(202);
    const { rows } = await sql`SELECT username FROM optouts WHERE username IN ('dora', 'never-seen')`.execute(
      t.db,
    );
    expect(rows).toEqual([]);
    expect((await optout({ performer: "dora" }, "not-a-token")).statusCode).toBe(401);
  });

  it("opts the owner's performer out at once: search, lists, lookups; and back in", async () => {
    const search = async () =>
      (await site.get("/api/model_search?searchTerm=dora"))
        .json()
        .results.map((r: { name: string }) => r.name);
    expect(await search()).toEqual(["dora"]);
    // ann lists dora.
    const list = (
      await site.post("/v1/list_create", { name: "Faves", isPublic: true }, { token: ann.token })
    ).json();
    const added = await site.post(
      "/v1/list_add_performer",
      { listId: list.listId, performerName: "dora" },
      { token: ann.token },
    );
    expect(added.statusCode).toBe(200);

    const out = await optout({ performer: "dora" }, bob.token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ performer: "dora", optedOut: true, status: "confirmed" });
    expect(await search()).toEqual([]);
    const { rows } =
      await sql`SELECT count(*)::int AS n FROM list_performers WHERE performer_id = ${ids.dora}`.execute(
        t.db,
      );
    expect(rows).toEqual([{ n: 0 }]);
    expect((await site.get("/api/streamers?modelName=dora")).statusCode).toBe(404);
    // Its owner still sees the claim (to opt back in); anyone else, the unknown performer.
    expect(await state("dora", bob.token)).toMatchObject({ status: "verified", optedOut: true });
    expect((await claim("dora", ann.token)).statusCode).toBe(404);

    const back = await optout({ performer: "dora", optOut: false }, bob.token);
    expect(back.json()).toEqual({ performer: "dora", optedOut: false, status: "withdrawn" });
    expect(await state("dora", bob.token)).toMatchObject({ optedOut: false });
    expect((await site.get("/api/streamers?modelName=dora")).statusCode).toBe(200);
    // The index reload the opt-outs' change started brings dora back.
    await expect.poll(search, { timeout: 10_000 }).toEqual(["dora"]);
  });

  it("answers no 500 and writes nothing half to any body on the calls", async () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.constantFrom("alice", "ALICE ", "gone", "dora", "x".repeat(65), "<script>", "a\u0000b"),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
    );
    const before = await sql`SELECT
      (SELECT count(*) FROM optouts)::int AS optouts,
      (SELECT count(*) FROM performer_owners)::int AS owners`.execute(t.db);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/v1/verify_account", "/v1/optout"),
        fc.oneof(fc.jsonValue(), fc.record({ performer: hostile, optOut: hostile }, { requiredKeys: [] })),
        fc.constantFrom(undefined, "ann", "bob"),
        async (url, body, who) => {
          const token = who === "ann" ? ann.token : who === "bob" ? bob.token : undefined;
          const response = await site.app.inject({
            method: "POST",
            url,
            payload: JSON.stringify(body) ?? "null",
            headers: {
              "content-type": "application/json",
              ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
            },
          });
          expect(response.statusCode).toBeLessThan(500);
          expect(response.json()).toBeTypeOf("object");
        },
      ),
      { numRuns: 150 },
    );
    // Nobody but bob (dora's) could opt anyone out: ann owns nothing, the rest are anonymous.
    const after = await sql`SELECT
      (SELECT count(*) FROM optouts WHERE username <> 'dora')::int AS optouts,
      (SELECT count(*) FROM performer_owners)::int AS owners`.execute(t.db);
    expect(after.rows).toEqual(before.rows);
    // Every claim row is whole: a code of the pattern, an expiry after its making.
    const { rows } = await sql<{ code: string; ok: boolean }>`
      SELECT code, expires_at > created_at AS ok FROM performer_claims`.execute(t.db);
    for (const row of rows) {
      expect(row.code).toMatch(CLAIM_CODE_PATTERN);
      expect(row.ok).toBe(true);
    }
  });
});
