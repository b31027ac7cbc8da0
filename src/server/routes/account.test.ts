import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite, ORIGIN, PASSWORD, refreshCookieOf } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { deleteUnconfirmedAccounts } from "../../db/queries/accounts.ts";
import { pruneCounters } from "../../db/queries/auth-limits.ts";
import {
  ADDRESS_MAIL_REQUESTS_PER_HOUR,
  ADDRESS_SIGN_UPS_PER_HOUR,
  FREE_FAILURES,
} from "../../identity/abuse-limits.ts";
import { resetLinkIdentifier } from "../../identity/auth.ts";
import { PASSWORD_IS_EMAIL, PASSWORD_TOO_COMMON } from "../../identity/password-rules.ts";
import { COUNTERS_KEPT_MS, UNCONFIRMED_KEPT_MS } from "../../start/account-cleanup.ts";
import { SIGN_IN_AGAIN, WRONG_CONFIRMATION, WRONG_PASSWORD } from "./account.ts";
import { RESEND_ACCEPTED, RESET_ACCEPTED, RESET_LINK_INVALID } from "./auth/auth-routes.ts";

/**
 * Issue 17: the account's own calls (read, change password, sign out everywhere, delete), the
 * mailed flows (confirmation again, password reset), the abuse limits, and hostile input.
 */
