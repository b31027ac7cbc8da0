import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { type TrafficMapFixture, writeTrafficMapFixture } from "../helpers/traffic-map-files.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { drawnChartProblems, heading } from "./page-helpers.ts";

/** Wider than the screen: something does not fit a phone. */
const overflows = (page: Page) =>
  // A string, since the server's TypeScript program has no DOM types.
  page.evaluate<boolean>("document.documentElement.scrollWidth > document.documentElement.clientWidth");
/** Charts drawn by uPlot (with scripts): canvases inside the charts' drawing areas. */
const drawnCharts = (page: Page) => page.locator(".time-chart__canvas canvas");

describe("the traffic, map and location pages in a browser", () => {
  let t: TestDatabase;
  let fixture: TrafficMapFixture;
  let app: FastifyInstance;

  const site = browserSite(async () => {
    t = await createTestDatabase();
    for (const [at, rooms, viewers] of [
      ["2026-01-05T10:00:00Z", 10, 100],
      ["2026-01-05T11:00:00Z", 12, 150],
      ["2026-01-06T09:00:00Z", 8, 90],
    ] as const) {
      await sql`
        INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, rooms_f, viewers_f,
          pages, requests, duration_ms)
        VALUES (${at}, ${at}, ${at}, 'complete', 'live', ${rooms}, ${viewers}, ${rooms}, ${viewers}, 1, 1, 5)`.execute(
        t.db,
      );
    }
    await sql`
      INSERT INTO tag_traffic_hours (hour, tag, sessions, rooms, viewers)
      VALUES ('2026-01-05T10:00:00Z', 'asian', 3, 2, 40), ('2026-01-05T11:00:00Z', 'asian', 2, 1.5, 30)`.execute(
      t.db,
    );
    fixture = await writeTrafficMapFixture();
    app = testApp(t.db, {
      publishDir: fixture.root,
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_ABBR: "tc" }),
    });
    return {
      app,
      cleanUp: [() => fixture.remove(), () => t.drop()],
    };
  });

  const { open } = site;

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("reads whole without scripts: the charts' tables, the map's titles, the rankings", async () => {
        const traffic = await open("/traffic", { viewport, javaScript: false });
        await heading(traffic.page, "Traffic on TestCams");
        // Seven charts, each a visible table; the busiest hours table besides.
        expect(await traffic.page.locator("table.time-chart__table").count()).toBe(8);
        expect(await traffic.page.locator("table.time-chart__table").first().isVisible()).toBe(true);
        expect(await traffic.page.locator("table.traffic__table tbody tr").first().textContent()).toContain(
          "22:00–23:00 UTC",
        );
        expect(await overflows(traffic.page)).toBe(false);
        // A gender tab is a plain link.
        await traffic.page.getByRole("link", { name: "Female", exact: true }).click();
        await traffic.page.waitForURL(`${site.origin}/traffic?gender=female`);
        expect(traffic.errors).toEqual([]);

        const map = await open("/map", { viewport, javaScript: false });
        await heading(map.page, "Performers by country");
        expect(await map.page.locator("svg.country-map__svg path").count()).toBe(176);
        expect(
          await map.page.locator('svg.country-map__svg path[data-country="170"] title').textContent(),
        ).toBe("Colombia: 1,234 performers");
        expect(await overflows(map.page)).toBe(false);
        await map.page.getByRole("link", { name: "Colombia", exact: true }).click();
        await map.page.waitForURL(`${site.origin}/location/colombia`);
        await heading(map.page, "Top performers from Colombia");
        expect(await map.page.locator("table.ranking-table").count()).toBe(2);
        expect(await map.page.locator("table.ranking-table").first().locator("tbody tr").count()).toBe(50);
        expect(await overflows(map.page)).toBe(false);
        expect(map.errors).toEqual([]);
      });

      it("draws the traffic charts with scripts and switches gender in place", async () => {
        const { page, errors } = await open("/traffic", { viewport });
        await drawnCharts(page).first().waitFor();
        await expect.poll(() => drawnCharts(page).count()).toBeGreaterThanOrEqual(8);
        // The figures fold under "Show the figures" once drawn.
        expect(await page.getByText("Show the figures").count()).toBe(8);
        // axe once per width for the traffic pages: the overview at the phone's, a day (with its
        // tag form) at the desktop's (below).
        if (viewport === PHONE) await expectNoSeriousViolations(page, "traffic");
        await page.getByRole("link", { name: "Couples", exact: true }).click();
        await page.waitForURL(`${site.origin}/traffic?gender=couples`);
        // The address changes first; the tabs follow once the loader's data has arrived.
        await expect
          .poll(() => page.locator('a.gender-tabs__tab[aria-current="page"]').textContent())
          .toBe("Couples");
        await page.locator("figcaption", { hasText: "Viewers per hour (Couples)" }).waitFor();
        expect(await overflows(page)).toBe(false);
        expect(errors).toEqual([]);
      });

      it("walks a day's traffic: charts, Next, the tag form and the tag's rankings link", async () => {
        const { page, errors } = await open("/traffic/2026-01-05", { viewport });
        await heading(page, "Traffic on 2026-01-05");
        await drawnCharts(page).first().waitFor();
        await expect.poll(async () => (await drawnChartProblems(page)).charts).toBe(2);
        expect((await drawnChartProblems(page)).problems).toEqual([]);
        if (viewport === DESKTOP) await expectNoSeriousViolations(page, "traffic");
        await page.getByRole("link", { name: "Next day" }).click();
        await heading(page, "Traffic on 2026-01-06");
        await page.getByRole("link", { name: "Prev day" }).waitFor();
        await page.getByLabel("Rooms and viewers of one tag over the 7 days to 2026-01-06").fill("asian");
        await page.getByRole("button", { name: "Show" }).click();
        await page.waitForURL(`${site.origin}/traffic/2025-12-31/asian`);
        await heading(page, "#asian traffic from 2025-12-31 to 2026-01-06");
        await drawnCharts(page).first().waitFor();
        expect(await page.getByRole("link", { name: "#asian rankings" }).getAttribute("href")).toBe(
          "/top/asian",
        );
        expect(await overflows(page)).toBe(false);
        expect(errors).toEqual([]);
      });

      it("switches the map's gender, passes axe, and leads to a location and back", async () => {
        const { page, errors } = await open("/map", { viewport });
        await heading(page, "Performers by country");
        // With scripts a tooltip follows the pointer (the titles, which would show too, are gone).
        await page.locator('svg.country-map__svg path[data-country="170"]').hover();
        expect(await page.getByTestId("country-map-tip").textContent()).toBe("Colombia: 1,234 performers");
        expect(await page.locator("svg.country-map__svg path title").count()).toBe(0);
        expect(await overflows(page)).toBe(false);
        await expectNoSeriousViolations(page, "map");
        await page.getByRole("link", { name: "Female", exact: true }).click();
        await page.waitForURL(`${site.origin}/map/female`);
        await heading(page, "Female performers by country");
        await page.getByRole("link", { name: "Colombia", exact: true }).click();
        await page.waitForURL(`${site.origin}/location/colombia/women`);
        await heading(page, "Top female performers from Colombia");
        // axe over two tables of 50 rows takes seconds: once, at the phone's width, the tighter layout.
        if (viewport === PHONE) await expectNoSeriousViolations(page, "location");
        expect(await overflows(page)).toBe(false);
        await page.getByRole("link", { name: "Back to the map of performers by country" }).click();
        await page.waitForURL(`${site.origin}/map/female`);
        await heading(page, "Female performers by country");
        expect(errors).toEqual([]);
      });
    });
  }
});
