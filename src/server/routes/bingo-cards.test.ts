import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { encodeCard } from "../../site/bingo/card-link.ts";
import { defaultCard } from "../../site/bingo/common-actions.ts";
import { CARD_NOT_FOUND, MAX_SAVED_CARDS, NOT_VERIFIED_TO_SAVE, TOO_MANY_CARDS } from "./bingo-cards.ts";

/**
 * Saved bingo cards (issue 20, decision 0025): only a verified performer's account saves, each
 * account sees and changes its own cards only, the cap holds, and nothing sent is a 500.
 */
describe("POST /v1/bingo_card_save, /v1/bingo_card_delete, GET /v1/bingo_cards", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let ann: { token: string };
  let bob: { token: string };
  let fan: { token: string };
  const card = defaultCard([], 3);

  const own = async (email: string, username: string) => {
    const performer = await insertPerformer(t.db, { username });
    const user = await t.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO performer_owners (performer_id, user_id, verified_at)
      VALUES (${performer}, ${user.id}, now())`.execute(t.db);
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db);
    for (const who of ["ann", "bob", "fan"]) await site.confirmedAccount(`${who}@example.com`);
    ann = await site.signedIn("ann@example.com");
    bob = await site.signedIn("bob@example.com");
    fan = await site.signedIn("fan@example.com");
    await own("ann@example.com", "alice");
    await own("bob@example.com", "bella");
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });

  const save = (body: unknown, token?: string) =>
    site.post("/v1/bingo_card_save", body, token === undefined ? {} : { token });
  const list = async (token: string) => {
    const response = await site.get("/v1/bingo_cards", token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    return response.json();
  };

  it("saves, lists, replaces and deletes a verified performer's card", async () => {
    const created = await save({ card: { ...card, title: "  Ann's game " } }, ann.token);
    expect(created.statusCode).toBe(201);
    const saved = created.json();
    expect(saved.title).toBe("Ann's game");
    expect(saved.card).toEqual({ ...card, title: "Ann's game" });
    expect(saved.code).toBe(encodeCard(saved.card));
    expect(await list(ann.token)).toEqual({ canSave: true, max: MAX_SAVED_CARDS, cards: [saved] });

    const replaced = await save({ id: saved.id, card: { ...card, title: "Renamed" } }, ann.token);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().id).toBe(saved.id);
    expect((await list(ann.token)).cards.map((c: { title: string }) => c.title)).toEqual(["Renamed"]);

    const deleted = await site.post("/v1/bingo_card_delete", { id: saved.id }, { token: ann.token });
    expect(deleted.statusCode).toBe(204);
    expect((await list(ann.token)).cards).toEqual([]);
  });

  it("asks who is calling, and lets only a verified performer save", async () => {
    expect((await save({ card })).statusCode).toBe(401);
    expect((await site.get("/v1/bingo_cards")).statusCode).toBe(401);
    expect((await site.post("/v1/bingo_card_delete", { id: crypto.randomUUID() })).statusCode).toBe(401);
    const refused = await save({ card }, fan.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      status: 403,
      code: "not_verified",
      message: NOT_VERIFIED_TO_SAVE,
    });
    expect(await list(fan.token)).toEqual({ canSave: false, max: MAX_SAVED_CARDS, cards: [] });
  });

  it("never shows or changes another account's card", async () => {
    const bobs = (await save({ card: { ...card, title: "Bob's" } }, bob.token)).json();
    expect((await list(ann.token)).cards).toEqual([]);
    const overwrite = await save({ id: bobs.id, card: { ...card, title: "Mine now" } }, ann.token);
    expect(overwrite.statusCode).toBe(404);
    expect(overwrite.json().error.message).toBe(CARD_NOT_FOUND);
    const remove = await site.post("/v1/bingo_card_delete", { id: bobs.id }, { token: ann.token });
    expect(remove.statusCode).toBe(404);
    expect((await list(bob.token)).cards.map((c: { title: string }) => c.title)).toEqual(["Bob's"]);
  });

  it(`keeps at most ${MAX_SAVED_CARDS} cards an account`, async () => {
    const { cards } = await list(bob.token);
    for (let i = cards.length; i < MAX_SAVED_CARDS; i++)
      expect((await save({ card: { ...card, title: `Card ${i}` } }, bob.token)).statusCode).toBe(201);
    const over = await save({ card }, bob.token);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(TOO_MANY_CARDS);
  });

  it("refuses a card that does not hold, naming what", async () => {
    const response = await save({ card: { ...card, title: "" } }, ann.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.parameter).toBe("card.title");
    expect((await save({ card, id: "nope" }, ann.token)).statusCode).toBe(400);
    expect((await site.post("/v1/bingo_card_delete", { id: 5 }, { token: ann.token })).statusCode).toBe(400);
  });

  it("answers any body with a 4xx, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ card: fc.jsonValue(), id: fc.oneof(fc.uuid(), fc.string()) }, { requiredKeys: [] }),
          fc.record({
            card: fc.record({ ...Object.fromEntries(Object.keys(card).map((k) => [k, fc.jsonValue()])) }),
          }),
        ),
        async (body) => {
          const saved = await save(body, ann.token);
          expect(saved.statusCode).toBeLessThan(500);
          const deleted = await site.post("/v1/bingo_card_delete", body, { token: ann.token });
          expect(deleted.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
