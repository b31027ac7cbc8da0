import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createAuth } from "../../src/identity/auth.ts";
import { createIdentity } from "../../src/identity/identity.ts";
import type { Mailer } from "../../src/mail/mailer.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase } from "../helpers/database.ts";
import { DESKTOP } from "./browser.ts";
import { browserSite } from "./browser-site.ts";

/**
 * The identity token's life in Chromium (issue 17, SPEC §4): the page refreshes a token that
 * expires within 600 s, and an old refresh cookie presented again ends the sign-in, which the page
 * then shows as signed out. Tokens here last 605 s, so the refresh window opens 5 s after each.
 */

const PASSWORD = "orchid-lantern-42";
const TOKEN_SECONDS = 605;
const dropped: Mailer = { send: async () => "<dropped@test>", close: async () => {} };

/** The server's clock runs ahead by this much: the test moves it on instead of waiting. */
let ahead = 0;

const site = browserSite(async () => {
  const database = await createTestDatabase();
  const auth = createAuth({
    db: database.db,
    secret: "s".repeat(48),
    origin: "http://camstats.test",
    mailer: dropped,
    siteName: "camstats",
  });
  const app = testApp(database.db, {
    config: loadConfig({ PLATFORM_NAME: "TestCams" }),
    identity: createIdentity(database.db, auth, () => Date.now() + ahead, TOKEN_SECONDS),
  });
  // A confirmed account, made straight through better-auth: the mail is not what is tested here.
  await auth.api.signUpEmail({ body: { email: "tess@example.com", password: PASSWORD, name: "" } });
  await database.db.updateTable("users").set({ email_verified: true }).execute();
  return { app, cleanUp: [() => database.drop()] };
});

describe("the identity token in the browser", () => {
  it("is refreshed once it expires within 600 s; an old refresh cookie presented again signs everyone out", async () => {
    const { page, close } = await site.open("/settings", { viewport: DESKTOP });
    try {
      const form = page.locator(".account-page");
      await form.getByLabel("E-mail address").fill("tess@example.com");
      await form.getByLabel("Password").fill(PASSWORD);
      await form.getByRole("button", { name: "Sign in" }).click();
      const email = page.locator(".account-facts__email");
      await expect.poll(() => email.textContent()).toBe("tess@example.com");
      const cookieOf = async () =>
        (await page.context().cookies(`${site.origin}/v1/auth/`)).find((c) => c.name === "cs_refresh")?.value;
      const first = await cookieOf();
      expect(first).toBeDefined();

      // The window opens 5 s after sign-in: the page refreshes on its own, and the cookie turns over.
      const refreshed = await page.waitForResponse((r) => r.url().endsWith("/v1/auth/refresh"), {
        timeout: 15_000,
      });
      expect(refreshed.status()).toBe(200);
      await expect.poll(cookieOf, { timeout: 5_000 }).not.toBe(first);
      expect(await email.textContent()).toBe("tess@example.com");

      // A thief replays the first cookie (replaced since, and its successor replaced or current),
      // past the two-tab grace of 10 s so it cannot pass for another tab: the server's clock moves
      // on 10.5 s rather than the test waiting for it.
      ahead += 10_500;
      const replay = await fetch(`${site.origin}/v1/auth/refresh`, {
        method: "POST",
        headers: { cookie: `cs_refresh=${first}` },
      });
      expect(replay.status).toBe(401);
      // The owner's next page finds the sign-in over.
      await page.reload();
      await page.locator(".account-page").getByRole("button", { name: "Sign in" }).waitFor();
      expect(await page.evaluate(`localStorage.getItem("camstats.user")`)).toBeNull();
    } finally {
      await close();
    }
  });
});
