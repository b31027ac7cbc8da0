import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { takenAmong } from "../../src/db/queries/name-lookup.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { confirmOptout, insertPerformer } from "../helpers/fixtures.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { heading } from "./page-helpers.ts";

/**
 * /namepicker in a real browser at phone and desktop widths: check a taken name, then ask for free
 * names from a few words; the server's answer without scripts; no page wider than the screen, no
 * console errors and no serious accessibility violations.
 */

/** Wider than the screen: something does not fit a phone. */
const overflows = (page: Page) =>
  page.evaluate<boolean>("document.documentElement.scrollWidth > document.documentElement.clientWidth");

describe("the name picker in a browser", () => {
  let t: TestDatabase;
  const now = Date.now();

  const site = browserSite(async () => {
    t = await createTestDatabase();
    await insertPerformer(t.db, {
      username: "rosegold",
      lastSeen: new Date(now - 2 * 86_400_000).toISOString(),
    });
    await insertPerformer(t.db, { username: "rosegold7", lastSeen: new Date(now - 60_000).toISOString() });
    await insertPerformer(t.db, { username: "rose_gold" });
    await insertPerformer(t.db, { username: "goldrose" });
    await insertPerformer(t.db, { username: "rosegoldx" });
    await confirmOptout(t.db, "rosegoldx");
    const app = testApp(t.db, {
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
    });
    return { app, cleanUp: [() => t.drop()] };
  });
  const { open } = site;

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("checks a taken name, then suggests free names from words", { timeout: 60_000 }, async () => {
        const { page, errors } = await open("/namepicker", { viewport });
        await heading(page, "Name picker");
        await page.waitForLoadState("networkidle");
        await expectNoSeriousViolations(page, "namepicker-empty");

        await page.getByLabel("Name to check").fill("RoseGold");
        await page.getByRole("button", { name: "Check" }).click();
        await heading(page, "Is rosegold taken?");
        expect(new URL(page.url()).pathname).toBe("/namepicker/rosegold");
        const verdict = page.locator(".namepicker__verdict");
        expect(await verdict.textContent()).toContain("rosegold is taken");
        expect(await verdict.textContent()).toContain("live 2 days ago");
        const close = page.locator(".namepicker__answer .namepicker__names li");
        expect(await close.allTextContents()).toContain("rosegold7 live now");
        expect(await page.locator(".namepicker__answer").textContent()).not.toContain("rosegoldx");

        await page.getByLabel("A few words or a theme").fill("Rose Gold");
        await page.getByRole("button", { name: "Suggest" }).click();
        await expect.poll(() => new URL(page.url()).search).toBe("?words=Rose+Gold");
        await page.getByRole("heading", { name: "Free names from rose, gold" }).waitFor();
        const suggested = await page.locator(".namepicker__suggestions li").allTextContents();
        expect(suggested).toHaveLength(12);
        // Every name shown is free among every performer seen, opted-out ones included.
        expect(await takenAmong(t.db, suggested)).toEqual(new Set());
        expect(suggested).not.toContain("goldrose");

        await page.waitForLoadState("networkidle");
        await expectNoSeriousViolations(page, "namepicker-answer");
        expect(await overflows(page)).toBe(false);
        expect(errors).toEqual([]);
      });

      it("reads whole without scripts, and fits the screen", async () => {
        const { page, errors } = await open("/namepicker/rosegold?words=angel", {
          viewport,
          javaScript: false,
        });
        await heading(page, "Is rosegold taken?");
        expect(await page.locator(".namepicker__verdict").textContent()).toContain("taken");
        expect(await page.locator(".namepicker__suggestions li").count()).toBe(12);
        expect(await overflows(page)).toBe(false);

        const free = await open("/namepicker", { viewport, javaScript: false });
        await free.page.getByLabel("Name to check").fill("Brand_New_Name");
        await free.page.getByRole("button", { name: "Check" }).click();
        await heading(free.page, "Is brand_new_name taken?");
        expect(await free.page.locator(".namepicker__verdict").textContent()).toContain(
          "brand_new_name is available",
        );
        expect([...errors, ...free.errors]).toEqual([]);
      });
    });
  }
});
