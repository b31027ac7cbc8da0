import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { loadConfig } from "../../config.ts";
import { NOT_A_REVIEWER } from "./moderation.ts";

describe("moderation calls (issue 30)", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let ann = 0;
  const tokens = { moderator: "", fan: "", annOwner: "" };

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db, {
      config: loadConfig({ MODERATOR_EMAILS: "Mod@Example.com" }),
    });
    ann = await insertPerformer(t.db, { username: "ann" });
    await insertPerformer(t.db, { username: "bo" });
    for (const [who, email] of [
      ["moderator", "mod@example.com"],
      ["fan", "fan@example.com"],
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
    for (const table of ["moderation_decisions", "tag_suggestions", "summary_suggestions"])
      await sql`DELETE FROM ${sql.table(table)}`.execute(t.db);
  });

  const suggest = async (performer: string, tag: string, token?: string) =>
    expect(
      (await site.post("/v1/tag_suggestion", { performer, suggested_tag: tag }, token ? { token } : {}))
        .statusCode,
    ).toBe(202);
  const queue = (token: string, query = "") => site.get(`/v1/moderation/queue${query}`, token);
  const decide = (token: string, decision: string, items: unknown[]) =>
    site.post("/v1/moderation/decide", { decision, items }, { token });

  it("lists the pending suggestions oldest first, with sender and how many times each arrived", async () => {
    await suggest("ann", "cosplay", tokens.fan);
    await suggest("ann", "cosplay");
    await suggest("ann", "cosplay");
    await suggest("bo", "chess");
    await site.post("/v1/summary_suggestion", {
      performer: "bo",
      suggested_summary: "Plays chess while dancing",
    });
    const answer = await queue(tokens.moderator);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    const body = answer.json();
    expect(body.role).toBe("moderator");
    expect(body.total).toBe(3);
    expect(
      body.items.map((i: Record<string, unknown>) => [i.kind, i.performer, i.text, i.sender, i.times]),
    ).toEqual([
      ["tag", "ann", "cosplay", "Fan Fred", 3],
      ["tag", "bo", "chess", "anonymous", 1],
      ["summary", "bo", "Plays chess while dancing", "anonymous", 1],
    ]);
    expect((await queue(tokens.moderator, "?limit=1")).json().items).toHaveLength(1);
    expect((await queue(tokens.moderator, "?limit=0")).statusCode).toBe(400);
  });

  it("refuses everyone else with 403 in the API's error shape, and 401 without a token", async () => {
    const refused = await queue(tokens.fan);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { status: 403, code: "not_a_reviewer", message: NOT_A_REVIEWER },
    });
    expect((await site.get("/v1/moderation/queue")).statusCode).toBe(401);
    await suggest("ann", "x1");
    const [item] = (await queue(tokens.moderator)).json().items;
    expect((await decide(tokens.fan, "approve", [{ kind: item.kind, id: item.id }])).statusCode).toBe(403);
    expect(
      (await site.post("/v1/moderation/undo", { kind: "tag", id: item.id }, { token: tokens.fan }))
        .statusCode,
    ).toBe(403);
  });

  it("needs a confirmed address in MODERATOR_EMAILS", async () => {
    await sql`UPDATE users SET email_verified = false WHERE email = 'mod@example.com'`.execute(t.db);
    try {
      expect((await queue(tokens.moderator)).statusCode).toBe(403);
    } finally {
      await sql`UPDATE users SET email_verified = true WHERE email = 'mod@example.com'`.execute(t.db);
    }
  });

  it("decides many at once, keeps who and when, and undoes (itself recorded)", async () => {
    await suggest("ann", "a1");
    await suggest("ann", "a2");
    await suggest("bo", "b1");
    const items = (await queue(tokens.moderator)).json().items as { kind: string; id: number }[];
    const refs = items.map(({ kind, id }) => ({ kind, id }));
    const approved = await decide(tokens.moderator, "approve", refs.slice(0, 2));
    expect(approved.statusCode).toBe(200);
    expect(approved.json().results.map((r: { status: string }) => r.status)).toEqual([
      "approved",
      "approved",
    ]);
    // Decided meanwhile: left as it is.
    expect((await decide(tokens.moderator, "reject", refs.slice(0, 1))).json().results[0].status).toBe(
      "already_decided",
    );
    const { rows } = await sql<{ tag: string; status: string }>`
      SELECT tag, status FROM tag_suggestions ORDER BY tag`.execute(t.db);
    expect(rows.map((r) => [r.tag, r.status])).toEqual([
      ["a1", "approved"],
      ["a2", "approved"],
      ["b1", "pending"],
    ]);
    const recent = (await queue(tokens.moderator)).json().recent;
    expect(recent.map((d: { text: string; action: string }) => [d.text, d.action])).toEqual([
      ["a2", "approve"],
      ["a1", "approve"],
    ]);

    const undone = await site.post("/v1/moderation/undo", refs[0], { token: tokens.moderator });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ ...refs[0], status: "pending" });
    const again = await site.post("/v1/moderation/undo", refs[0], { token: tokens.moderator });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("not_decided");
    const { rows: history } = await sql<{ action: string; decided_as: string; email: string }>`
      SELECT d.action, d.decided_as, u.email FROM moderation_decisions d JOIN users u ON u.id = d.decided_by
      WHERE d.kind = 'tag' AND d.item_id = ${refs[0]?.id} ORDER BY d.id`.execute(t.db);
    expect(history).toEqual([
      { action: "approve", decided_as: "moderator", email: "mod@example.com" },
      { action: "undo", decided_as: "moderator", email: "mod@example.com" },
    ]);
  });

  it("lets a performer's verified account review what is about them, and only that", async () => {
    await suggest("ann", "mine");
    await suggest("bo", "theirs");
    const own = (await queue(tokens.annOwner)).json();
    expect(own.role).toBe("performer");
    expect(own.items.map((i: { text: string }) => i.text)).toEqual(["mine"]);
    const all = (await queue(tokens.moderator)).json().items as { id: number; text: string }[];
    const theirs = all.find((i) => i.text === "theirs");
    const refused = await decide(tokens.annOwner, "reject", [
      { kind: "tag", id: own.items[0].id },
      { kind: "tag", id: theirs?.id },
    ]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("not_yours");
    // Nothing was decided: all or nothing.
    expect((await queue(tokens.annOwner)).json().total).toBe(1);
    const rejected = await decide(tokens.annOwner, "reject", [{ kind: "tag", id: own.items[0].id }]);
    expect(rejected.json().results).toEqual([{ kind: "tag", id: own.items[0].id, status: "rejected" }]);
    const { rows } = await sql`SELECT decided_as FROM moderation_decisions`.execute(t.db);
    expect(rows).toEqual([{ decided_as: "performer" }]);
  });

  it("answers an unknown item 404 and decides nothing", async () => {
    await suggest("ann", "real");
    const [item] = (await queue(tokens.moderator)).json().items;
    const answer = await decide(tokens.moderator, "approve", [item, { kind: "summary", id: 999999 }]);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toEqual({
      status: 404,
      code: "unknown_item",
      message: "there is no summary 999999 to review",
    });
    expect((await queue(tokens.moderator)).json().total).toBe(1);
  });

  it("merges a summary undone back into the same text that arrived again meanwhile", async () => {
    const text = { performer: "ann", suggested_summary: "Sings opera on Sundays" };
    await site.post("/v1/summary_suggestion", text);
    const [item] = (await queue(tokens.moderator)).json().items;
    await decide(tokens.moderator, "reject", [{ kind: item.kind, id: item.id }]);
    await site.post("/v1/summary_suggestion", text);
    await site.post("/v1/summary_suggestion", text);
    expect(
      (await site.post("/v1/moderation/undo", { kind: "summary", id: item.id }, { token: tokens.moderator }))
        .statusCode,
    ).toBe(200);
    const items = (await queue(tokens.moderator)).json().items;
    expect(items.map((i: { id: number; times: number }) => [i.id, i.times])).toEqual([[item.id, 3]]);
  });
});
