import type { Server } from "node:http";
import type { FastifyInstance } from "fastify";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { testApp } from "../helpers/api.ts";
import {
  type DailyViewerFixture,
  fixtureRows,
  LATEST_DAY,
  MIDDLE_DAY,
  writeDailyViewerFixture,
} from "../helpers/daily-viewer-files.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { closeServer, heading, originOf, startImageHost } from "./page-helpers.ts";

const allRows = fixtureRows(LATEST_DAY, "all");
/** Live now: ranks 2 and 71 (one beyond the collapsed 50). */
const LIVE = [allRows[1]?.u, allRows[70]?.u] as string[];

const rowsShown = (page: Page) => page.locator("tbody tr").count();

describe("the daily viewer ranking pages in a browser", () => {
  let t: TestDatabase;
  let fixture: DailyViewerFixture;
  let images: Server;
  let app: FastifyInstance;

  const site = browserSite(async () => {
    t = await createTestDatabase();
    fixture = await writeDailyViewerFixture({ abbr: "tc", online: LIVE });
    images = await startImageHost();
    app = testApp(t.db, {
      publishDir: fixture.root,
      imageHost: originOf(images),
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
    });
    return {
      app,
      cleanUp: [() => closeServer(images), () => fixture.remove(), () => t.drop()],
    };
  });

  const { open } = site;
  /** The scripts have run: the expand button exists only once they have. */
  const hydrated = (page: Page) => page.locator(".daily-viewers__expand").waitFor();

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("shows the whole table and its links with scripts off", async () => {
        const { page, errors } = await open("/top/viewers", { viewport, javaScript: false });
        expect(await rowsShown(page)).toBe(100);
        await heading(page, "Top models on TestCams for the last day");
        expect(await page.locator('nav[aria-label="Gender"] a').count()).toBe(5);
        expect(await page.locator('a[rel="prev"]').getAttribute("href")).toBe(`/top/viewers/${MIDDLE_DAY}`);
        expect(await page.locator('a[rel="next"]').count()).toBe(0);
        expect(errors).toEqual([]);
      });

      it("collapses to 50 once scripts run, and expands to 100", async () => {
        const { page, errors } = await open("/top/viewers", { viewport });
        await hydrated(page);
        expect(await rowsShown(page)).toBe(50);
        await page.getByRole("button", { name: "Show all 100" }).click();
        expect(await rowsShown(page)).toBe(100);
        await page.getByRole("button", { name: "Show the top 50" }).click();
        expect(await rowsShown(page)).toBe(50);
        expect(errors).toEqual([]);
      });

      it("switches gender in place, and ignores the current gender's tab", async () => {
        const { page, errors } = await open("/top/viewers", { viewport });
        await hydrated(page);
        await page.getByRole("link", { name: "All", exact: true }).click();
        expect(new URL(page.url()).pathname).toBe("/top/viewers");
        await page.getByRole("link", { name: "Female", exact: true }).click();
        await page.waitForURL(`${site.origin}/top/viewers/women`);
        await heading(page, "Top Female models on TestCams for the last day");
        await expect(page.title()).resolves.toBe("Top Female models on TestCams for the last day");
        await expect(page.locator("tbody tr").first().getAttribute("id")).resolves.toBe("w0_001");
        await page.goBack();
        await page.waitForURL(`${site.origin}/top/viewers`);
        await heading(page, "Top models on TestCams for the last day");
        expect(errors).toEqual([]);
      });

      it("goes to the previous day and back with Prev and Next", async () => {
        const { page, errors } = await open("/top/viewers/women", { viewport });
        await hydrated(page);
        expect(await page.locator('a[rel="next"]').count()).toBe(0);
        await page.locator('a[rel="prev"]').click();
        await page.waitForURL(`${site.origin}/top/viewers/women/${MIDDLE_DAY}`);
        await heading(page, `Top Female models on TestCams on ${MIDDLE_DAY}`);
        await page.locator('a[rel="next"]').click();
        await page.waitForURL(`${site.origin}/top/viewers/women`);
        await heading(page, "Top Female models on TestCams for the last day");
        expect(await page.locator('a[rel="next"]').count()).toBe(0);
        expect(errors).toEqual([]);
      });

      it("shows only live performers with 'Live only', expanding the list", async () => {
        const { page, errors } = await open("/top/viewers", { viewport });
        await hydrated(page);
        await page.getByRole("switch", { name: "Live only" }).click();
        await expect(
          page.getByRole("switch", { name: "Live only" }).getAttribute("aria-checked"),
        ).resolves.toBe("true");
        const ids = await Promise.all(
          (await page.locator("tbody tr").all()).map((row) => row.getAttribute("id")),
        );
        expect(ids).toEqual(LIVE);
        await expect(page.locator(".daily-viewers__status").textContent()).resolves.toBe(
          "2 of the top 100 live now.",
        );
        // Thumbnails from the image host: the visitor's region does not require age verification.
        await page.locator(".live-thumb").first().waitFor();
        await page.getByRole("switch", { name: "Live only" }).click();
        expect(await rowsShown(page)).toBe(100);
        expect(errors).toEqual([]);
      });

      it("starts expanded at a hash, scrolled to the highlighted row", async () => {
        const target = allRows[79]?.u as string;
        const { page, errors } = await open(`/top/viewers#${target}`, { viewport });
        const row = page.locator(`tr[data-username="${target}"]`);
        await page.locator(".viewer-table__row--highlight").waitFor();
        expect(await row.getAttribute("class")).toContain("viewer-table__row--highlight");
        expect(await rowsShown(page)).toBe(100);
        expect(await row.isVisible()).toBe(true);
        // Scrolled to: inside the viewport.
        const box = await row.boundingBox();
        expect(box !== null && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
        expect(errors).toEqual([]);
      });

      it("picks a tag case-insensitively, marking matches from 2 characters", async () => {
        const { page, errors } = await open("/top/viewers", { viewport });
        await hydrated(page);
        const input = page.getByRole("combobox", { name: "Tag" });
        expect(await input.getAttribute("placeholder")).toBe("pick a tag");
        await input.fill("A");
        expect(await page.getByRole("option").allTextContents()).toEqual(["#asian", "#latina"]);
        expect(await page.locator(".tag-picker__option mark").count()).toBe(0);
        await input.fill("LAT");
        expect(await page.getByRole("option").allTextContents()).toEqual(["#latina"]);
        expect(await page.locator(".tag-picker__option mark").allTextContents()).toEqual(["lat"]);
        // axe once per width, here: the collapsed table of 50 with the picker's list open.
        await expectNoSeriousViolations(page, "daily viewers");
        await page.getByRole("option", { name: "#latina" }).click();
        await page.waitForURL(`${site.origin}/top/viewers/latina`);
        await heading(page, "Top latina models on TestCams for the last day");
        expect(errors).toEqual([]);
      });

      it(`${name === "phone" ? "leaves out" : "offers"} the floating top live cam, closed until asked`, async () => {
        const { page, errors } = await open("/top/viewers", { viewport });
        await hydrated(page);
        // The geo answer comes after hydration; the preview's button (wide screens only) follows it.
        await page.locator(".live-thumb").first().waitFor({ state: "attached" });
        const preview = page.getByRole("complementary", { name: "Top live cam" });
        const watch = page.getByRole("button", { name: /^Live Watch the top live cam/ });
        if (name === "phone") {
          expect(await watch.count()).toBe(0);
        } else {
          await watch.waitFor();
          expect(await watch.textContent()).toBe(`Live Watch the top live cam, #2 ${LIVE[0]}`);
          // Nothing opens by itself over the table (issue 28).
          expect(await preview.count()).toBe(0);
          await watch.click();
          await preview.waitFor();
          await expect(preview.textContent()).resolves.toContain(`#2 ${LIVE[0]}`);
          await page.getByRole("button", { name: "Close the live preview" }).click();
          expect(await preview.count()).toBe(0);
          expect(await watch.getAttribute("aria-expanded")).toBe("false");
        }
        expect(await preview.count()).toBe(0);
        expect(errors).toEqual([]);
      });
    });
  }
});
