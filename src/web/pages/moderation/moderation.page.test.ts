import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../../tests/helpers/fixtures.ts";
import { BROWSER } from "../../../../tests/helpers/page-html.ts";
import { loadConfig } from "../../../config.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

/**
 * /moderation (issue 30): a moderator's queue, server-rendered from the page's own cookie (set at
 * sign-in and each refresh, decision 0041), never cached, noindex; for anyone else the site's 404
 * page. Its forms post to /moderation and come back to it, so it works without scripts.
 */
describe("the moderation page", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let moderatorCookie = "";
  let fanCookie = "";

  const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
    ([] as string[])
      .concat(setCookie ?? [])
      .find((c) => c.startsWith(`${name}=`))
      ?.split(";")[0] ?? "";

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    site = accountsSite(t.db, {
      config: loadConfig({ PLATFORM_NAME: "TestCams", MODERATOR_EMAILS: "mod@example.com" }),
      pageCache: { keepFirstRender: true },
    });
    await insertPerformer(t.db, { username: "ann" });
    await site.confirmedAccount("mod@example.com");
    await site.confirmedAccount("fan@example.com");
    const signIn = await site.signIn("mod@example.com");
    expect(signIn.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(signIn.headers["set-cookie"] ?? []);
    const moderation = setCookie.find((c) => c.startsWith("cs_moderation="));
    expect(moderation).toMatch(/; Path=\/moderation; HttpOnly; SameSite=Strict; Max-Age=2592000$/);
    moderatorCookie = cookieOf(setCookie, "cs_moderation");
    const fan = await site.signIn("fan@example.com");
    expect(cookieOf(fan.headers["set-cookie"], "cs_moderation")).toBe("");
    fanCookie = `cs_moderation=${"x".repeat(43)}`;
    for (const tag of ["cosplay", "chess"])
      await site.post("/v1/tag_suggestion", { performer: "ann", suggested_tag: tag });
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });

  const page = (cookie?: string) =>
    site.app.inject({
      method: "GET",
      url: "/moderation",
      headers: { "user-agent": BROWSER, ...(cookie ? { cookie } : {}) },
    });
  const post = (body: string, cookie = moderatorCookie, origin?: string) =>
    site.app.inject({
      method: "POST",
      url: "/moderation",
      payload: body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie,
        host: "localhost:80",
        ...(origin ? { origin } : {}),
      },
    });

  it("shows the queue to a moderator, oldest first, never cached and noindex", async () => {
    const answer = await page(moderatorCookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.body).toContain('<meta name="robots" content="noindex"/>');
    expect(answer.body).toContain("2 waiting for review, oldest first.");
    expect(answer.body.indexOf("cosplay")).toBeLessThan(answer.body.indexOf("chess"));
    expect(answer.body).toContain("anonymous");
    // Rendered afresh each time: no page cache kept it.
    expect((await page(moderatorCookie)).headers.age).toBeUndefined();
  });

  it("is the site's 404 page to anyone else, signed out included, and never cached", async () => {
    for (const cookie of [undefined, fanCookie]) {
      const answer = await page(cookie);
      expect(answer.statusCode).toBe(404);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(answer.body).not.toContain("cosplay");
    }
    // A moderator right after: the 404 was not kept for them.
    expect((await page(moderatorCookie)).statusCode).toBe(200);
  });

  it("decides by plain form posts, one or many, and undoes", async () => {
    const ids = (
      await sql<{
        id: number;
        tag: string;
      }>`SELECT id::float8 AS id, tag FROM tag_suggestions ORDER BY id`.execute(t.db)
    ).rows;
    const [cosplay, chess] = ids;
    expect((await post(`one=approve+tag%3A${cosplay?.id}`, fanCookie)).statusCode).toBe(404);
    expect(
      (await post(`one=approve+tag%3A${cosplay?.id}`, moderatorCookie, "https://evil.example")).statusCode,
    ).toBe(404);
    const one = await post(`one=approve+tag%3A${cosplay?.id}&item=tag%3A${chess?.id}`);
    expect(one.statusCode).toBe(303);
    expect(one.headers.location).toBe("/moderation");
    const status = async () =>
      (
        await sql<{
          tag: string;
          status: string;
        }>`SELECT tag, status FROM tag_suggestions ORDER BY id`.execute(t.db)
      ).rows;
    expect(await status()).toEqual([
      { tag: "cosplay", status: "approved" },
      { tag: "chess", status: "pending" },
    ]);
    expect((await post(`action=reject&item=tag%3A${chess?.id}`)).statusCode).toBe(303);
    expect((await status()).map((r) => r.status)).toEqual(["approved", "rejected"]);
    const after = await page(moderatorCookie);
    expect(after.body).toContain("Nothing is waiting for review.");
    expect(after.body).toContain("Your latest decisions");
    await post(`action=undo&item=tag%3A${cosplay?.id}`);
    expect((await status()).map((r) => r.status)).toEqual(["pending", "rejected"]);
  });

  it("answers hostile form posts without a 5xx and decides nothing from them", async () => {
    const before = await sql`SELECT id, status FROM tag_suggestions ORDER BY id`.execute(t.db);
    for (const body of [
      "",
      "one=%ZZ",
      "one=approve",
      "one=approve+tag%3A0",
      "one=approve+tag%3A99999999999999999999",
      "one=approve+quote%3A-1",
      "action=approve&item=tag%3A1e3&item=__proto__",
      "action=%00&item=%ud800",
      `action=approve&${"item=tag%3A999&".repeat(500)}`,
      "x".repeat(20_000),
    ]) {
      const answer = await post(body);
      expect(answer.statusCode, body.slice(0, 40)).toBeLessThan(500);
    }
    const json = await site.app.inject({
      method: "POST",
      url: "/moderation",
      payload: { action: "approve" },
      headers: { cookie: moderatorCookie },
    });
    expect(json.statusCode).toBeLessThan(500);
    const bad = await post("one=approve", moderatorCookie, "not a url");
    expect(bad.statusCode).toBe(404);
    expect((await sql`SELECT id, status FROM tag_suggestions ORDER BY id`.execute(t.db)).rows).toEqual(
      before.rows,
    );
  });

  it("ends with the sign-in: signed out, the cookie opens nothing", async () => {
    const signIn = await site.signIn("mod@example.com");
    const cookie = cookieOf(signIn.headers["set-cookie"], "cs_moderation");
    const refresh = cookieOf(signIn.headers["set-cookie"], "cs_refresh");
    expect((await page(cookie)).statusCode).toBe(200);
    const out = await site.post("/v1/auth/sign-out", undefined, { cookie: refresh });
    expect(out.statusCode).toBe(204);
    expect(([] as string[]).concat(out.headers["set-cookie"] ?? []).join("\n")).toContain(
      "cs_moderation=; Path=/moderation",
    );
    expect((await page(cookie)).statusCode).toBe(404);
  });
});
