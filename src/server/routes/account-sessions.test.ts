import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite, PASSWORD, refreshCookieOf } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { pruneExpiredSessions } from "../../db/queries/account-sessions.ts";
import { FREE_FAILURES } from "../../identity/abuse-limits.ts";
import { SESSION_USE_STEP_MS } from "../../identity/identity.ts";
import { WRONG_PASSWORD } from "./account.ts";
import { NO_SUCH_SESSION, SESSIONS_PATH, SIGN_IN_AGAIN_FOR_OTHERS } from "./account-sessions.ts";

const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0";
const SAFARI_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

interface Listed {
  id: string;
  device: string | null;
  country: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/**
 * Issue 27 where it is silent, ASVS V3.3.4 (decision 0042): the signed-in person sees their
 * sessions and ends any, or all but this one with the password again; an ended session's token
 * and refresh cookie stop at once; another account's session is as unknown as none.
 */
describe("signed-in devices", () => {
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

  /** A sign-in from a given browser and address: its token and refresh cookie. */
  async function signInFrom(email: string, userAgent: string, ip: string) {
    const response = await site.app.inject({
      method: "POST",
      url: "/v1/auth/sign-in",
      remoteAddress: ip,
      headers: { "user-agent": userAgent },
      payload: { email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return { token: response.json().token as string, cookie: refreshCookieOf(response).pair };
  }
  const list = (token?: string) => site.get(SESSIONS_PATH, token);
  const sessionsOf = async (token: string) => (await list(token)).json().sessions as Listed[];
  const end = (id: string, token: string) =>
    site.app.inject({
      method: "DELETE",
      url: `${SESSIONS_PATH}/${id}`,
      remoteAddress: "10.9.9.9",
      headers: { authorization: `Bearer ${token}` },
    });
  const endOthers = (body: object, token: string, ip?: string) =>
    site.post(`${SESSIONS_PATH}/end-others`, body, { token, ...(ip === undefined ? {} : { ip }) });
  const refresh = (cookie: string) => site.post("/v1/auth/refresh", undefined, { cookie });
  const userInfo = (token: string) => site.get("/v1/user_info", token);

  it("lists each sign-in with its device, country and times, this one marked; keeps no raw client", async () => {
    await site.confirmedAccount("kim@example.com");
    const phone = await signInFrom("kim@example.com", FIREFOX_ANDROID, "8.8.8.8");
    const laptop = await signInFrom("kim@example.com", SAFARI_IOS, "10.0.0.7");
    const response = await list(phone.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const sessions = response.json().sessions as Listed[];
    expect(sessions).toEqual([
      {
        id: expect.any(String),
        device: "Firefox on Android",
        country: "US",
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        current: true,
      },
      expect.objectContaining({ device: "Safari on iOS", country: null, current: false }),
    ]);
    expect((await sessionsOf(laptop.token)).map((s) => s.device)).toEqual([
      "Safari on iOS",
      "Firefox on Android",
    ]);
    // Neither the address nor the User-Agent is kept, in any column.
    const { rows } = await t.pool.query(
      "SELECT to_jsonb(s)::text AS row FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'kim@example.com'",
    );
    expect(rows).toHaveLength(2);
    for (const { row } of rows as { row: string }[]) {
      expect(row).not.toContain("8.8.8.8");
      expect(row).not.toContain("10.0.0.7");
      expect(row).not.toContain("Gecko");
      expect(row).not.toContain("Mozilla");
    }
    // The database refuses them, whoever writes.
    await expect(t.pool.query("UPDATE auth_sessions SET ip_address = '8.8.8.8'")).rejects.toThrow(
      /auth_sessions_no_raw_client/,
    );
    const anonymous = await list();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers["cache-control"]).toBe("private, no-store");
  });

  it("ends one other session at once: its token and refresh cookie stop, this one goes on", async () => {
    await site.confirmedAccount("lea@example.com");
    const here = await signInFrom("lea@example.com", FIREFOX_ANDROID, "10.1.0.1");
    const there = await signInFrom("lea@example.com", SAFARI_IOS, "10.1.0.2");
    expect((await userInfo(there.token)).statusCode).toBe(200);
    const other = (await sessionsOf(here.token)).find((s) => !s.current) as Listed;
    const ended = await end(other.id, here.token);
    expect(ended.statusCode).toBe(204);
    expect(ended.headers["cache-control"]).toBe("private, no-store");
    expect((await userInfo(there.token)).statusCode).toBe(401);
    expect((await refresh(there.cookie)).statusCode).toBe(401);
    expect((await userInfo(here.token)).statusCode).toBe(200);
    expect((await sessionsOf(here.token)).map((s) => s.current)).toEqual([true]);
    // Ended already: as unknown as any other id.
    expect((await end(other.id, here.token)).statusCode).toBe(404);
  });

  it("answers another account's session as an unknown one, and leaves it alone", async () => {
    await site.confirmedAccount("max@example.com");
    await site.confirmedAccount("nia@example.com");
    const max = await site.signedIn("max@example.com");
    const nia = await site.signedIn("nia@example.com");
    const niaSession = (await sessionsOf(nia.token))[0] as Listed;
    const theirs = await end(niaSession.id, max.token);
    const nobodys = await end("00000000-0000-4000-8000-000000000000", max.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(nobodys.json());
    expect(theirs.json().error).toEqual({ status: 404, code: "not_found", message: NO_SUCH_SESSION });
    expect((await userInfo(nia.token)).statusCode).toBe(200);
    // Nor are another's sessions listed.
    expect((await sessionsOf(max.token)).map((s) => s.id)).not.toContain(niaSession.id);
    // A malformed id is refused before anything is looked up; no token, before anything is ended.
    expect((await end("not-a-session", max.token)).statusCode).toBe(400);
    const anonymous = await site.app.inject({ method: "DELETE", url: `${SESSIONS_PATH}/${niaSession.id}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await userInfo(nia.token)).statusCode).toBe(200);
  });

  it("ends this device's own session too, clearing its refresh cookie", async () => {
    await site.confirmedAccount("oda@example.com");
    const here = await site.signedIn("oda@example.com");
    const mine = (await sessionsOf(here.token))[0] as Listed;
    const ended = await end(mine.id, here.token);
    expect(ended.statusCode).toBe(204);
    expect(String(ended.headers["set-cookie"])).toMatch(/Max-Age=0/);
    expect((await userInfo(here.token)).statusCode).toBe(401);
  });

  it("ends all the others only with the right password, counted by the sign-in limits", async () => {
    await site.confirmedAccount("pia@example.com");
    const here = await site.signedIn("pia@example.com");
    const others = [await site.signedIn("pia@example.com"), await site.signedIn("pia@example.com")];
    const ip = "192.0.2.40";
    const wrong = await endOthers({ password: "not-her-password" }, here.token, ip);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.headers["cache-control"]).toBe("private, no-store");
    expect(wrong.json().error).toEqual({
      status: 403,
      code: "wrong_password",
      message: WRONG_PASSWORD,
      parameter: "password",
    });
    expect((await endOthers({}, here.token)).json().error.code).toBe("wrong_password");
    for (const other of others) expect((await userInfo(other.token)).statusCode).toBe(200);
    // The same pair counter as sign-in's: after the free failures, a wait, here and at sign-in.
    for (let i = 1; i < FREE_FAILURES; i++)
      expect((await endOthers({ password: `guess-${i}` }, here.token, ip)).statusCode).toBe(403);
    const over = await endOthers({ password: PASSWORD }, here.token, ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect((await site.signIn("pia@example.com", PASSWORD, ip)).statusCode).toBe(429);
    for (const other of others) expect((await userInfo(other.token)).statusCode).toBe(200);
    site.clock.now += 2_000;
    const right = await endOthers({ password: PASSWORD }, here.token, ip);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ ended: 2 });
    for (const other of others) expect((await userInfo(other.token)).statusCode).toBe(401);
    expect((await userInfo(here.token)).statusCode).toBe(200);
    expect(await sessionsOf(here.token)).toHaveLength(1);
  });

  it("asks an account without a password for a sign-in within 5 minutes instead", async () => {
    await site.confirmedAccount("rae@example.com");
    const here = await site.signedIn("rae@example.com");
    const other = await site.signedIn("rae@example.com");
    await t.pool.query(
      "UPDATE auth_accounts SET provider_id = 'google', account_id = 'google-sub-rae', password_hash = NULL WHERE user_id = (SELECT id FROM users WHERE email = 'rae@example.com')",
    );
    const signedInAgo = (ms: number) =>
      t.pool.query(
        "UPDATE auth_sessions SET created_at = $1 WHERE user_id = (SELECT id FROM users WHERE email = 'rae@example.com')",
        [new Date(site.clock.now - ms)],
      );
    expect((await endOthers({ password: PASSWORD }, here.token)).json().error.code).toBe("wrong_password");
    await signedInAgo(301_000);
    const stale = await endOthers({}, here.token);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error).toEqual({
      status: 403,
      code: "reauthentication_required",
      message: SIGN_IN_AGAIN_FOR_OTHERS,
    });
    expect((await userInfo(other.token)).statusCode).toBe(200);
    await signedInAgo(299_000);
    expect((await endOthers({}, here.token)).json()).toEqual({ ended: 1 });
    expect((await userInfo(other.token)).statusCode).toBe(401);
  });

  it("marks a session used at most once every few minutes, not on every request", async () => {
    await site.confirmedAccount("sol@example.com");
    const here = await site.signedIn("sol@example.com");
    const lastUsed = async () =>
      (
        (
          await t.pool.query(
            "SELECT last_used_at FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'sol@example.com'",
          )
        ).rows[0] as { last_used_at: Date }
      ).last_used_at.getTime();
    const start = await lastUsed();
    site.clock.now = start + SESSION_USE_STEP_MS - 1_000;
    await userInfo(here.token);
    expect(await lastUsed()).toBe(start);
    site.clock.now = start + SESSION_USE_STEP_MS + 1_000;
    await userInfo(here.token);
    expect(await lastUsed()).toBe(site.clock.now);
    const renewed = site.clock.now;
    site.clock.now += 60_000;
    await userInfo(here.token);
    expect(await lastUsed()).toBe(renewed);
    expect((await sessionsOf(here.token))[0]?.lastUsedAt).toBe(new Date(renewed).toISOString());
  });

  it("prunes sessions past their end and keeps the open ones", async () => {
    await site.confirmedAccount("tia@example.com");
    const open = await site.signedIn("tia@example.com");
    await site.signedIn("tia@example.com");
    await t.pool.query(
      `UPDATE auth_sessions SET expires_at = now() - interval '1 minute'
       WHERE id = (SELECT s.id FROM auth_sessions s JOIN users u ON u.id = s.user_id
                   WHERE u.email = 'tia@example.com' ORDER BY s.created_at DESC LIMIT 1)`,
    );
    expect(await pruneExpiredSessions(t.db, new Date())).toBeGreaterThanOrEqual(1);
    const { rows } = await t.pool.query(
      "SELECT count(*)::int AS n FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'tia@example.com'",
    );
    expect(rows[0]).toEqual({ n: 1 });
    expect((await userInfo(open.token)).statusCode).toBe(200);
  });
});
