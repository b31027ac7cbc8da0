import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createAuth } from "../../src/identity/auth.ts";
import { createIdentity } from "../../src/identity/identity.ts";
import type { Mailer } from "../../src/mail/mailer.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase } from "../helpers/database.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";

/**
 * Signed-in devices in Chromium (issue 27, ASVS V3.3.4, decision 0042): one account signed in from
 * two browsers (two contexts, no shared storage) sees both on /settings, this one marked; signing the
 * other out ends it at once (that browser's next page is signed out), and "Sign out everywhere else"
 * asks the password again. At a phone's width and a desktop's. Screenshots go to SCREENSHOTS_DIR
 * when it is set (a person looks at them; nothing compares them).
 */

const PASSWORD = "orchid-lantern-42";
const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0";
const dropped: Mailer = { send: async () => "<dropped@test>", close: async () => {} };
const ACCOUNTS = ["uma@example.com", "vic@example.com"];

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
    identity: createIdentity(database.db, auth, Date.now, undefined, 0),
  });
  // Confirmed accounts, made straight through better-auth: the mail is not what is tested here.
  for (const email of ACCOUNTS) await auth.api.signUpEmail({ body: { email, password: PASSWORD, name: "" } });
  await database.db.updateTable("users").set({ email_verified: true }).execute();
  return { app, cleanUp: [() => database.drop()] };
});

async function signInOnSettings(page: Page, email: string): Promise<void> {
  const form = page.locator(".account-page");
  await form.getByLabel("E-mail address").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect.poll(() => page.locator(".account-facts__email").textContent()).toBe(email);
}

/** After a reload, the page has found its sign-in over: the sign-in form is back, the record gone. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.reload();
  await page.locator(".account-page").getByRole("button", { name: "Sign in" }).waitFor();
  expect(await page.evaluate(`localStorage.getItem("camstats.user")`)).toBeNull();
}

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page
    .locator('section[aria-labelledby="devices-heading"]')
    .screenshot({ path: path.join(dir, `${name}.png`) });
}

describe("signed-in devices on /settings", () => {
  it.each([
    ["phone", PHONE, "uma@example.com"],
    ["desktop", DESKTOP, "vic@example.com"],
  ] as const)(
    "at a %s's width: two browsers seen, the other signed out at once; the rest with the password",
    async (name, viewport, email) => {
      const here = await site.open("/settings", { viewport });
      const there = await site.open("/settings", { viewport, userAgent: FIREFOX_ANDROID });
      const third = await site.open("/settings", { viewport });
      try {
        await signInOnSettings(here.page, email);
        await signInOnSettings(there.page, email);
        await here.page.reload();
        const devices = here.page.locator(".device-list__item");
        await expect.poll(() => devices.count()).toBe(2);
        const mine = devices.filter({ hasText: "This device" });
        expect(await mine.locator(".device-list__name").textContent()).toBe("Chrome on LinuxThis device");
        const other = devices.filter({ hasText: "Firefox on Android" });
        expect(await other.textContent()).toContain("In an unknown place");
        // The layout holds at this width: nothing runs off the page sideways.
        expect(await here.page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
          viewport.width,
        );
        await screenshot(here.page, `signed-in-devices-${name}-${viewport.width}`);
        await expectNoSeriousViolations(here.page, `settings' signed-in devices (${name})`);

        await other.getByRole("button", { name: /^Sign out Firefox on Android/ }).click();
        await expect
          .poll(() => here.page.getByRole("status").textContent())
          .toBe("Signed out of Firefox on Android in an unknown place.");
        await expect.poll(() => devices.count()).toBe(1);
        await expectSignedOut(there.page);

        // A third sign-in, then every other one ended with the password typed again.
        await signInOnSettings(third.page, email);
        await here.page.reload();
        await expect.poll(() => devices.count()).toBe(2);
        await here.page.getByRole("button", { name: "Sign out everywhere else…" }).click();
        const field = here.page.getByLabel("Type your password to sign out everywhere else");
        await field.fill("not-the-password");
        await here.page.getByRole("button", { name: "Sign out everywhere else", exact: true }).click();
        await expect
          .poll(() => here.page.getByRole("alert").textContent())
          .toBe("That is not the account's current password.");
        await screenshot(here.page, `signed-in-devices-${name}-${viewport.width}-wrong-password`);
        await field.fill(PASSWORD);
        await here.page.getByRole("button", { name: "Sign out everywhere else", exact: true }).click();
        await expect
          .poll(() => here.page.getByRole("status").textContent())
          .toBe("Signed out of 1 other device.");
        await expect.poll(() => devices.count()).toBe(1);
        await expectSignedOut(third.page);
        // This browser stays signed in.
        await here.page.reload();
        await expect.poll(() => here.page.locator(".account-facts__email").textContent()).toBe(email);
        expect(here.errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
      } finally {
        await here.close();
        await there.close();
        await third.close();
      }
    },
  );
});
