import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase } from "../helpers/database.ts";
import { insertSummaryPerformers, summaryDates, writeCelebrationsFixture } from "../helpers/summaries.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { drawnChartProblems, heading } from "./page-helpers.ts";

/** Whether the page fits the viewport's width (nothing to scroll sideways but its own scrollers). */
const fitsWidth = (page: Page) =>
  page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth");

/**
 * The months the follower charts span in the 12 up to `thisMonth`: from alice's first counted month
 * (last June) when it is in the window; else her count carries in from before (all 12) while a gain
 * is known for this month alone.
 */
function followerSpans(thisMonth: string, firstCounted: string): { followers: number; gain: number } {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
  const sinceFirst = index(thisMonth) - index(firstCounted) + 1;
  return sinceFirst <= 12 ? { followers: sinceFirst, gain: sinceFirst } : { followers: 12, gain: 1 };
}

describe("the summary, celebration and badge pages in a browser", () => {
  const d = summaryDates();
  const site = browserSite(async () => {
    const t = await createTestDatabase();
    await insertSummaryPerformers(t.db);
    const publish = await writeCelebrationsFixture();
    const app = testApp(t.db, {
      publishDir: publish.root,
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
      pageCache: false,
    });
    return {
      app,
      cleanUp: [() => publish.remove(), () => t.drop()],
    };
  });
  const { open } = site;

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("shows a performer's year and goes to another year", async () => {
        const { page, errors } = await open("/testcams_wrapped/alice", { viewport });
        await heading(page, `alice's ${d.thisYear} on TestCams`);
        expect(await page.locator(".wrapped__stat").count()).toBe(10);
        expect(await fitsWidth(page)).toBe(true);
        // axe once per width for the summaries: a year at the desktop's, the monthly charts at the phone's.
        if (name === "desktop") await expectNoSeriousViolations(page, "summaries");
        await page.getByRole("link", { name: `alice's ${d.lastYear}` }).click();
        await heading(page, `alice's ${d.lastYear} on TestCams`);
        expect(page.url()).toBe(`${site.origin}/testcams_wrapped/alice?year=${d.lastYear}`);
        expect(errors).toEqual([]);
      });

      it("draws the monthly charts with scripts, and pages through the months", async () => {
        const { page, errors } = await open("/monthly_summary/alice", { viewport });
        await heading(page, "alice's monthly summary");
        await page.locator(".time-chart__canvas canvas").nth(3).waitFor();
        expect(await page.locator(".time-chart__canvas canvas").count()).toBeGreaterThanOrEqual(4);
        // The charts' figures fold away under "Show the figures"; the full table stays.
        expect(await page.locator("details.time-chart__figures").count()).toBe(4);
        await expect.poll(async () => (await drawnChartProblems(page)).charts).toBe(4);
        expect((await drawnChartProblems(page)).problems).toEqual([]);
        expect(await page.locator(".monthly__table tbody tr").count()).toBe(12);
        expect(await fitsWidth(page)).toBe(true);
        if (name === "phone") await expectNoSeriousViolations(page, "summaries");
        await page.getByRole("link", { name: "Earlier 12 months" }).click();
        await page.waitForURL(/\?month=\d{4}-\d{2}$/);
        // The address changes as the navigation commits; the table follows in the same render or the next.
        const month = new URL(page.url()).searchParams.get("month");
        await page.locator(`.monthly__table tbody tr[data-month="${month}"]`).waitFor();
        const first = page.locator(".monthly__table tbody tr").first();
        expect(await first.getAttribute("data-month")).toBe(month);
        expect(errors).toEqual([]);
      });

      // Scripts-off reading is the same HTML at any width: checked once, on the phone, to keep this file quick.
      it.runIf(name === "phone")("reads the monthly summary whole with scripts off", async () => {
        const { page, errors } = await open("/monthly_summary/alice", { viewport, javaScript: false });
        await heading(page, "alice's monthly summary");
        // Each chart is its table without scripts, over the months its figures cover (a chart spans
        // its data, issue 28): minutes and streams all 12, the follower charts followerSpans.
        const tables = page.locator(".time-chart__table");
        const rows: number[] = [];
        for (let i = 0; i < (await tables.count()); i++)
          rows.push(await tables.nth(i).locator("tbody tr").count());
        const spans = followerSpans(d.thisMonth, `${d.lastYear}-06`);
        expect(rows).toEqual([12, 12, spans.followers, spans.gain]);
        expect(await page.locator(".time-chart__canvas").count()).toBe(0);
        expect(await page.locator(".monthly__table tbody tr").count()).toBe(12);
        expect(await page.locator(`tr[data-month="${d.thisMonth}"] td`).first().textContent()).toBe("2");
        expect(errors).toEqual([]);
      });

      it("filters celebrations by kind, with and without scripts", async () => {
        const { page, errors } = await open("/celebrations", { viewport });
        await heading(page, "Celebrations");
        expect(await page.locator(".celebrations__list li").count()).toBe(4);
        expect(await fitsWidth(page)).toBe(true);
        await expectNoSeriousViolations(page, "celebrations");
        await page.getByRole("link", { name: "Followers", exact: true }).click();
        await page.waitForURL(`${site.origin}/celebrations?kind=followers`);
        await page.locator(".celebrations__list li").first().waitFor();
        expect(await page.locator(".celebrations__list li").allTextContents()).toEqual([
          "alice reached 20,000 followers",
        ]);
        expect(errors).toEqual([]);
        if (name !== "phone") return;

        const off = await open("/celebrations", { viewport, javaScript: false });
        await off.page.getByRole("link", { name: "Rank badges" }).click();
        await off.page.waitForURL(`${site.origin}/celebrations?kind=rank`);
        expect(await off.page.locator(".celebrations__list li").allTextContents()).toEqual([
          "bob in the Top 3 for the first time",
          "dan in the Top 10 for the first time",
        ]);
        expect(off.errors).toEqual([]);
      });

      it("shows the badges and sends the form to the performer's page", async () => {
        const { page, errors } = await open("/performerbadges", { viewport });
        await heading(page, "Performer badges");
        expect(await page.locator("tr[data-badge]").count()).toBe(30);
        expect(await page.locator('tr[data-badge="Top 3"] a').allTextContents()).toEqual(["bob"]);
        expect(await fitsWidth(page)).toBe(true);
        await expectNoSeriousViolations(page, "badges");
        expect(errors).toEqual([]);
        if (name !== "desktop") return;

        const off = await open("/performerbadges", { viewport, javaScript: false });
        await off.page.getByLabel("See a performer's badges").fill("Alice");
        await off.page.getByRole("button", { name: "Show badges" }).click();
        await off.page.waitForURL(`${site.origin}/alice`);
      });
    });
  }
});