describe("the signed-in account, resets and limits", () => {
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

  const count = async (sql: string, ...values: unknown[]) =>
    ((await t.pool.query(sql, values)).rows[0] as { n: number }).n;
  const refresh = (cookie: string) => site.post("/v1/auth/refresh", undefined, { cookie });

  it("shows the account to its owner only, with its sign-in methods", async () => {
    await site.confirmedAccount("ann@example.com");
    const { token } = await site.signedIn("ann@example.com");
    const response = await site.get("/v1/account", token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.json()).toEqual({
      email: "ann@example.com",
      emailVerified: true,
      createdAt: expect.any(String),
      signInMethods: ["password"],
    });
    expect((await site.get("/v1/account")).statusCode).toBe(401);
  });

  it("changes the password with the current one; the other sign-ins end, this one stays", async () => {
    await site.confirmedAccount("bea@example.com");
    const here = await site.signedIn("bea@example.com");
    const elsewhere = await site.signedIn("bea@example.com");
    const change = (currentPassword: string, newPassword: string) =>
      site.post("/v1/account/password", { currentPassword, newPassword }, { token: here.token });

    const wrong = await change("not-the-password", "a-new-long-secret");
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(WRONG_PASSWORD);
    expect((await change(PASSWORD, "iloveyou")).json().error.message).toBe(PASSWORD_TOO_COMMON);
    expect((await change(PASSWORD, "short")).json().error.code).toBe("weak_password");

    expect((await change(PASSWORD, "a-new-long-secret")).statusCode).toBe(204);
    expect((await refresh(elsewhere.cookie)).statusCode).toBe(401);
    expect((await refresh(here.cookie)).statusCode).toBe(200);
    expect((await site.signIn("bea@example.com")).statusCode).toBe(401);
    expect((await site.signIn("bea@example.com", "a-new-long-secret")).statusCode).toBe(200);
  });

  it("signs out everywhere", async () => {
    await site.confirmedAccount("cat@example.com");
    const one = await site.signedIn("cat@example.com");
    const two = await site.signedIn("cat@example.com");
    const out = await site.post("/v1/auth/sign-out-everywhere", undefined, { token: one.token });
    expect(out.statusCode).toBe(204);
    expect(refreshCookieOf(out).attributes).toContain("Max-Age=0");
    for (const session of [one, two]) {
      expect((await refresh(session.cookie)).statusCode).toBe(401);
      expect((await site.get("/v1/user_info", session.token)).statusCode).toBe(401);
    }
  });

  it("deletes the account and everything it owns, once confirmed by its password", async () => {
    await site.confirmedAccount("dan@example.com");
    const { token, cookie } = await site.signedIn("dan@example.com");
    const refused = await site.post("/v1/account/delete", { password: "not-his" }, { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(WRONG_CONFIRMATION);
    // A password account is not deleted by typing its address.
    expect(
      (await site.post("/v1/account/delete", { confirm: "dan@example.com" }, { token })).statusCode,
    ).toBe(403);
    expect((await site.post("/v1/account/delete", {}, { token })).statusCode).toBe(400);
    expect(await count("SELECT count(*)::int AS n FROM users WHERE email = $1", "dan@example.com")).toBe(1);

    expect((await site.post("/v1/account/delete", { password: PASSWORD }, { token })).statusCode).toBe(204);
    expect(await count("SELECT count(*)::int AS n FROM users WHERE email = $1", "dan@example.com")).toBe(0);
    expect(
      await count(
        "SELECT (SELECT count(*) FROM auth_accounts a WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.user_id)) + (SELECT count(*) FROM auth_sessions s WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id))::int AS n",
      ),
    ).toBe(0);
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await site.signIn("dan@example.com")).statusCode).toBe(401);
    // The address is free again.
    expect((await site.signUp("dan@example.com")).statusCode).toBe(202);
    expect(site.mail.at(-1)).toMatchObject({ to: "dan@example.com", kind: "verify-email" });
  });

  it("resets a forgotten password by a mailed link that works once and ends every sign-in", async () => {
    await site.confirmedAccount("eve@example.com");
    const before = await site.signedIn("eve@example.com");
    const request = await site.post("/v1/auth/password-reset", { email: "eve@example.com" });
    const unknown = await site.post("/v1/auth/password-reset", { email: "nobody@example.com" });
    expect(request.statusCode).toBe(202);
    expect(request.json()).toEqual({ message: RESET_ACCEPTED });
    expect(unknown.body).toBe(request.body);
    expect(site.mail.filter((m) => m.to === "nobody@example.com")).toEqual([]);
    const link = site.lastLinkTo("eve@example.com");
    expect(link.pathname).toBe("/settings");
    const token = link.searchParams.get("reset") ?? "";
    const confirm = (password: string) => site.post("/v1/auth/password-reset/confirm", { token, password });

    expect((await confirm("password1")).json().error.message).toBe(PASSWORD_TOO_COMMON);
    expect((await confirm("a-brand-new-secret")).statusCode).toBe(204);
    const again = await confirm("another-new-secret");
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: "invalid_token", message: RESET_LINK_INVALID });
    expect((await refresh(before.cookie)).statusCode).toBe(401);
    expect((await site.signIn("eve@example.com")).statusCode).toBe(401);
    expect((await site.signIn("eve@example.com", "a-brand-new-secret")).statusCode).toBe(200);
  });

  it("keeps one reset link live: a newer link, a completed reset or a password change ends the earlier ones", async () => {
    await site.confirmedAccount("kay@example.com");
    const before = await site.signedIn("kay@example.com");
    const newLink = async () => {
      expect((await site.post("/v1/auth/password-reset", { email: "kay@example.com" })).statusCode).toBe(202);
      return site.lastLinkTo("kay@example.com").searchParams.get("reset") ?? "";
    };
    const confirm = (token: string, password: string) =>
      site.post("/v1/auth/password-reset/confirm", { token, password });
    const expectEnded = async (token: string) => {
      const ended = await confirm(token, "yet-another-new-secret");
      expect(ended.statusCode).toBe(400);
      expect(ended.json().error).toEqual({
        status: 400,
        code: "invalid_token",
        message: RESET_LINK_INVALID,
        parameter: "token",
      });
    };

    const first = await newLink();
    const second = await newLink();
    expect(second).not.toBe(first);
    await expectEnded(first);
    // A link stored at the same moment as the second (two requests at once can leave both).
    const twin = "twin-link-token-0123456789";
    await t.pool.query(
      "INSERT INTO auth_verifications (identifier, value, expires_at) SELECT $1, id::text, now() + interval '1 day' FROM users WHERE email = $2",
      [resetLinkIdentifier(twin), "kay@example.com"],
    );
    expect((await confirm(second, "a-brand-new-secret")).statusCode).toBe(204);
    await expectEnded(first);
    await expectEnded(second);
    await expectEnded(twin);
    expect((await refresh(before.cookie)).statusCode).toBe(401);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM auth_verifications WHERE value = (SELECT id::text FROM users WHERE email = $1)",
        "kay@example.com",
      ),
    ).toBe(0);

    // A link asked for before a password change is ended by it.
    const { token } = await site.signedIn("kay@example.com", "a-brand-new-secret");
    const third = await newLink();
    const change = await site.post(
      "/v1/account/password",
      { currentPassword: "a-brand-new-secret", newPassword: "a-third-long-secret" },
      { token },
    );
    expect(change.statusCode).toBe(204);
    await expectEnded(third);
    expect((await site.signIn("kay@example.com", "a-third-long-secret")).statusCode).toBe(200);
  });

  it("tells the owner by mail whenever the password changes, in the settings or by a reset link (ASVS V2.2.3)", async () => {
    await site.confirmedAccount("max@example.com");
    const { token } = await site.signedIn("max@example.com");
    const noticesTo = () =>
      site.mail.filter((m) => m.to === "max@example.com" && m.kind === "password-changed");
    // A refused change tells nothing.
    const wrong = { currentPassword: "not-the-password", newPassword: "a-new-long-secret" };
    expect((await site.post("/v1/account/password", wrong, { token })).statusCode).toBe(403);
    expect(noticesTo()).toEqual([]);

    const right = { currentPassword: PASSWORD, newPassword: "a-new-long-secret" };
    expect((await site.post("/v1/account/password", right, { token })).statusCode).toBe(204);
    expect(noticesTo()).toHaveLength(1);
    expect(noticesTo()[0]).toMatchObject({
      subject: "Your camstats password was changed",
      text: expect.stringContaining("changed in its settings. Every other sign-in of the account has ended."),
    });
    expect(noticesTo()[0]?.text).toContain(`"Forgot password?" at ${ORIGIN}/settings`);

    expect((await site.post("/v1/auth/password-reset", { email: "max@example.com" })).statusCode).toBe(202);
    const link = site.lastLinkTo("max@example.com").searchParams.get("reset") ?? "";
    const reset = { token: link, password: "a-third-long-secret" };
    expect((await site.post("/v1/auth/password-reset/confirm", reset)).statusCode).toBe(204);
    expect(noticesTo()).toHaveLength(2);
    expect(noticesTo()[1]?.text).toContain("with a reset link mailed to this address. Every sign-in");
    // A link that no longer works changes nothing, and tells nothing.
    expect((await site.post("/v1/auth/password-reset/confirm", reset)).statusCode).toBe(400);
    expect(noticesTo()).toHaveLength(2);
  });

  it("refuses the account's own address as the new password on a reset, as sign-up does", async () => {
    await site.confirmedAccount("lea@example.com");
    expect((await site.post("/v1/auth/password-reset", { email: "lea@example.com" })).statusCode).toBe(202);
    const token = site.lastLinkTo("lea@example.com").searchParams.get("reset") ?? "";
    for (const password of ["lea@example.com", " LEA@Example.com "]) {
      const refused = await site.post("/v1/auth/password-reset/confirm", { token, password });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual({
        status: 400,
        code: "weak_password",
        message: PASSWORD_IS_EMAIL,
        parameter: "password",
      });
    }
    // The link still works for a good one.
    const done = await site.post("/v1/auth/password-reset/confirm", {
      token,
      password: "lea-new-long-secret",
    });
    expect(done.statusCode).toBe(204);
  });

  it("sends the confirmation link again, with the same answer whatever the address", async () => {
    expect((await site.signUp("fay@example.com")).statusCode).toBe(202);
    await site.confirmedAccount("gus@example.com");
    const before = site.mail.length;
    const answers = await Promise.all(
      ["fay@example.com", "gus@example.com", "nobody@example.com"].map((email) =>
        site.post("/v1/auth/resend-confirmation", { email }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: RESEND_ACCEPTED });
    }
    expect(site.mail.slice(before).map((m) => [m.to, m.kind])).toEqual([["fay@example.com", "verify-email"]]);
  });

  it("makes failed sign-ins from one address wait: five free, then a growing Retry-After; a right password clears them", async () => {
    await site.confirmedAccount("hal@example.com");
    const ip = "192.0.2.60";
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect((await site.signIn("hal@example.com", `wrong-guess-${i}`, ip)).statusCode).toBe(401);
    }
    const waiting = await site.signIn("hal@example.com", PASSWORD, ip);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers["retry-after"]).toBe("2");
    expect(waiting.json().error).toEqual({
      status: 429,
      code: "too_many_attempts",
      message: "Too many attempts. Try again in 2 seconds.",
    });
    // Another address is not held back by this one's failures.
    expect((await site.signIn("hal@example.com", PASSWORD, "192.0.2.61")).statusCode).toBe(200);
    site.clock.now += 2_000;
    expect((await site.signIn("hal@example.com", "wrong-guess-6", ip)).statusCode).toBe(401);
    expect((await site.signIn("hal@example.com", PASSWORD, ip)).headers["retry-after"]).toBe("4");
    site.clock.now += 4_000;
    expect((await site.signIn("hal@example.com", PASSWORD, ip)).statusCode).toBe(200);
    expect((await site.signIn("hal@example.com", "wrong-again", ip)).statusCode).toBe(401);
  });

  it("counts wrong passwords on password change and deletion like sign-ins: 429 with Retry-After after five", async () => {
    await site.confirmedAccount("ivy@example.com");
    const { token } = await site.signedIn("ivy@example.com");
    const ip = "192.0.2.70";
    const change = (currentPassword: string) =>
      site.post("/v1/account/password", { currentPassword, newPassword: "a-new-long-secret" }, { token, ip });
    const remove = (password: string) => site.post("/v1/account/delete", { password }, { token, ip });
    for (let i = 0; i < FREE_FAILURES; i++) {
      const wrong = await (i % 2 === 0 ? change(`wrong-${i}`) : remove(`wrong-${i}`));
      expect(wrong.statusCode).toBe(403);
    }
    for (const refused of [await change(PASSWORD), await remove(PASSWORD)]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBe("2");
      expect(refused.json().error).toEqual({
        status: 429,
        code: "too_many_attempts",
        message: "Too many attempts. Try again in 2 seconds.",
      });
    }
    // Nothing changed: the password still signs in, and the account is there.
    expect((await site.signIn("ivy@example.com")).statusCode).toBe(200);
    // The same counter as sign-in's: a sign-in from that address waits too.
    expect((await site.signIn("ivy@example.com", PASSWORD, ip)).statusCode).toBe(429);
    site.clock.now += 2_000;
    expect((await change(PASSWORD)).statusCode).toBe(204);
  });

  it("deletes an account without a password only within 5 minutes of its sign-in", async () => {
    await site.confirmedAccount("jon@example.com");
    const { token } = await site.signedIn("jon@example.com");
    // Google only: the password account goes, a Google one stays.
    await t.pool.query(
      "UPDATE auth_accounts SET provider_id = 'google', account_id = 'google-sub-jon', password_hash = NULL WHERE user_id = (SELECT id FROM users WHERE email = 'jon@example.com')",
    );
    const remove = (body: object) => site.post("/v1/account/delete", body, { token });
    // The sign-in's time as the identity's clock sees it (the tests move that clock).
    const signedInAgo = (ms: number) =>
      t.pool.query(
        "UPDATE auth_sessions SET created_at = $1 WHERE user_id = (SELECT id FROM users WHERE email = 'jon@example.com')",
        [new Date(site.clock.now - ms)],
      );
    expect((await remove({ password: PASSWORD })).statusCode).toBe(403);
    await signedInAgo(301_000);
    const stale = await remove({ confirm: "jon@example.com" });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error).toEqual({
      status: 403,
      code: "reauthentication_required",
      message: SIGN_IN_AGAIN,
    });
    expect(await count("SELECT count(*)::int AS n FROM users WHERE email = 'jon@example.com'")).toBe(1);
    await signedInAgo(299_000);
    // 299 s after the sign-in: fresh enough, but the address typed must still match.
    expect((await remove({ confirm: "jon@example.org" })).json().error.code).toBe("wrong_confirmation");
    expect((await remove({ confirm: " JON@example.com " })).statusCode).toBe(204);
    expect(await count("SELECT count(*)::int AS n FROM users WHERE email = 'jon@example.com'")).toBe(0);
  });

  it("limits sign-ups and mail requests per client address, storing and sending nothing over", async () => {
    const ip = "192.0.2.7";
    for (let i = 0; i < ADDRESS_SIGN_UPS_PER_HOUR; i++) {
      expect((await site.signUp(`bulk${i}@example.com`, PASSWORD, ip)).statusCode).toBe(202);
    }
    const over = await site.signUp("bulk-over@example.com", PASSWORD, ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(3000);
    expect(await count("SELECT count(*)::int AS n FROM users WHERE email = 'bulk-over@example.com'")).toBe(0);
    expect(site.mail.some((m) => m.to === "bulk-over@example.com")).toBe(false);
    // Another address is not held back.
    expect((await site.signUp("bulk-over@example.com")).statusCode).toBe(202);

    const mailIp = "192.0.2.8";
    const ask = () => site.post("/v1/auth/password-reset", { email: "hal@example.com" }, { ip: mailIp });
    for (let i = 0; i < ADDRESS_MAIL_REQUESTS_PER_HOUR; i++) expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(429);
  });

  it("deletes accounts left unconfirmed for 48 hours, and only those", async () => {
    expect((await site.signUp("old-unconfirmed@example.com")).statusCode).toBe(202);
    expect((await site.signUp("new-unconfirmed@example.com")).statusCode).toBe(202);
    await site.confirmedAccount("old-confirmed@example.com");
    await t.pool.query(
      "UPDATE users SET created_at = now() - interval '49 hours' WHERE email IN ('old-unconfirmed@example.com', 'old-confirmed@example.com')",
    );
    const deleted = await deleteUnconfirmedAccounts(t.db, new Date(Date.now() - UNCONFIRMED_KEPT_MS));
    expect(deleted).toBe(1);
    const { rows } = await t.pool.query(
      "SELECT email FROM users WHERE email IN ('old-unconfirmed@example.com', 'new-unconfirmed@example.com', 'old-confirmed@example.com') ORDER BY email",
    );
    expect(rows.map((r: { email: string }) => r.email)).toEqual([
      "new-unconfirmed@example.com",
      "old-confirmed@example.com",
    ]);
  });

  it("forgets abuse-limit counters idle for a day, and only those", async () => {
    expect((await site.signIn("nobody-here@example.com", "a-guess", "198.51.100.9")).statusCode).toBe(401);
    const total = await count("SELECT count(*)::int AS n FROM auth_rate_counters");
    expect(total).toBeGreaterThanOrEqual(3);
    await t.pool.query("UPDATE auth_rate_counters SET last_at = now() - interval '25 hours'");
    expect((await site.signIn("nobody-here@example.com", "a-guess", "198.51.100.9")).statusCode).toBe(401);
    // The three counters just hit again (pair, account, address) are fresh; every other one had been idle for a day.
    expect(await pruneCounters(t.db, new Date(Date.now() - COUNTERS_KEPT_MS))).toBe(total - 3);
    expect(await count("SELECT count(*)::int AS n FROM auth_rate_counters")).toBe(3);
  });

  it("answers hostile input to every account call with a 4xx, never a 500, and stores nothing", async () => {
    const users = await count("SELECT count(*)::int AS n FROM users");
    const paths = [
      "/v1/auth/sign-up",
      "/v1/auth/sign-in",
      "/v1/auth/resend-confirmation",
      "/v1/auth/password-reset",
      "/v1/auth/password-reset/confirm",
      "/v1/auth/refresh",
      "/v1/auth/sign-out",
      "/v1/auth/sign-out-everywhere",
      "/v1/account/password",
      "/v1/account/delete",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.oneof(
          fc.jsonValue(),
          fc.record({ email: fc.string(), password: fc.string(), token: fc.string() }, { requiredKeys: [] }),
          fc.record({ email: fc.emailAddress(), password: fc.string({ maxLength: 600 }) }),
        ),
        fc.option(fc.string({ maxLength: 80 })),
        async (path, payload, cookie) => {
          const response = await site.app.inject({
            method: "POST",
            url: path,
            payload: JSON.stringify(payload),
            headers: {
              "content-type": "application/json",
              ...(cookie === null
                ? {}
                : { cookie: `cs_refresh=${cookie}`, authorization: `Bearer ${cookie}` }),
            },
          });
          expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    // Sign-ups of well-formed input may have made unconfirmed accounts; none of them is confirmed.
    expect(await count("SELECT count(*)::int AS n FROM users WHERE email_verified")).toBeLessThanOrEqual(
      users,
    );
  });
});
