import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite, ORIGIN, PASSWORD, refreshCookieOf } from "../../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from "../../../identity/password-rules.ts";
import { NOT_CONFIRMED, SIGN_UP_ACCEPTED, WRONG_CREDENTIALS } from "./auth-routes.ts";

/**
 * Issue 17's identity layer through the app: sign-up confirmed by mail, sign-in, the identity
 * token on an authenticated call, the refresh cookie rotated on every use with theft detection,
 * sign-out (decision 0018).
 */
describe("accounts: /v1/auth and /v1/user_info", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db);
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });

  const userInfo = (token?: string) => site.get("/v1/user_info", token);
  const refresh = (cookie?: string) =>
    site.post("/v1/auth/refresh", undefined, cookie === undefined ? {} : { cookie });

  it("signs up with a confirmation link; no sign-in before it is followed; the link works once", async () => {
    const response = await site.signUp("ann@example.com");
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: SIGN_UP_ACCEPTED });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(site.mail.at(-1)).toMatchObject({ to: "ann@example.com", kind: "verify-email" });
    const link = site.lastLinkTo("ann@example.com");
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/v1/auth/verify-email`);

    const early = await site.signIn("ann@example.com");
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toMatchObject({ code: "email_not_confirmed", message: NOT_CONFIRMED });

    const first = await site.follow(link);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe("/settings?email=verified");
    expect((await site.follow(link)).headers.location).toBe("/settings?email=already-used");
    const forged = await site.get("/v1/auth/verify-email?token=abcdefghijklmnopqrstuvwxyz");
    expect(forged.headers.location).toBe("/settings?email=invalid");
    expect((await site.signIn("ann@example.com")).statusCode).toBe(200);
  });

  it("answers a sign-up of a known address exactly like a new one, and tells the address's owner", async () => {
    await site.confirmedAccount("bea@example.com");
    const before = site.mail.length;
    const again = await site.signUp("bea@example.com", "another-long-passphrase");
    const fresh = await site.signUp("cat@example.com", "another-long-passphrase");
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.body).toBe(fresh.body);
    expect(site.mail.slice(before).map((m) => [m.to, m.kind])).toEqual([
      ["bea@example.com", "existing-account"],
      ["cat@example.com", "verify-email"],
    ]);
    // The known account's password did not change.
    expect((await site.signIn("bea@example.com")).statusCode).toBe(200);
    expect((await site.signIn("bea@example.com", "another-long-passphrase")).statusCode).toBe(401);
  });

  it("refuses short, common and malformed input with a clear 400 and stores nothing", async () => {
    const before = site.mail.length;
    const short = await site.signUp("dan@example.com", "short7!");
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ code: "weak_password", message: PASSWORD_TOO_SHORT });
    expect((await site.signUp("dan@example.com", "password1")).json().error.message).toBe(
      PASSWORD_TOO_COMMON,
    );
    expect((await site.signUp("not-an-address")).statusCode).toBe(400);
    expect((await site.post("/v1/auth/sign-up", { email: "dan@example.com" })).statusCode).toBe(400);
    expect((await site.post("/v1/auth/sign-in", ["not", "an", "object"])).statusCode).toBe(400);
    expect(site.mail.length).toBe(before);
    const { rows } = await t.pool.query(
      "SELECT count(*)::int AS n FROM users WHERE email = 'dan@example.com'",
    );
    expect(rows[0].n).toBe(0);
  });

  it("signs in with a token for the API and a refresh cookie scoped to /v1/auth; one answer for a wrong address or password", async () => {
    await site.confirmedAccount("eve@example.com");
    const wrongPassword = await site.signIn("eve@example.com", "not-her-password");
    const unknown = await site.signIn("nobody@example.com");
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknown.body);
    expect(wrongPassword.json().error.message).toBe(WRONG_CREDENTIALS);

    const response = await site.signIn("eve@example.com");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.email).toBe("eve@example.com");
    expect(body.expiresAt - Math.floor(site.clock.now / 1000)).toBe(3600);
    const { pair, attributes } = refreshCookieOf(response);
    expect(pair).toMatch(/^cs_refresh=[A-Za-z0-9_-]{43}$/);
    expect(attributes).toEqual(expect.arrayContaining(["Path=/v1/auth", "HttpOnly", "SameSite=Strict"]));

    const info = await userInfo(body.token);
    expect(info.statusCode).toBe(200);
    expect(info.headers["cache-control"]).toBe("private, no-store");
    expect(info.json()).toEqual({
      userInfo: {
        accountVerifiedForPerformer: null,
        verifiedPerformers: [],
        watchedLists: [],
        lastActivityTime: expect.any(String),
      },
      ownedLists: [],
      allLists: [],
    });
    expect((await userInfo()).statusCode).toBe(401);
    expect((await userInfo("not.a.token")).statusCode).toBe(401);
    expect((await userInfo(`${body.token.slice(0, -4)}AAAA`)).statusCode).toBe(401);
  });

  it("rotates the refresh cookie on every use, and ends the sign-in when an old one comes back", async () => {
    await site.confirmedAccount("fay@example.com");
    const first = refreshCookieOf(await site.signIn("fay@example.com")).pair;
    const r1 = await refresh(first);
    expect(r1.statusCode).toBe(200);
    const second = refreshCookieOf(r1).pair;
    expect(second).not.toBe(first);
    const r2 = await refresh(second);
    const third = refreshCookieOf(r2).pair;
    const token = r2.json().token;
    expect((await userInfo(token)).statusCode).toBe(200);

    // The value just replaced, presented at once: another tab's refresh, not theft.
    expect((await refresh(second)).statusCode).toBe(409);
    // One replaced twice over is theft: the whole family ends, the thief's and the owner's.
    const stolen = await refresh(first);
    expect(stolen.statusCode).toBe(401);
    expect(refreshCookieOf(stolen).attributes).toContain("Max-Age=0");
    expect((await refresh(third)).statusCode).toBe(401);
    expect((await userInfo(token)).statusCode).toBe(401);
    expect((await refresh()).statusCode).toBe(401);
  });

  it("signs out: the cookie is cleared, and neither it nor the token works again", async () => {
    await site.confirmedAccount("gus@example.com");
    const { token, cookie } = await site.signedIn("gus@example.com");
    const out = await site.post("/v1/auth/sign-out", undefined, { cookie });
    expect(out.statusCode).toBe(204);
    expect(refreshCookieOf(out).attributes).toContain("Max-Age=0");
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await userInfo(token)).statusCode).toBe(401);
  });

  it("lets an identity token lapse after an hour", async () => {
    await site.confirmedAccount("hal@example.com");
    const { token } = await site.signedIn("hal@example.com");
    expect((await userInfo(token)).statusCode).toBe(200);
    site.clock.now += 3601_000;
    expect((await userInfo(token)).statusCode).toBe(401);
  });

  it("publishes the public keys that sign the tokens", async () => {
    const response = await site.get("/v1/auth/jwks");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    const { keys } = response.json();
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: "OKP", crv: "Ed25519" });
      expect(key).not.toHaveProperty("d");
    }
  });

  it("never lets a sign-in's cookie reach a page: it is scoped to /v1/auth", async () => {
    await site.confirmedAccount("ida@example.com");
    const { attributes } = refreshCookieOf(await site.signIn("ida@example.com", PASSWORD));
    expect(attributes.filter((a) => a.startsWith("Path="))).toEqual(["Path=/v1/auth"]);
  });
});
