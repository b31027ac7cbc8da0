import type { FastifyInstance } from "fastify";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import {
  fixtureName,
  type TagOverviewFixture,
  writeTagOverviewFixture,
} from "../helpers/tag-overview-files.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { heading } from "./page-helpers.ts";

/** Live now: the 30-day list's ranks 2 and 28 (past the 25 shown). */
const LIVE = [fixtureName("mon", "all", null, 2), fixtureName("mon", "all", null, 28)];
const TAB_NAMES = ["Most followed", "Top Monthly", "Most viewed", "Fastest rising"];

const panel = (page: Page, tab: string) => page.locator(`section[data-tab="${tab}"]`);
const rowsOf = (page: Page, tab: string) => panel(page, tab).locator("tbody tr");
/** The scripts have run: 'Live only' becomes a button only then. */
const hydrated = (page: Page) => page.locator("button.live-switch").waitFor();

/** An attribute of every element a locator finds, in order. */
const attributes = async (locator: Locator, name: string) =>
  Promise.all((await locator.all()).map((element) => element.getAttribute(name)));

/** Which panels are on screen, by tab. */
async function visiblePanels(page: Page): Promise<string[]> {
  const shown: string[] = [];
  for (const tab of ["followers", "monthly", "viewers", "growing"]) {
    if (await panel(page, tab).isVisible()) shown.push(tab);
  }
  return shown;
}

/** A horizontal swipe with a finger over `target`, as pointer events (what touch screens send). */
async function swipe(target: Locator, dx: number) {
  const box = await target.boundingBox();
  if (box === null) throw new Error("nothing to swipe over");
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 2, 200);
  const init = { pointerType: "touch", isPrimary: true, pointerId: 7, clientY: y };
  await target.dispatchEvent("pointerdown", { ...init, clientX: x });
  await target.dispatchEvent("pointermove", { ...init, clientX: x + dx / 2 });
  await target.dispatchEvent("pointerup", { ...init, clientX: x + dx });
}

