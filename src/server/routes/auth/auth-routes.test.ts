import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { createAuth } from "../../../identity/auth.ts";
import { createIdentity } from "../../../identity/identity.ts";
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from "../../../identity/password-rules.ts";
import type { Mailer } from "../../../mail/mailer.ts";
import type { OutgoingMail } from "../../../mail/outgoing-mail.ts";
import { NOT_CONFIRMED, SIGN_UP_ACCEPTED, WRONG_CREDENTIALS } from "./auth-routes.ts";

/**
 * Issue 17's identity layer through the app: sign-up confirmed by mail, sign-in, the identity
 * token on an authenticated call, the refresh cookie rotated on every use with theft detection,
 * sign-out (decision 0018).
 */

const ORIGIN = "http://camstats.test";
const PASSWORD = "orchid-lantern-42";

describe("accounts: /v1/auth and /v1/user_info", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let clock = Date.now();
  const mail: OutgoingMail[] = [];
  const mailer: Mailer = {
    async send(message) {
      mail.push(message);
      return `<${mail.length}@camstats.test>`;
    },
    async close() {},
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    const auth = createAuth({
      db: t.db,
      secret: "s".repeat(48),
      origin: ORIGIN,
      mailer,
      siteName: "camstats",
    });
    app = testApp(t.db, { identity: createIdentity(t.db, auth, () => clock) });
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const post = (url: string, payload?: unknown, cookie?: string) =>
    app.inject({
      method: "POST",
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: cookie === undefined ? {} : { cookie },
    });
  const userInfo = (token?: string) =>
    app.inject({
      method: "GET",
      url: "/v1/user_info",
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
  /** The refresh cookie a response set, as a Cookie header's part, and its attributes. */
  const refreshCookieOf = (response: LightMyRequestResponse) => {
    const all = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
    expect(all).toHaveLength(1);
    const [pair = "", ...attributes] = (all[0] as string).split("; ");
    return { pair, attributes };
  };
  const lastLinkTo = (address: string) => {
    const message = mail.filter((m) => m.to === address).at(-1);
    const link = /https?:\/\/\S+/.exec(message?.text ?? "")?.[0];
    if (link === undefined) throw new Error(`no link mailed to ${address}`);
    return new URL(link);
  };
  const signUp = (email: string, password = PASSWORD) => post("/v1/auth/sign-up", { email, password });
  const signIn = (email: string, password = PASSWORD) => post("/v1/auth/sign-in", { email, password });
  async function confirmedAccount(email: string) {
    expect((await signUp(email)).statusCode).toBe(202);
    const link = lastLinkTo(email);
    expect((await app.inject({ method: "GET", url: `${link.pathname}${link.search}` })).statusCode).toBe(303);
  }

  it("signs up with a confirmation link; no sign-in before it is followed; the link works once", async () => {
    const response = await signUp("ann@example.com");
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: SIGN_UP_ACCEPTED });
    expect(response.headers["cache-control"]).toBe("no-store");
    const sent = mail.at(-1);
    expect(sent).toMatchObject({ to: "ann@example.com", kind: "verify-email" });
    const link = lastLinkTo("ann@example.com");
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/v1/auth/verify-email`);

    const early = await signIn("ann@example.com");
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toMatchObject({ code: "email_not_confirmed", message: NOT_CONFIRMED });

    const follow = () => app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    const first = await follow();
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe("/settings?email=verified");
    expect((await follow()).headers.location).toBe("/settings?email=already-used");
    const forged = await app.inject({
      method: "GET",
      url: "/v1/auth/verify-email?token=abcdefghijklmnopqrstuvwxyz",
    });
    expect(forged.headers.location).toBe("/settings?email=invalid");
    expect((await signIn("ann@example.com")).statusCode).toBe(200);
  });

  it("answers a sign-up of a known address exactly like a new one, and tells the address's owner", async () => {
    await confirmedAccount("bea@example.com");
    const before = mail.length;
    const again = await signUp("bea@example.com", "another-long-passphrase");
    const fresh = await signUp("cat@example.com", "another-long-passphrase");
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.body).toBe(fresh.body);
    expect(mail.slice(before).map((m) => [m.to, m.kind])).toEqual([
      ["bea@example.com", "existing-account"],
      ["cat@example.com", "verify-email"],
    ]);
    // The known account's password did not change.
    expect((await signIn("bea@example.com")).statusCode).toBe(200);
    expect((await signIn("bea@example.com", "another-long-passphrase")).statusCode).toBe(401);
  });

  it("refuses short, common and malformed input with a clear 400 and stores nothing", async () => {
    const before = mail.length;
    const short = await signUp("dan@example.com", "short7!");
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ code: "weak_password", message: PASSWORD_TOO_SHORT });
    expect((await signUp("dan@example.com", "password1")).json().error.message).toBe(PASSWORD_TOO_COMMON);
    expect((await signUp("not-an-address", PASSWORD)).statusCode).toBe(400);
    expect((await post("/v1/auth/sign-up", { email: "dan@example.com" })).statusCode).toBe(400);
    expect((await post("/v1/auth/sign-in", ["not", "an", "object"])).statusCode).toBe(400);
    expect(mail.length).toBe(before);
    const { rows } = await t.pool.query(
      "SELECT count(*)::int AS n FROM users WHERE email = 'dan@example.com'",
    );
    expect(rows[0].n).toBe(0);
  });

  it("signs in with a token for the API and a refresh cookie scoped to /v1/auth; one answer for a wrong address or password", async () => {
    await confirmedAccount("eve@example.com");
    const wrongPassword = await signIn("eve@example.com", "not-her-password");
    const unknown = await signIn("nobody@example.com");
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknown.body);
    expect(wrongPassword.json().error.message).toBe(WRONG_CREDENTIALS);

    const response = await signIn("eve@example.com");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.email).toBe("eve@example.com");
    expect(body.expiresAt - Math.floor(clock / 1000)).toBe(3600);
    const { pair, attributes } = refreshCookieOf(response);
    expect(pair).toMatch(/^cs_refresh=[A-Za-z0-9_-]{43}$/);
    expect(attributes).toEqual(expect.arrayContaining(["Path=/v1/auth", "HttpOnly", "SameSite=Strict"]));

    const info = await userInfo(body.token);
    expect(info.statusCode).toBe(200);
    expect(info.headers["cache-control"]).toBe("private, no-store");
    expect(info.json()).toEqual({
      userInfo: { accountVerifiedForPerformer: null, watchedLists: [], lastActivityTime: expect.any(String) },
      ownedLists: [],
      allLists: [],
    });
    expect((await userInfo()).statusCode).toBe(401);
    expect((await userInfo("not.a.token")).statusCode).toBe(401);
    expect((await userInfo(`${body.token.slice(0, -4)}AAAA`)).statusCode).toBe(401);
  });

  it("rotates the refresh cookie on every use, and ends the sign-in when an old one comes back", async () => {
    await confirmedAccount("fay@example.com");
    const first = refreshCookieOf(await signIn("fay@example.com")).pair;
    const r1 = await post("/v1/auth/refresh", undefined, first);
    expect(r1.statusCode).toBe(200);
    const second = refreshCookieOf(r1).pair;
    expect(second).not.toBe(first);
    const r2 = await post("/v1/auth/refresh", undefined, second);
    const third = refreshCookieOf(r2).pair;
    const token = r2.json().token;
    expect((await userInfo(token)).statusCode).toBe(200);

    // The value just replaced, presented at once: another tab's refresh, not theft.
    expect((await post("/v1/auth/refresh", undefined, second)).statusCode).toBe(409);
    // One replaced twice over is theft: the whole family ends, the thief's and the owner's.
    const stolen = await post("/v1/auth/refresh", undefined, first);
    expect(stolen.statusCode).toBe(401);
    expect(refreshCookieOf(stolen).attributes).toContain("Max-Age=0");
    expect((await post("/v1/auth/refresh", undefined, third)).statusCode).toBe(401);
    expect((await userInfo(token)).statusCode).toBe(401);
    expect((await post("/v1/auth/refresh")).statusCode).toBe(401);
  });

  it("signs out: the cookie is cleared, and neither it nor the token works again", async () => {
    await confirmedAccount("gus@example.com");
    const response = await signIn("gus@example.com");
    const cookie = refreshCookieOf(response).pair;
    const { token } = response.json();
    const out = await post("/v1/auth/sign-out", undefined, cookie);
    expect(out.statusCode).toBe(204);
    expect(refreshCookieOf(out).attributes).toContain("Max-Age=0");
    expect((await post("/v1/auth/refresh", undefined, cookie)).statusCode).toBe(401);
    expect((await userInfo(token)).statusCode).toBe(401);
  });

  it("lets an identity token lapse after an hour", async () => {
    await confirmedAccount("hal@example.com");
    const { token } = (await signIn("hal@example.com")).json();
    expect((await userInfo(token)).statusCode).toBe(200);
    clock += 3601_000;
    expect((await userInfo(token)).statusCode).toBe(401);
  });

  it("publishes the public keys that sign the tokens", async () => {
    const response = await app.inject({ method: "GET", url: "/v1/auth/jwks" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    const { keys } = response.json();
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: "OKP", crv: "Ed25519" });
      expect(key).not.toHaveProperty("d");
    }
  });
});
