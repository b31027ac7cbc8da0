import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { confirmOptout, insertGoal, insertPerformer } from "../helpers/fixtures.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { heading } from "./page-helpers.ts";

/**
 * /tipmenu in a real browser at phone and desktop widths: start from a popular item, narrow the
 * search by gender and tokens with the form and the gender links, see a range refused; the
 * server's answer without scripts; no page wider than the screen, no console errors and no serious accessibility
 * violations.
 */

/** The browser's own line for the refused search's status (the page itself is whole). */
const PAGE_400 = "Failed to load resource: the server responded with a status of 400 (Bad Request)";

const overflows = (page: Page) =>
  page.evaluate<boolean>("document.documentElement.scrollWidth > document.documentElement.clientWidth");

describe("the tip menu search in a browser", () => {
  let t: TestDatabase;
  const seen = new Date(Date.now() - 86_400_000);

  const site = browserSite(async () => {
    t = await createTestDatabase();
    const performers: Array<[string, "f" | "m" | "c" | "t", string, number]> = [
      ["anna", "f", "OIL SHOW!!", 500],
      ["bea", "f", "oil show", 300],
      ["cleo", "f", "Oil show with a very long description of everything that happens in it", 450],
      ["carl", "m", "Oil Show", 200],
      ["duo", "c", "hot oil show", 800],
      ["gone", "f", "oil show", 1],
    ];
    for (const [username, gender, item, tokens] of performers) {
      const id = await insertPerformer(t.db, { username, gender, displayName: username.toUpperCase() });
      await insertGoal(t.db, {
        performerId: id,
        item,
        tokens,
        gender,
        seen,
        kind: username === "bea" ? "left" : "goal",
      });
    }
    await confirmOptout(t.db, "gone");
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
      it("searches from a popular item and narrows it by gender and tokens", {
        timeout: 60_000,
      }, async () => {
        const { page, errors } = await open("/tipmenu", { viewport });
        await heading(page, "Tip menu search");
        await page.waitForLoadState("networkidle");
        await expectNoSeriousViolations(page, "tipmenu-empty");

        await page.getByRole("link", { name: "oil show", exact: true }).click();
        await heading(page, "What performers charge for “oil show”");
        expect(new URL(page.url()).pathname).toBe("/tipmenu/oil%20show/all");
        const bars = page.locator(".tipmenu__bar-row");
        expect(await bars.count()).toBe(5);
        expect(await bars.first().textContent()).toContain("median 450 tk");
        const rows = page.locator(".tipmenu__table tbody tr");
        expect(await rows.count()).toBe(5);
        expect(await page.locator(".tipmenu__table").textContent()).not.toContain("GONE");
        expect(await page.locator(".tipmenu__table").textContent()).toContain("at least 300 tk");
        await page.waitForLoadState("networkidle");
        await expectNoSeriousViolations(page, "tipmenu-answer");
        expect(await overflows(page)).toBe(false);

        await page.getByLabel("Gender").selectOption("female");
        await page.getByLabel("Min tokens").fill("400");
        await page.getByRole("button", { name: "Find prices" }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe("/tipmenu/oil%20show/female");
        await expect.poll(() => new URL(page.url()).search).toBe("?min=400");
        await expect.poll(() => rows.count()).toBe(2);
        expect(await rows.allTextContents()).toEqual([
          expect.stringContaining("ANNA"),
          expect.stringContaining("CLEO"),
        ]);
        expect(await overflows(page)).toBe(false);

        await page
          .getByRole("navigation", { name: "Performers shown" })
          .getByRole("link", { name: "Male", exact: true })
          .click();
        await expect.poll(() => new URL(page.url()).pathname).toBe("/tipmenu/oil%20show/male");
        await expect.poll(() => rows.count()).toBe(0);
        expect(await page.locator(".tipmenu__items").textContent()).toContain("Nothing matched (male)");

        // A range it cannot search: the reason, in an accessible page.
        await page.getByLabel("Min tokens").fill("900");
        await page.getByLabel("Max tokens").fill("100");
        await page.getByRole("button", { name: "Find prices" }).click();
        await expect.poll(() => page.getByRole("alert").textContent()).toContain("expected min at most max");
        await page.waitForLoadState("networkidle");
        await expectNoSeriousViolations(page, "tipmenu-refused");

        expect(errors).toEqual([PAGE_400]);
      });

      it("reads whole without scripts, refuses what it cannot search, and fits the screen", async () => {
        const { page, errors } = await open("/tipmenu", { viewport, javaScript: false });
        await page.getByLabel("Item").fill("Oil Show");
        await page.getByLabel("Max tokens").fill("450");
        await page.getByRole("button", { name: "Find prices" }).click();
        await heading(page, "What performers charge for “Oil Show”");
        expect(new URL(page.url()).search).toBe("?max=450");
        expect(await page.locator(".tipmenu__table tbody tr").count()).toBe(3);
        expect(await overflows(page)).toBe(false);

        const bad = await open("/tipmenu/oil/all?min=9&max=1", { viewport, javaScript: false });
        expect(await bad.page.getByRole("alert").textContent()).toContain("expected min at most max");
        expect(await overflows(bad.page)).toBe(false);
        expect([...errors, ...bad.errors]).toEqual([PAGE_400]);
      });
    });
  }
});