describe("the tag ranking overview in a browser", () => {
  let fixture: TagOverviewFixture;
  let app: FastifyInstance;
  let database: TestDatabase;

  const site = browserSite(async () => {
    fixture = await writeTagOverviewFixture({ abbr: "tc", online: LIVE });
    // Live states read performers' last sightings too (SPEC §4): an empty database has none.
    database = await createTestDatabase();
    app = testApp(database.db, {
      publishDir: fixture.root,
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
    });
    return {
      app,
      cleanUp: [() => database.drop(), () => fixture.remove()],
    };
  });

  const { open } = site;

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("shows all four tables of 25 with scripts off", async () => {
        const { page, errors } = await open("/top/asian/women", { viewport, javaScript: false });
        await heading(page, "Top asian Female models on TestCams");
        expect(await visiblePanels(page)).toEqual(["followers", "monthly", "viewers", "growing"]);
        for (const tab of ["followers", "monthly", "viewers", "growing"]) {
          expect(await rowsOf(page, tab).count(), tab).toBe(25);
        }
        expect(await page.getByRole("tablist").count()).toBe(0);
        expect(await attributes(page.locator("a.tag-overview__more"), "href")).toEqual([
          "/top/followers/asian",
          "/top/performers/women/asian",
          "/top/viewers/women/asian",
          "/top/growing/asian",
        ]);
        expect(await page.locator(".tag-overview__badge").textContent()).toBe(
          "#asian is the top #2 most popular tag among women, used by 100 models most recently",
        );
        expect(errors).toEqual([]);
      });

      if (name === "phone") {
        it("changes tab by click and by swipe, one table at a time", async () => {
          const { page, errors } = await open("/top", { viewport });
          await hydrated(page);
          const tabs = page.getByRole("tab");
          expect(await tabs.allTextContents()).toEqual(TAB_NAMES);
          expect(await visiblePanels(page)).toEqual(["followers"]);
          await page.getByRole("tab", { name: "Top Monthly" }).click();
          expect(await page.getByRole("tab", { name: "Top Monthly" }).getAttribute("aria-selected")).toBe(
            "true",
          );
          expect(await visiblePanels(page)).toEqual(["monthly"]);
          expect(await page.getByRole("tabpanel").getAttribute("id")).toBe("overview-panel-monthly");
          // A swipe to the left moves to the next tab, one to the right back.
          await swipe(panel(page, "monthly"), -160);
          expect(await visiblePanels(page)).toEqual(["viewers"]);
          expect(await page.getByRole("tab", { name: "Most viewed" }).getAttribute("aria-selected")).toBe(
            "true",
          );
          await swipe(panel(page, "viewers"), 160);
          expect(await visiblePanels(page)).toEqual(["monthly"]);
          // A short move is no swipe.
          await swipe(panel(page, "monthly"), -20);
          expect(await visiblePanels(page)).toEqual(["monthly"]);
          // The arrow keys move along the tabs too (ARIA tabs).
          await page.getByRole("tab", { name: "Top Monthly" }).press("ArrowRight");
          expect(await visiblePanels(page)).toEqual(["viewers"]);
          await expectNoSeriousViolations(page, "tag overview");
          expect(errors).toEqual([]);
        });
      } else {
        it("shows the four tables two by two, without tabs", async () => {
          const { page, errors } = await open("/top", { viewport });
          await hydrated(page);
          expect(await page.getByRole("tablist").count()).toBe(0);
          expect(await visiblePanels(page)).toEqual(["followers", "monthly", "viewers", "growing"]);
          const [a, b, c] = await Promise.all(
            ["followers", "monthly", "viewers"].map((tab) => panel(page, tab).boundingBox()),
          );
          expect(a !== null && b !== null && c !== null).toBe(true);
          if (a && b && c) {
            expect(Math.abs(a.y - b.y)).toBeLessThan(2); // side by side
            expect(b.x).toBeGreaterThan(a.x + a.width - 1);
            expect(c.y).toBeGreaterThan(a.y + 100); // the next row
          }
          await expectNoSeriousViolations(page, "tag overview");
          expect(errors).toEqual([]);
        });
      }

      it("keeps the tag when the gender changes", async () => {
        const { page, errors } = await open("/top/asian", { viewport });
        await hydrated(page);
        await page.getByRole("navigation", { name: "Gender" }).getByRole("link", { name: "Female" }).click();
        await page.waitForURL(`${site.origin}/top/asian/women`);
        await heading(page, "Top asian Female models on TestCams");
        expect(await page.title()).toBe("Top asian Female models on TestCams");
        expect(await rowsOf(page, "monthly").first().getAttribute("data-username")).toBe(
          fixtureName("mon", "women", "asian", 1),
        );
        await expect(panel(page, "followers").locator("h2").textContent()).resolves.toContain(
          "(all genders)",
        );
        expect(errors).toEqual([]);
      });

      it("selects a tag with the picker", async () => {
        const { page, errors } = await open("/top/women", { viewport });
        await hydrated(page);
        const input = page.getByRole("combobox", { name: "Tag" });
        expect(await input.getAttribute("placeholder")).toBe("pick a tag");
        await input.fill("FE");
        expect(await page.getByRole("option").allTextContents()).toEqual(["#feet"]);
        await page.getByRole("option", { name: "#feet" }).click();
        await page.waitForURL(`${site.origin}/top/feet/women`);
        await heading(page, "Top feet Female models on TestCams");
        expect(errors).toEqual([]);
      });

      it("filters every list to live performers with 'Live only'", async () => {
        const { page, errors } = await open("/top", { viewport });
        await hydrated(page);
        const live = page.getByRole("switch", { name: "Live only" });
        await live.click();
        expect(await live.getAttribute("aria-checked")).toBe("true");
        const names = await attributes(rowsOf(page, "monthly"), "data-username");
        expect(names).toEqual(LIVE);
        expect(await rowsOf(page, "followers").count()).toBe(0);
        await expect(panel(page, "followers").locator(".tag-overview__empty").textContent()).resolves.toBe(
          "Nobody in this list is live now.",
        );
        // It stays on through the gender switch (another address, filtered in place).
        await page.getByRole("navigation", { name: "Gender" }).getByRole("link", { name: "Female" }).click();
        await heading(page, "Top Female models on TestCams");
        expect(await live.getAttribute("aria-checked")).toBe("true");
        expect(await rowsOf(page, "monthly").count()).toBe(0);
        await live.click();
        expect(await rowsOf(page, "monthly").count()).toBe(25);
        expect(errors).toEqual([]);
      });

      it("answers an unknown tag with the 404 page", async () => {
        const { page, response } = await open("/top/nosuchtag", { viewport });
        expect(response?.status()).toBe(404);
        await heading(page, "Page not found");
      });
    });
  }
});
