import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createAuth } from "../../src/identity/auth.ts";
import { createIdentity } from "../../src/identity/identity.ts";
import { addDays } from "../../src/rules/calendar.ts";
import { yesterdayUtc } from "../../src/site/shown-days.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { insertPerformer, insertPerformerDay } from "../helpers/fixtures.ts";
import { recordingMailer } from "../helpers/recording-mailer.ts";
import { confirmedAccount, signInHere } from "./account-steps.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { drawnChartProblems, heading } from "./page-helpers.ts";

/**
 * /compare in Chromium (issue 20) at phone and desktop widths: a signed-out visitor is asked to
 * sign in, signs in on the page, sees two performers' totals and five charts, then changes the
 * days, which changes the address. Axe at each step, no console errors, nothing wider than the
 * screen.
 */

const PASSWORD = "orchid-lantern-42";
const { mailer, mail } = recordingMailer();

const overflows = (page: Page) =>
  page.evaluate<boolean>("document.documentElement.scrollWidth > document.documentElement.clientWidth");

describe("compare performers in a browser", () => {
  let t: TestDatabase;
  const site = browserSite(async () => {
    t = await createTestDatabase();
    const yesterday = yesterdayUtc(Date.now());
    const ann = await insertPerformer(t.db, { username: "ann_rose", gender: "f" });
    const bea = await insertPerformer(t.db, { username: "bea_gold", gender: "c" });
    for (let k = 0; k < 40; k++) {
      const day = addDays(yesterday, -k);
      // Ann streams every day; Bea every other day, with a gap of nothing at all in between.
      await insertPerformerDay(t.db, {
        performerId: ann,
        day,
        followers: 120_000 - k * 150,
        followerGain: 150,
        peakViewers: 900 + ((k * 37) % 400),
        minutesOnline: 180 + ((k * 13) % 120),
        bestRank: 3 + (k % 9),
        avgViewers: 400 + (k % 50),
      });
      if (k % 2 === 0)
        await insertPerformerDay(t.db, {
          performerId: bea,
          day,
          followers: 8_000 - k * 20,
          followerGain: 40,
          peakViewers: 120 + k,
          minutesOnline: 90,
          bestRank: 60 + k,
          avgViewers: 55.5,
        });
    }
    const auth = createAuth({
      db: t.db,
      secret: "s".repeat(48),
      origin: "http://camstats.test",
      mailer,
      siteName: "camstats",
    });
    const app = testApp(t.db, {
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
      identity: createIdentity(t.db, auth),
      pageCache: false,
    });
    return { app, cleanUp: [() => t.drop()] };
  });
  const { open } = site;

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`compares two performers signed in, then over 30 days, at ${viewport.width} px (${name})`, {
      timeout: 90_000,
    }, async () => {
      const email = `fan-${name}@example.com`;
      await confirmedAccount(site.origin, mail, email, PASSWORD);
      const { page, errors } = await open("/compare?performers=ann_rose,bea_gold&days=7", { viewport });
      await heading(page, "Compare performers");
      await page.getByRole("heading", { name: "Sign in to compare" }).waitFor();
      expect(await page.locator(".compare__chosen li a").allTextContents()).toEqual(["ann_rose", "bea_gold"]);
      await page.waitForLoadState("networkidle");
      await expectNoSeriousViolations(page, "compare-signed-out");

      await signInHere(page, email, PASSWORD);
      const results = page.locator(".compare__results");
      await page.getByRole("heading", { name: /^7 days: / }).waitFor();
      const rows = results.locator(".compare__table tbody tr");
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(0).locator("th").textContent()).toBe("ann_rose");
      // Ann: 7 days of 150 more followers each; online every one of them.
      expect(await rows.nth(0).locator("td").allTextContents()).toEqual([
        "120,000",
        "+1,050",
        expect.any(String),
        expect.any(String),
        expect.any(String),
        "#3",
        "7",
      ]);
      expect(await rows.nth(1).locator("td").last().textContent()).toBe("4");
      if (name === "desktop") {
        // The totals whole on a desktop, no column behind a scroll (issue 28: clipped to ~600 px).
        const whole = await page.evaluate<boolean>(
          "(() => { const box = document.querySelector('.compare__totals'); return box.scrollWidth <= box.clientWidth; })()",
        );
        expect(whole).toBe(true);
      }
      // One chart per measure, each drawn.
      await expect.poll(() => results.locator(".time-chart .uplot").count()).toBe(5);
      const captions = await results.locator(".time-chart__caption").allTextContents();
      expect(captions).toEqual([
        "Followers at the end of each day",
        "Peak viewers per day (public shows)",
        "Average viewers per day while online",
        "Hours online per day",
        "Best rank per day (1 is the top)",
      ]);
      // Every label inside its chart, no tick twice; each chart names its performers in a legend.
      expect((await drawnChartProblems(page)).problems).toEqual([]);
      expect(await results.locator(".time-chart__legend").first().textContent()).toBe("ann_rosebea_gold");
      await page.waitForLoadState("networkidle");
      await expectNoSeriousViolations(page, "compare-results");
      expect(await overflows(page)).toBe(false);

      await page.getByLabel("Days", { exact: true }).selectOption("30");
      await page.getByRole("button", { name: "Compare", exact: true }).click();
      await expect.poll(() => new URL(page.url()).search).toBe("?performers=ann_rose,bea_gold&days=30");
      await page.getByRole("heading", { name: /^30 days: / }).waitFor();
      expect(await rows.nth(0).locator("td").last().textContent()).toBe("30");
      await expect.poll(() => results.locator(".time-chart .uplot").count()).toBe(5);
      expect(await overflows(page)).toBe(false);
      expect(errors).toEqual([]);
    });
  }
});
