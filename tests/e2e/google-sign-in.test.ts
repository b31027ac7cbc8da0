import type { FastifyInstance } from "fastify";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../src/db/embedded.ts";
import { createAuth } from "../../src/identity/auth.ts";
import { type GoogleStandIn, startGoogleStandIn } from "../../src/identity/google-stand-in.ts";
import { createIdentity } from "../../src/identity/identity.ts";
import type { Mailer } from "../../src/mail/mailer.ts";
import { missingBuildMessage, webBuildExists } from "../../src/server/pages.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { expectNoSeriousViolations, recordPolicyViolations } from "./browser.ts";
import { sharedChromium } from "./chromium.ts";
import { PERSON } from "./page-helpers.ts";

/**
 * The Google button's flow in Chromium, as `npm start` lays it out: the site at localhost, the
 * sandbox's stand-in for Google at 127.0.0.1 (another site, so the cookies' SameSite rules and the
 * stand-in's form-action are what a browser really applies). The person types an address on the
 * stand-in's page, lands on /settings, and the page's first refresh gets a token (decision 0019).
 */

describe("Google sign-in in a browser, through the sandbox's stand-in", () => {
  let t: TestDatabase;
  let standIn: GoogleStandIn;
  let app: FastifyInstance;
  let browser: Browser;
  let origin = "";
  const mailer: Mailer = { send: async () => "<none@camstats.test>", close: async () => {} };

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    const port = await freePort();
    origin = `http://localhost:${port}`;
    standIn = await startGoogleStandIn({ redirectUri: `${origin}/v1/auth/callback/google` });
    const auth = createAuth({
      db: t.db,
      secret: "s".repeat(48),
      origin,
      mailer,
      siteName: "camstats",
      google: { issuer: standIn.issuer, clientId: standIn.clientId, clientSecret: standIn.clientSecret },
    });
    app = testApp(t.db, { identity: createIdentity(t.db, auth), googleSignIn: "sandbox" });
    await app.listen({ host: "127.0.0.1", port });
    browser = await sharedChromium();
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
    await t?.drop();
  });

  it("signs a new person in: the stand-in's page, then /settings with a refresh cookie that works", async () => {
    const context = await browser.newContext({ userAgent: PERSON });
    const violations = await recordPolicyViolations(context);
    try {
      const page = await context.newPage();
      await page.goto(`${origin}/v1/auth/google/start`);
      expect(new URL(page.url()).origin).toBe(standIn.issuer);
      await expect(page.title()).resolves.toBe("Sign in with Google — sandbox stand-in");
      expect(await page.textContent(".note")).toContain("not Google");
      await expectNoSeriousViolations(page, "Google stand-in");

      await page.fill('input[name="email"]', "ola@example.com");
      await Promise.all([
        page.waitForURL(`${origin}/settings?signin=google`),
        page.click('button[value="sign-in"]'),
      ]);
      // The page takes its first token itself; once it shows the account, its refresh is done.
      await page.locator(".account-facts__email", { hasText: "ola@example.com" }).waitFor();
      const refreshed = await page.evaluate(async () => {
        const response = await fetch("/v1/auth/refresh", { method: "POST" });
        return { status: response.status, body: (await response.json()) as { token?: string } };
      });
      expect(refreshed.status).toBe(200);
      const info = await page.evaluate(async (token) => {
        const response = await fetch("/v1/user_info", { headers: { authorization: `Bearer ${token}` } });
        return response.status;
      }, refreshed.body.token ?? "");
      expect(info).toBe(200);
      // Only our refresh cookie is left: better-auth's state and session cookies did their one hop.
      const names = (await context.cookies(`${origin}/v1/auth/`)).map((cookie) => cookie.name);
      expect(names).toEqual(["cs_refresh"]);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
