import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { recordingMailer } from "../../../../tests/helpers/recording-mailer.ts";
import { createAuth } from "../../../identity/auth.ts";
import { type GoogleStandIn, startGoogleStandIn } from "../../../identity/google-stand-in.ts";
import { createIdentity, type Identity } from "../../../identity/identity.ts";

/**
 * Issue 17's Google sign-in through the app, against the sandbox's stand-in for Google over real
 * HTTP (decision 0019): the start, the stand-in's login page, better-auth's callback, our finish and
 * the first refresh; the linking rules; and the failures, which store nothing and say why.
 */

const ORIGIN = "http://camstats.test";
const PASSWORD = "orchid-lantern-42";

/** The Cookie header's part for each cookie a response set (a cleared one left out). */
const cookiesOf = (response: LightMyRequestResponse): string[] =>
  ([] as string[])
    .concat(response.headers["set-cookie"] ?? [])
    .filter((cookie) => !/Max-Age=0/i.test(cookie))
    .map((cookie) => cookie.split(";")[0] as string);

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === "amp" ? "&" : name === "lt" ? "<" : name === "gt" ? ">" : name === "quot" ? '"' : "'",
  );

describe("Google sign-in: /v1/auth/google/* against the sandbox's stand-in", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let identity: Identity;
  let standIn: GoogleStandIn;
  const { mailer, mail } = recordingMailer();

  beforeAll(async () => {
    t = await createTestDatabase();
    // Before the auth: better-auth reads the provider's discovery document when it is created.
    standIn = await startGoogleStandIn({ redirectUri: `${ORIGIN}/v1/auth/callback/google` });
    const auth = createAuth({
      db: t.db,
      secret: "s".repeat(48),
      origin: ORIGIN,
      mailer,
      siteName: "camstats",
      google: { issuer: standIn.issuer, clientId: standIn.clientId, clientSecret: standIn.clientSecret },
    });
    identity = createIdentity(t.db, auth);
    app = testApp(t.db, { identity, googleSignIn: "sandbox" });
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
    await t?.drop();
  });

  const count = async (table: string, where = "true") =>
    (await t.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`)).rows[0].n as number;

  /** Start: a redirect to the stand-in's authorize endpoint, with better-auth's state cookie. */
  async function start() {
    const response = await app.inject({ method: "GET", url: "/v1/auth/google/start" });
    expect(response.statusCode).toBe(302);
    const authorize = new URL(response.headers.location as string);
    return { authorize, cookies: cookiesOf(response) };
  }

  /** At the stand-in: its login page, then its form as a browser submits it; the redirect back to the site. */
  async function chooseAtStandIn(authorize: URL, email: string, verified: boolean): Promise<URL> {
    const page = await fetch(authorize, { redirect: "manual" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("sandbox stand-in");
    expect(html).toContain("not Google");
    const hidden = /name="authorize" value="([^"]*)"/.exec(html)?.[1];
    expect(hidden).toBeDefined();
    const chosen = await fetch(new URL("/authorize", standIn.issuer), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        authorize: unescapeHtml(hidden as string),
        email,
        verified: verified ? "yes" : "no",
        action: "sign-in",
      }),
    });
    expect(chosen.status).toBe(303);
    const granted = await fetch(new URL(chosen.headers.get("location") as string, standIn.issuer), {
      redirect: "manual",
    });
    expect(granted.status).toBe(302);
    return new URL(granted.headers.get("location") as string);
  }

  /** The whole flow as a browser runs it; the final redirect, and the cookies the site holds then. */
  async function signInWithGoogle(email: string, verified = true) {
    const { authorize, cookies } = await start();
    const back = await chooseAtStandIn(authorize, email, verified);
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/v1/auth/callback/google`);
    const callback = await app.inject({
      method: "GET",
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookies.join("; ") },
    });
    expect(callback.statusCode).toBe(302);
    const next = new URL(callback.headers.location as string, ORIGIN);
    if (next.pathname !== "/v1/auth/google/finish") {
      // A failure: better-auth's redirect to ours, which names the reason for the account page.
      expect(next.pathname).toBe("/v1/auth/google/failed");
      expect(cookiesOf(callback).some((c) => c.startsWith("cs.session_token="))).toBe(false);
      const failed = await app.inject({ method: "GET", url: `${next.pathname}${next.search}` });
      return { location: new URL(failed.headers.location as string, ORIGIN), refresh: undefined };
    }
    const finish = await app.inject({
      method: "GET",
      url: next.pathname,
      headers: { cookie: [...cookies, ...cookiesOf(callback)].join("; ") },
    });
    const refresh = cookiesOf(finish).find((c) => c.startsWith("cs_refresh="));
    return { location: new URL(finish.headers.location as string, ORIGIN), refresh, finish, callback };
  }

  /** The page's first call after the redirect: a token for the refresh cookie. */
  const tokenFor = async (refresh: string | undefined) => {
    const response = await app.inject({
      method: "POST",
      url: "/v1/auth/refresh",
      headers: { cookie: refresh },
    });
    expect(response.statusCode).toBe(200);
    return response.json().token as string;
  };
  const userInfoStatus = async (token: string) =>
    (
      await app.inject({
        method: "GET",
        url: "/v1/user_info",
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;

  async function passwordAccount(email: string, confirm: boolean) {
    const signUp = await app.inject({
      method: "POST",
      url: "/v1/auth/sign-up",
      payload: { email, password: PASSWORD },
    });
    expect(signUp.statusCode).toBe(202);
    // The sign-up answers at its floor; on a loaded machine its mail can leave after.
    await identity.settled();
    if (!confirm) return;
    const text = mail.filter((m) => m.to === email).at(-1)?.text ?? "";
    const link = new URL(/https?:\/\/\S+/.exec(text)?.[0] as string);
    const followed = await app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(followed.headers.location).toBe("/settings?email=verified");
  }
  const providersOf = async (email: string) =>
    (
      await t.pool.query(
        "SELECT a.provider_id FROM auth_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1 ORDER BY 1",
        [email],
      )
    ).rows.map((r) => r.provider_id as string);

  it("signs a new person in: our refresh cookie, better-auth's cleared, a token that works", async () => {
    const { location, refresh, finish, callback } = await signInWithGoogle("gia@example.com");
    expect(location.pathname + location.search).toBe("/settings?signin=google");
    expect(finish?.statusCode).toBe(303);
    expect(refresh).toMatch(/^cs_refresh=[A-Za-z0-9_-]{43}$/);
    const set = ([] as string[]).concat(finish?.headers["set-cookie"] ?? []);
    expect(set.find((c) => c.startsWith("cs_refresh="))).toMatch(
      /Path=\/v1\/auth; HttpOnly; SameSite=Strict/,
    );
    // better-auth's session cookie lived for one hop and is cleared.
    expect(cookiesOf(callback as LightMyRequestResponse).some((c) => c.startsWith("cs.session_token="))).toBe(
      true,
    );
    expect(set.some((c) => c.startsWith("cs.session_token=;") && /Max-Age=0/.test(c))).toBe(true);
    expect(finish?.headers["cache-control"]).toBe("no-store");

    const token = await tokenFor(refresh);
    expect(await userInfoStatus(token)).toBe(200);
    const { rows } = await t.pool.query(
      "SELECT id, email_verified FROM users WHERE email = 'gia@example.com'",
    );
    expect(rows).toEqual([{ id: decodeJwt(token).sub, email_verified: true }]);
    expect(await providersOf("gia@example.com")).toEqual(["google"]);
    // Google's tokens are not kept.
    expect(
      await count(
        "auth_accounts",
        "provider_id = 'google' AND (access_token IS NOT NULL OR refresh_token IS NOT NULL OR id_token IS NOT NULL)",
      ),
    ).toBe(0);

    // The same Google account again: the same person, a second refresh family.
    const again = await signInWithGoogle("gia@example.com");
    expect(decodeJwt(await tokenFor(again.refresh)).sub).toBe(rows[0].id);
  });

  it("links to a verified password account of the same address: one person, two ways in", async () => {
    await passwordAccount("hugo@example.com", true);
    const password = await app.inject({
      method: "POST",
      url: "/v1/auth/sign-in",
      payload: { email: "hugo@example.com", password: PASSWORD },
    });
    const userId = password.json().user.id;
    const { location, refresh } = await signInWithGoogle("hugo@example.com");
    expect(location.pathname).toBe("/settings");
    expect(decodeJwt(await tokenFor(refresh)).sub).toBe(userId);
    expect(await providersOf("hugo@example.com")).toEqual(["credential", "google"]);
    // The owner hears of the new way in (ASVS V2.2.3); a new person signing up with Google does not.
    expect(mail.filter((m) => m.to === "hugo@example.com").map((m) => [m.kind, m.subject])).toEqual([
      ["verify-email", "Confirm your e-mail address for camstats"],
      ["google-added", "Google sign-in was added to your camstats account"],
    ]);
    expect(mail.some((m) => m.kind === "google-added" && m.to !== "hugo@example.com")).toBe(false);
  });

  it("does not link to an unconfirmed password account: no session, the reason said", async () => {
    await passwordAccount("ivy@example.com", false);
    const sessions = await count("auth_sessions");
    const { location, refresh } = await signInWithGoogle("ivy@example.com");
    expect(refresh).toBeUndefined();
    expect(location.pathname + location.search).toBe(
      "/settings?signin=google-failed&reason=account_not_linked",
    );
    expect(await providersOf("ivy@example.com")).toEqual(["credential"]);
    expect(await count("auth_sessions")).toBe(sessions);
  });

  it("gives no session to an address Google has not verified", async () => {
    const sessions = await count("auth_sessions");
    const { location, refresh } = await signInWithGoogle("jon@example.com", false);
    expect(refresh).toBeUndefined();
    expect(location.pathname + location.search).toBe(
      "/settings?signin=google-failed&reason=email_not_verified",
    );
    expect(await count("auth_sessions")).toBe(sessions);
    expect(await count("users", "email = 'jon@example.com' AND email_verified")).toBe(0);
  });

  it("refuses a callback without its state cookie, or with a state of its own: nothing stored", async () => {
    const before = [await count("users"), await count("auth_sessions"), await count("auth_accounts")];
    // No cookie: a callback the browser did not start (login CSRF).
    const first = await start();
    const back = await chooseAtStandIn(first.authorize, "kim@example.com", true);
    const noCookie = await app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
    expect(noCookie.statusCode).toBe(302);
    expect(noCookie.headers.location).toMatch(/\/v1\/auth\/google\/failed\?error=state_mismatch$/);
    const failed = new URL(noCookie.headers.location as string, ORIGIN);
    const landed = await app.inject({ method: "GET", url: `${failed.pathname}${failed.search}` });
    expect(landed.headers.location).toBe("/settings?signin=google-failed&reason=state_mismatch");

    // A state tampered with, with the right cookie.
    const second = await start();
    const back2 = await chooseAtStandIn(second.authorize, "kim@example.com", true);
    back2.searchParams.set("state", `${back2.searchParams.get("state")}x`);
    const tampered = await app.inject({
      method: "GET",
      url: `${back2.pathname}${back2.search}`,
      headers: { cookie: second.cookies.join("; ") },
    });
    expect(tampered.statusCode).toBe(302);
    expect(tampered.headers.location).toContain("/v1/auth/google/failed?error=");
    expect(cookiesOf(tampered).some((c) => c.startsWith("cs.session_token="))).toBe(false);

    // No state at all.
    const none = await app.inject({ method: "GET", url: "/v1/auth/callback/google?code=abc" });
    expect(none.headers.location).toMatch(/\/v1\/auth\/google\/failed\?error=state_not_found$/);

    expect([await count("users"), await count("auth_sessions"), await count("auth_accounts")]).toEqual(
      before,
    );
  });

  it("finishes only with a session of better-auth's, and only once", async () => {
    const { authorize, cookies } = await start();
    const back = await chooseAtStandIn(authorize, "lea@example.com", true);
    const callback = await app.inject({
      method: "GET",
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookies.join("; ") },
    });
    const session = cookiesOf(callback).join("; ");
    const finish = () =>
      app.inject({ method: "GET", url: "/v1/auth/google/finish", headers: { cookie: session } });
    expect((await finish()).headers.location).toBe("/settings?signin=google");
    const replay = await finish();
    expect(replay.headers.location).toBe("/settings?signin=google-failed&reason=no_session");
    expect(cookiesOf(replay).some((c) => c.startsWith("cs_refresh="))).toBe(false);
    const bare = await app.inject({ method: "GET", url: "/v1/auth/google/finish" });
    expect(bare.headers.location).toBe("/settings?signin=google-failed&reason=no_session");
  });

  it("sends a cancelled choice and unknown error codes to the account page", async () => {
    const { authorize, cookies } = await start();
    const page = await (await fetch(authorize)).text();
    const hidden = unescapeHtml(/name="authorize" value="([^"]*)"/.exec(page)?.[1] ?? "");
    const cancelled = await fetch(new URL("/authorize", standIn.issuer), {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ authorize: hidden, action: "cancel" }),
    });
    const back = new URL(cancelled.headers.get("location") as string);
    const callback = await app.inject({
      method: "GET",
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookies.join("; ") },
    });
    expect(callback.headers.location).toMatch(/\/v1\/auth\/google\/failed\?error=access_denied/);
    const odd = await app.inject({ method: "GET", url: "/v1/auth/google/failed?error=%3Cscript%3E" });
    expect(odd.headers.location).toBe("/settings?signin=google-failed&reason=unknown");
  });

  it("tells the pages the Google button is the sandbox's stand-in (the root loader's googleSignIn)", async () => {
    const page = await app.inject({ method: "GET", url: "/about" });
    expect(page.statusCode).toBe(200);
    // React Router's hydration data carries the root loader's answer to the browser.
    expect(page.body).toMatch(/\\?"googleSignIn\\?",\\?"sandbox\\?"/);
  });

  it("sends the start to the account page when the provider cannot be reached", async () => {
    const gone = await startGoogleStandIn({ redirectUri: `${ORIGIN}/v1/auth/callback/google` });
    await gone.close();
    const auth = createAuth({
      db: t.db,
      secret: "s".repeat(48),
      origin: ORIGIN,
      mailer,
      siteName: "camstats",
      google: { issuer: gone.issuer, clientId: gone.clientId, clientSecret: gone.clientSecret },
    });
    const unreachable = testApp(t.db, { identity: createIdentity(t.db, auth), googleSignIn: "sandbox" });
    try {
      const response = await unreachable.inject({ method: "GET", url: "/v1/auth/google/start" });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/settings?signin=google-failed&reason=unavailable");
    } finally {
      await unreachable.close();
    }
  });

  it("has no Google routes when the site has no Google client", async () => {
    const plain = testApp(t.db, {
      identity: createIdentity(
        t.db,
        createAuth({ db: t.db, secret: "s".repeat(48), origin: ORIGIN, mailer, siteName: "camstats" }),
      ),
    });
    try {
      await plain.ready();
      await app.ready();
      expect(plain.hasRoute({ method: "GET", url: "/v1/auth/google/start" })).toBe(false);
      expect(app.hasRoute({ method: "GET", url: "/v1/auth/google/start" })).toBe(true);
    } finally {
      await plain.close();
    }
  });
});
