import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_TOKEN_KEY, accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { DIGEST_SCOPE, signAlertToken } from "../../lists/alert-token.ts";
import { SMALL_FORM_POLICY } from "../../site/content-security-policy.ts";
import { INVALID_UNSUBSCRIBE_LINK, UNSUBSCRIBED_FROM_DIGEST, UNSUBSCRIBED_FROM_LIST } from "./list-alerts.ts";
import { UNSUBSCRIBE_BUTTON } from "./list-alerts-page.ts";
import { LIST_NOT_FOUND } from "./lists.ts";

/**
 * The go-live alerts' calls (issue 18, decision 0020): a watcher's choice per list, and the mails'
 * unsubscribe link: RFC 8058's one-click POST without sign-in, a page for people, and a forged
 * token refused.
 */
describe("go-live alerts: the calls", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let ann: { token: string; id: string };
  let bob: { token: string; id: string };
  let annPrivate: string;
  let annPublic: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db);
    const signedIn = async (email: string) => {
      await site.confirmedAccount(email);
      const { token } = await site.signedIn(email);
      const { id } = await t.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      return { token, id };
    };
    ann = await signedIn("ann@example.com");
    bob = await signedIn("bob@example.com");
    const create = async (name: string, isPublic: boolean) =>
      (await site.post("/v1/list_create", { name, isPublic }, { token: ann.token })).json().listId as string;
    annPrivate = await create("Private", false);
    annPublic = await create("Public", true);
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });

  const choose = (token: string, listId: string, alerts: unknown) =>
    site.post("/v1/list_alerts", { listId, alerts }, { token });
  const choices = async (token: string) => (await site.get("/v1/list_alerts", token)).json();

  it("sets a watcher's choice on a list they may see, watching it, and lists the choices", async () => {
    const set = await choose(bob.token, annPublic, "each");
    expect(set.statusCode).toBe(200);
    expect(set.headers["cache-control"]).toBe("private, no-store");
    expect(set.json()).toEqual({ listId: annPublic, watching: true, alerts: "each" });
    expect(await choices(bob.token)).toEqual({ alerts: { [annPublic]: "each" } });
    expect((await choose(bob.token, annPublic, "digest")).json().alerts).toBe("digest");
    expect(await choices(bob.token)).toEqual({ alerts: { [annPublic]: "digest" } });

    // Another's private list is a 404, as an unknown one.
    const hidden = await choose(bob.token, annPrivate, "each");
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toMatchObject({ code: "list_not_found", message: LIST_NOT_FOUND });
    expect((await choose(bob.token, "Zzzzzzzzzzzz", "each")).statusCode).toBe(404);

    expect((await choose(ann.token, annPrivate, "each")).statusCode).toBe(200);
    expect(await choices(ann.token)).toEqual({ alerts: { [annPrivate]: "each" } });
  });

  it("refuses a bad choice or list id, and callers without a token", async () => {
    const bad = await choose(bob.token, annPublic, "sometimes");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      parameter: "alerts",
      message: 'alerts: expected alerts: "off", "each" or "digest"',
    });
    expect((await choose(bob.token, "../etc", "each")).json().error.parameter).toBe("listId");
    expect((await site.post("/v1/list_alerts", { listId: annPublic, alerts: "off" })).statusCode).toBe(401);
    expect((await site.get("/v1/list_alerts")).statusCode).toBe(401);
  });

  const unsubscribeUrl = (userId: string, scope: string) =>
    `/v1/list_alerts/unsubscribe?token=${signAlertToken(ALERT_TOKEN_KEY, { userId, scope })}`;
  const oneClick = (url: string, contentType = "application/x-www-form-urlencoded") =>
    site.app.inject({
      method: "POST",
      url,
      headers: { "content-type": contentType },
      payload: contentType.startsWith("multipart/")
        ? '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n'
        : "List-Unsubscribe=One-Click",
    });

  it("turns a list's alerts off with the mail's one-click POST, without signing in, again and again", async () => {
    await choose(bob.token, annPublic, "each");
    const url = unsubscribeUrl(bob.id, annPublic);
    const done = await oneClick(url);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ unsubscribed: true, message: UNSUBSCRIBED_FROM_LIST });
    expect(await choices(bob.token)).toEqual({ alerts: { [annPublic]: "off" } });
    // Idempotent, and a multipart body (RFC 8058's preferred form) is as good.
    expect((await oneClick(url, "multipart/form-data; boundary=b")).statusCode).toBe(200);
    expect(await choices(bob.token)).toEqual({ alerts: { [annPublic]: "off" } });
    // It touched nobody else's choice.
    expect(await choices(ann.token)).toEqual({ alerts: { [annPrivate]: "each" } });
  });

  it("turns every daily digest off with a digest mail's link", async () => {
    await choose(ann.token, annPrivate, "digest");
    await choose(ann.token, annPublic, "digest");
    const done = await oneClick(unsubscribeUrl(ann.id, DIGEST_SCOPE));
    expect(done.json()).toEqual({ unsubscribed: true, message: UNSUBSCRIBED_FROM_DIGEST });
    expect(await choices(ann.token)).toEqual({ alerts: { [annPrivate]: "off", [annPublic]: "off" } });
  });

  it("refuses a forged or cut token with a clear 400, and a missing one", async () => {
    await choose(bob.token, annPublic, "each");
    // Bob's signature on Ann's id: not Ann's link.
    const forged = unsubscribeUrl(bob.id, annPublic).replace(bob.id, ann.id);
    for (const url of [
      forged,
      unsubscribeUrl(bob.id, annPublic).slice(0, -2),
      "/v1/list_alerts/unsubscribe?token=x",
    ]) {
      const refused = await oneClick(url);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual({
        status: 400,
        code: "invalid_token",
        parameter: "token",
        message: INVALID_UNSUBSCRIBE_LINK,
      });
    }
    expect((await oneClick("/v1/list_alerts/unsubscribe")).json().error.parameter).toBe("token");
    expect(await choices(bob.token)).toEqual({ alerts: { [annPublic]: "each" } });
  });

  it("shows people a page whose button posts the one click, and changes nothing on GET", async () => {
    const url = unsubscribeUrl(bob.id, annPublic);
    const page = await site.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["content-security-policy"]).toBe(SMALL_FORM_POLICY);
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.body).toContain(`<form method="post" action="${url}">`);
    expect(page.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(page.body).toContain(`<button type="submit">${UNSUBSCRIBE_BUTTON}</button>`);
    expect(page.body).not.toContain("<script");
    expect(await choices(bob.token)).toEqual({ alerts: { [annPublic]: "each" } });

    // The button, as a browser sends it: a form, asking for a page back.
    const done = await site.app.inject({
      method: "POST",
      url,
      headers: { accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("<h1>Unsubscribed</h1>");
    expect(await choices(bob.token)).toEqual({ alerts: { [annPublic]: "off" } });

    const invalid = await site.app.inject({
      method: "GET",
      url: url.replace(bob.id, ann.id),
      headers: { accept: "text/html" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain("<h1>This link is not valid</h1>");
    expect(invalid.body).not.toContain("<form");
  });

  it("answers hostile input with a 4xx, never a 500, and changes nothing it should not", async () => {
    const before = await choices(bob.token);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ listId: fc.string(), alerts: fc.anything() }, { requiredKeys: [] }),
          fc.record({
            listId: fc.constant(annPrivate),
            alerts: fc.constantFrom("each", "digest", "off", "ON"),
          }),
        ),
        fc.string(),
        async (payload, token) => {
          const set = await site.app.inject({
            method: "POST",
            url: "/v1/list_alerts",
            payload: JSON.stringify(payload),
            headers: { "content-type": "application/json", authorization: `Bearer ${bob.token}` },
          });
          expect(set.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
          expect(set.statusCode, JSON.stringify(payload)).toBeLessThan(500);
          const unsubscribe = await site.app.inject({
            method: "POST",
            url: `/v1/list_alerts/unsubscribe?token=${encodeURIComponent(token)}`,
            payload: typeof payload === "string" ? payload : JSON.stringify(payload),
            headers: { "content-type": "application/x-www-form-urlencoded" },
          });
          expect(unsubscribe.statusCode, token).toBe(400);
        },
      ),
      { numRuns: 150 },
    );
    expect(await choices(bob.token)).toEqual(before);
  });
});
