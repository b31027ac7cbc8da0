import type { FastifyInstance } from "fastify";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingBuildMessage, webBuildExists } from "../../src/server/pages.ts";
import { liveRoomsApp } from "../helpers/api.ts";
import { startTestPlatform, type TestPlatform } from "../helpers/platform.ts";
import { listenLocally } from "../helpers/site.ts";
import {
  DESKTOP,
  expectNoPolicyViolations,
  expectNoSeriousViolations,
  openPage,
  PHONE,
  recordPolicyViolations,
} from "./browser.ts";
import { sharedChromium } from "./chromium.ts";

/**
 * The home page family in a real browser: what shows before any script runs, the gender
 * preference's toggles (stored, applied again on the next visit), the pager's client-side
 * navigation, and no console errors or serious accessibility violations, at phone and desktop widths.
 */

const T0 = Date.UTC(2026, 10, 18, 21, 0);

describe("the home page family in a browser", () => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let browser: Browser;
  let origin = "";

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    platform = await startTestPlatform({ performers: 3000, seed: 5, at: T0 });
    app = liveRoomsApp(platform.sandbox.url);
    origin = await listenLocally(app);
    browser = await sharedChromium();
  });
  afterAll(async () => {
    await app?.close();
    await platform?.sandbox.close();
  });

  /** The room links of the cards on screen. */
  const roomLinks = async (page: Page) =>
    Promise.all(
      (await page.locator(".room-card__link").all()).map(async (a) => (await a.getAttribute("href")) ?? ""),
    );
  /** Resolves with the next JSON call for rooms the page makes. */
  const nextRoomsCall = (page: Page) =>
    page.waitForResponse((response) => response.url().startsWith(`${origin}/api/online_rooms?`));
  /** The toggles work once the page has hydrated. */
  const hydrated = (page: Page) => page.locator(".gender-toggles__toggle:not([disabled])").first().waitFor();

  for (const [width, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`shows the cards without scripts (${width})`, async () => {
      for (const path of ["/", "/tag/bigboobs", "/female-cams", "/18to21-cams"]) {
        const opened = await openPage(browser, `${origin}${path}`, { viewport, javaScript: false });
        try {
          const cards = opened.page.locator(".room-card");
          expect(await cards.count(), path).toBeGreaterThan(0);
          await expect(cards.first().isVisible()).resolves.toBe(true);
          expect(await opened.page.locator("h1").textContent()).toContain("TestCams");
          expect(opened.errors, path).toEqual([]);
        } finally {
          await opened.close();
        }
      }
    });

    // axe takes seconds over a page of 90 cards: hence the longer limit, and one scan of the family
    // per width, on the home page at the phone's and on the age page in the audit view (a line more
    // per card) at the desktop's.
    const scanned = width === "phone" ? "/" : "/mature-cams?audit";
    it(`has no console errors and no serious accessibility violations (${width})`, {
      timeout: 180_000,
    }, async () => {
      for (const path of ["/", "/tag/asian,latina?page=1", "/male-cams", "/mature-cams?audit"]) {
        const opened = await openPage(browser, `${origin}${path}`, { viewport });
        try {
          if (path !== "/male-cams") await hydrated(opened.page);
          await opened.page.waitForLoadState("networkidle");
          if (path === scanned) await expectNoSeriousViolations(opened.page, "home");
          expect(opened.errors, path).toEqual([]);
        } finally {
          await opened.close();
        }
      }
    });
  }

  it("keeps the gender preference, refetches with it, and applies it on the next visit", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const violations = await recordPolicyViolations(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    try {
      await page.goto(`${origin}/`);
      await hydrated(page);
      expect((await roomLinks(page)).every((href) => href.endsWith("&gender=f&gender=c"))).toBe(true);

      // Male on: the list is fetched again with f, m and c, and the cards' links say so.
      const withMale = nextRoomsCall(page);
      await page.getByRole("button", { name: "Male", exact: true }).click();
      const response = await withMale;
      expect(new URL(response.url()).searchParams.getAll("gender")).toEqual(["f", "m", "c"]);
      await expect
        .poll(() => page.getByRole("button", { name: "Male", exact: true }).getAttribute("aria-pressed"))
        .toBe("true");
      await expect.poll(async () => (await roomLinks(page))[0]).toMatch(/&gender=f&gender=m&gender=c$/);
      expect(
        // A string runs in the page, where localStorage is (the tests' own types have no DOM).
        JSON.parse(String(await page.evaluate('localStorage.getItem("camstats.genderPreference")'))),
      ).toEqual({
        female: true,
        male: true,
        couple: true,
        trans: false,
      });

      // Female and couples off: male only, and the last one on cannot be switched off.
      await page.getByRole("button", { name: "Female" }).click();
      await expect
        .poll(() => page.getByRole("button", { name: "Female" }).getAttribute("aria-pressed"))
        .toBe("false");
      const maleOnly = nextRoomsCall(page);
      await page.getByRole("button", { name: "Couples" }).click();
      expect(new URL((await maleOnly).url()).searchParams.getAll("gender")).toEqual(["m"]);
      await expect
        .poll(() => page.getByRole("button", { name: "Male", exact: true }).isDisabled())
        .toBe(true);

      // The next visit: the server renders the default, the browser applies the stored preference.
      const again = nextRoomsCall(page);
      await page.reload();
      expect(new URL((await again).url()).searchParams.getAll("gender")).toEqual(["m"]);
      await expect.poll(async () => (await roomLinks(page))[0]).toMatch(/&gender=m$/);
      await expect
        .poll(() => page.getByRole("button", { name: "Female" }).getAttribute("aria-pressed"))
        .toBe("false");

      // Tag pages follow the preference too.
      const tagged = nextRoomsCall(page);
      await page.goto(`${origin}/tag/bigboobs`);
      const params = new URL((await tagged).url()).searchParams;
      expect(params.getAll("gender")).toEqual(["m"]);
      expect(params.getAll("tag")).toEqual(["bigboobs"]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    expectNoPolicyViolations(violations, `${origin}/`);
  });

  it("pages in the browser through the JSON call, keeping the address in step", async () => {
    const opened = await openPage(browser, `${origin}/`, { viewport: PHONE });
    try {
      await hydrated(opened.page);
      const first = await roomLinks(opened.page);
      const next = nextRoomsCall(opened.page);
      await opened.page.getByRole("link", { name: "Next" }).click();
      expect(new URL((await next).url()).searchParams.get("offset")).toBe("90");
      await opened.page.waitForURL(`${origin}/?page=2`);
      await expect.poll(async () => (await roomLinks(opened.page))[0]).not.toBe(first[0]);
      expect(await opened.page.title()).toBe("Live cams on TestCams now (page 2) | camstats");
      expect(opened.errors).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
