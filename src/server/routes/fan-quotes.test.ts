import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { loadConfig } from "../../config.ts";
import { QUOTES_PER_HOUR } from "../../moderation/quote-rules.ts";
import { LONE_SURROGATE_REFUSED } from "../api/api-error.ts";
import { NOT_THEIRS, TOO_MANY_QUOTES } from "./fan-quotes.ts";

describe("fan quotes (issue 30, point 3)", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let ann = 0;
  const tokens = { moderator: "", fan: "", other: "", annOwner: "" };

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db, { config: loadConfig({ MODERATOR_EMAILS: "mod@example.com" }) });
    ann = await insertPerformer(t.db, { username: "ann" });
    await insertPerformer(t.db, { username: "gone" });
    for (const [who, email] of [
      ["moderator", "mod@example.com"],
      ["fan", "fan@example.com"],
      ["other", "other@example.com"],
      ["annOwner", "ann@example.com"],
    ] as const) {
      await site.confirmedAccount(email);
      tokens[who] = (await site.signedIn(email)).token;
    }
    await sql`UPDATE users SET name = 'Fan Fred' WHERE email = 'fan@example.com'`.execute(t.db);
    await sql`INSERT INTO performer_owners (performer_id, user_id, verified_at)
      SELECT ${ann}, id, now() FROM users WHERE email = 'ann@example.com'`.execute(t.db);
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });
  beforeEach(async () => {
    await sql`DELETE FROM fan_quotes`.execute(t.db);
    await sql`DELETE FROM auth_rate_counters`.execute(t.db);
  });

  const write = (quote: unknown, token: string | null = tokens.fan, performer = "ann") =>
    site.post("/v1/fan_quote", { performer, quote }, token === null ? {} : { token });
  const approveAll = async () => {
    const items = (await site.get("/v1/moderation/queue", tokens.moderator)).json().items;
    await site.post(
      "/v1/moderation/decide",
      {
        decision: "approve",
        items: items.map((i: { kind: string; id: number }) => ({ kind: i.kind, id: i.id })),
      },
      { token: tokens.moderator },
    );
  };
  const shown = async (performer = "ann") => site.get(`/v1/fan_quotes?performer=${performer}`);

  it("keeps a quote for review, trimmed; a second while pending edits it", async () => {
    const first = await write("  Best   show\n on the site  ");
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({
      performer: "ann",
      quote: "Best show on the site",
      status: "pending",
      edited: false,
    });
    const second = await write("Funniest show on the site");
    expect(second.json()).toMatchObject({ quoteId: first.json().quoteId, edited: true });
    const { rows } = await sql`SELECT quote, status FROM fan_quotes`.execute(t.db);
    expect(rows).toEqual([{ quote: "Funniest show on the site", status: "pending" }]);
    // Nothing unreviewed is shown.
    expect((await shown()).json().quotes).toEqual([]);
  });

  it("refuses too short, too long, a lone surrogate, no token, an unknown performer", async () => {
    const short = await write("  ab ");
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({
      code: "invalid_parameter",
      message: "quote: expected at least 3 characters",
    });
    expect((await write("x".repeat(281))).json().error.message).toBe(
      "quote: expected at most 280 characters",
    );
    // An emoji is one character.
    expect((await write("😀".repeat(280))).statusCode).toBe(202);
    expect((await write("bad \ud800 text")).json().error.message).toBe(`quote: ${LONE_SURROGATE_REFUSED}`);
    expect((await write("Best show", null)).statusCode).toBe(401);
    expect((await write("Best show", tokens.fan, "nobody")).statusCode).toBe(404);
  });

  it("shows approved quotes with the fan's name or 'a fan', and lets the performer hide one", async () => {
    await write("Best show on the site");
    await write("Kindest performer", tokens.other);
    await approveAll();
    const answer = await shown();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=30");
    const quotes = answer.json().quotes as { quoteId: number; quote: string; by: string }[];
    expect(quotes.map((q) => [q.quote, q.by]).sort()).toEqual([
      ["Best show on the site", "Fan Fred"],
      ["Kindest performer", "a fan"],
    ]);
    const target = quotes.find((q) => q.by === "a fan")?.quoteId;
    const refused = await site.app.inject({
      method: "DELETE",
      url: `/v1/fan_quote?quoteId=${target}`,
      headers: { authorization: `Bearer ${tokens.fan}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ status: 403, code: "not_verified", message: NOT_THEIRS });
    const hidden = await site.app.inject({
      method: "DELETE",
      url: `/v1/fan_quote?quoteId=${target}`,
      headers: { authorization: `Bearer ${tokens.annOwner}` },
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ quoteId: target, status: "hidden" });
    expect((await shown()).json().quotes.map((q: { by: string }) => q.by)).toEqual(["Fan Fred"]);
    // After approval a new quote waits beside the approved one.
    expect((await write("Still the best")).json().edited).toBe(false);
  });

  it("shows nothing of an opted-out performer", async () => {
    await write("Lovely", tokens.fan, "gone");
    await approveAll();
    expect((await shown("gone")).json().quotes).toHaveLength(1);
    await confirmOptout(t.db, "gone");
    expect((await shown("gone")).statusCode).toBe(404);
    expect((await write("Again", tokens.fan, "gone")).statusCode).toBe(404);
  });

  it(`limits an account to ${QUOTES_PER_HOUR} quotes an hour, edits included`, async () => {
    for (let i = 0; i < QUOTES_PER_HOUR; i++) expect((await write(`Quote number ${i}`)).statusCode).toBe(202);
    const over = await write("One too many");
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(over.json().error).toEqual({ status: 429, code: "too_many_quotes", message: TOO_MANY_QUOTES });
    // Another account is not limited by it.
    expect((await write("Mine", tokens.other)).statusCode).toBe(202);
  });
});
