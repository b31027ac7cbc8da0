import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite, PASSWORD, refreshCookieOf } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { deleteUnconfirmedAccounts } from "../../db/queries/accounts.ts";
import { pruneCounters } from "../../db/queries/auth-limits.ts";
import {
  ADDRESS_MAIL_REQUESTS_PER_HOUR,
  ADDRESS_SIGN_UPS_PER_HOUR,
  FREE_FAILURES,
} from "../../identity/abuse-limits.ts";
import { PASSWORD_TOO_COMMON } from "../../identity/password-rules.ts";
import { COUNTERS_KEPT_MS, UNCONFIRMED_KEPT_MS } from "../../start/account-cleanup.ts";
import { WRONG_CONFIRMATION, WRONG_PASSWORD } from "./account.ts";
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

  it("makes failed sign-ins wait: five free, then a growing Retry-After; a right password clears them", async () => {
    await site.confirmedAccount("hal@example.com");
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect((await site.signIn("hal@example.com", `wrong-guess-${i}`)).statusCode).toBe(401);
    }
    const waiting = await site.signIn("hal@example.com", PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers["retry-after"]).toBe("2");
    expect(waiting.json().error.code).toBe("too_many_attempts");
    site.clock.now += 2_000;
    expect((await site.signIn("hal@example.com", "wrong-guess-6")).statusCode).toBe(401);
    expect((await site.signIn("hal@example.com", PASSWORD)).headers["retry-after"]).toBe("4");
    site.clock.now += 4_000;
    expect((await site.signIn("hal@example.com", PASSWORD)).statusCode).toBe(200);
    expect((await site.signIn("hal@example.com", "wrong-again")).statusCode).toBe(401);
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
    expect(total).toBeGreaterThanOrEqual(2);
    await t.pool.query("UPDATE auth_rate_counters SET last_at = now() - interval '25 hours'");
    expect((await site.signIn("nobody-here@example.com", "a-guess", "198.51.100.9")).statusCode).toBe(401);
    // The two counters just hit again are fresh; every other one had been idle for a day.
    expect(await pruneCounters(t.db, new Date(Date.now() - COUNTERS_KEPT_MS))).toBe(total - 2);
    expect(await count("SELECT count(*)::int AS n FROM auth_rate_counters")).toBe(2);
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
