import type { FastifyInstance } from "fastify";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { sandboxPlatform } from "../../src/online-rooms/platform-source.ts";
import { testApp } from "../helpers/api.ts";
import {
  type DailyViewerFixture,
  LATEST_DAY,
  MIDDLE_DAY,
  writeDailyViewerFixture,
} from "../helpers/daily-viewer-files.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { writeMorePagesFiles } from "../helpers/more-pages-files.ts";
import { startTestPlatform, type TestPlatform } from "../helpers/platform.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { heading } from "./page-helpers.ts";

/**
 * /popular/{tag}, /race, /logos, /1080p and /4k in a real browser at phone and desktop widths:
 * the server's HTML without scripts, every control, no page wider than the screen, no console
 * errors and no serious accessibility violations.
 */

const T0 = Date.UTC(2026, 10, 18, 21, 0);

/** Wider than the screen: something does not fit a phone. */
const overflows = (page: Page) =>
  page.evaluate<boolean>("document.documentElement.scrollWidth > document.documentElement.clientWidth");

describe("the further pages in a browser", () => {
  let t: TestDatabase;
  let fixture: DailyViewerFixture;
  let platform: TestPlatform;
  let app: FastifyInstance;

  const site = browserSite(async () => {
    t = await createTestDatabase();
    fixture = await writeDailyViewerFixture({ abbr: "tc", online: [] });
    await writeMorePagesFiles(fixture.root);
    platform = await startTestPlatform({ performers: 3000, seed: 5, at: T0 });
    app = testApp(t.db, {
      publishDir: fixture.root,
      platform: sandboxPlatform(platform.sandbox.url),
      feedRequestsPerSecond: Number.POSITIVE_INFINITY,
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
    });
    return {
      app,
      cleanUp: [() => platform.sandbox.close(), () => fixture.remove(), () => t.drop()],
    };
  });

  const { open } = site;

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("reads whole without scripts, and fits the screen", async () => {
        const popular = await open("/popular/asian", { viewport, javaScript: false });
        await heading(popular.page, "Popular #asian models on TestCams for the last day");
        expect(await popular.page.locator("section[aria-labelledby=popular-day] tbody tr").count()).toBe(12);
        expect(await popular.page.locator('a[rel="prev"]').getAttribute("href")).toBe(
          `/popular/asian/${MIDDLE_DAY}`,
        );
        expect(await popular.page.locator(".popular__related a").first().textContent()).toBe("#latina");
        expect(await overflows(popular.page)).toBe(false);

        const race = await open("/race", { viewport, javaScript: false });
        await heading(race.page, "The race to the next follower milestone");
        expect(await race.page.locator(".race__runner").count()).toBe(50);
        expect(await race.page.locator(".race__runner").first().textContent()).toContain("about 1 day");
        expect(await race.page.locator(".race__fill").first().isVisible()).toBe(true);
        expect(await overflows(race.page)).toBe(false);

        const logos = await open("/logos", { viewport, javaScript: false });
        await heading(logos.page, "Logos and brand assets");
        expect(await logos.page.locator(".logos__stage svg").count()).toBe(4);
        expect(await logos.page.locator(".logos__covers img").count()).toBe(7);
        expect(await overflows(logos.page)).toBe(false);

        const hd = await open("/4k", { viewport, javaScript: false });
        await heading(hd.page, "4K live cams on TestCams");
        expect(await hd.page.locator(".room-card").count()).toBeGreaterThan(0);
        expect(await overflows(hd.page)).toBe(false);
        for (const page of [popular, race, logos, hd]) expect(page.errors).toEqual([]);
      });

      it("has no console errors and no serious accessibility violations", { timeout: 60_000 }, async () => {
        // Three families, each scanned once at each width.
        for (const [family, path] of [
          ["popular", "/popular/asian"],
          ["race", "/race/women"],
          ["logos", "/logos"],
        ] as const) {
          const { page, errors } = await open(path, { viewport });
          await page.waitForLoadState("networkidle");
          await expectNoSeriousViolations(page, family);
          expect(errors, path).toEqual([]);
        }
      });
    });
  }

  it("navigates Prev and Next day on /popular and the gender tabs on /race in place", async () => {
    const { page, errors } = await open("/popular/asian", { viewport: DESKTOP });
    await page.locator('a[rel="prev"]').click();
    await heading(page, `Popular #asian models on TestCams on ${MIDDLE_DAY}`);
    expect(new URL(page.url()).pathname).toBe(`/popular/asian/${MIDDLE_DAY}`);
    await page.locator('a[rel="next"]').click();
    await heading(page, "Popular #asian models on TestCams for the last day");
    expect(
      await page.locator("section[aria-labelledby=popular-day] tbody tr").first().getAttribute("id"),
    ).toMatch(new RegExp(`^pasian_${LATEST_DAY.slice(-1)}_001$`));

    await page.goto(`${site.origin}/race`);
    await page.getByRole("link", { name: "Female", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/race/women");
    await expect.poll(() => page.locator(".race__runner").count()).toBe(3);
    expect(await page.getByRole("link", { name: "Female", exact: true }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(errors).toEqual([]);
  });

  it("asks for HD rooms when the gender toggles change the list on /1080p", async () => {
    const { page, errors } = await open("/1080p", { viewport: DESKTOP });
    await page.locator(".gender-toggles__toggle:not([disabled])").first().waitFor();
    const call = page.waitForResponse((r) => r.url().startsWith(`${site.origin}/api/online_rooms?`));
    await page.getByRole("button", { name: "Male", exact: true }).click();
    const params = new URL((await call).url()).searchParams;
    expect(params.get("hd")).toBe("true");
    expect(params.getAll("gender")).toEqual(["f", "m", "c"]);
    expect(errors).toEqual([]);
  });

  it("downloads the logo files the page draws", async () => {
    const { page } = await open("/logos", { viewport: PHONE });
    const href = await page.locator(".logos__item a").first().getAttribute("href");
    const response = await page.request.get(`${site.origin}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(await response.text()).toContain("<title>camstats logo</title>");
  });
});
