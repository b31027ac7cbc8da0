import type { FastifyInstance } from "fastify";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import {
  QUIET_TAG,
  type TagOverviewFixture,
  writeTagOverviewFixture,
} from "../helpers/tag-overview-files.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { chartLabelsOutside, heading, pageOverflows } from "./page-helpers.ts";

/** The table's tags, in order. */
const tableTags = (page: Page) => page.locator(".tag-explorer__table tbody th[scope=row]").allTextContents();

describe("the tag explorer in a browser", () => {
  let fixture: TagOverviewFixture;
  let app: FastifyInstance;
  let database: TestDatabase;

  const { open } = browserSite(async () => {
    fixture = await writeTagOverviewFixture({ abbr: "tc", online: [] });
    database = await createTestDatabase();
    app = testApp(database.db, {
      publishDir: fixture.root,
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
    });
    return { app, cleanUp: [() => database.drop(), () => fixture.remove()] };
  });

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("orders the table, finds a tag by name and opens a tag's page", async () => {
        const { page, errors } = await open("/tags", { viewport });
        await heading(page, "Tag explorer");
        expect(await tableTags(page)).toEqual(["#cute", "#asian", "#latina", "#feet", "#muscle"]);
        expect(await pageOverflows(page)).toBe(false);
        await expectNoSeriousViolations(page, "tag explorer");

        await page.getByRole("link", { name: "Tag", exact: true }).click();
        await page.waitForURL("**/tags?sort=name");
        // The address changes before the new table is drawn.
        await expect.poll(() => tableTags(page)).toEqual(["#asian", "#cute", "#feet", "#latina", "#muscle"]);

        await page.getByLabel("Find a tag").fill("qui");
        await page.locator(".tag-explorer__search").getByRole("button", { name: "Search" }).click();
        await page.waitForURL("**/tags?sort=name&q=qui");
        await page.getByRole("link", { name: `#${QUIET_TAG}` }).waitFor();

        await page.getByRole("link", { name: "Clear" }).click();
        await page.waitForURL("**/tags?sort=name");
        await page.locator(".tag-explorer__table").getByRole("link", { name: "#cute" }).click();
        await heading(page, "#cute in the tag explorer");
        expect(await chartLabelsOutside(page)).toEqual([]);
        expect(await pageOverflows(page)).toBe(false);
        await expectNoSeriousViolations(page, "tag explorer tag");
        expect(errors).toEqual([]);
      });

      it("serves the whole of a tag's page without scripts", async () => {
        const { page, errors } = await open("/tags/asian", { viewport, javaScript: false });
        await heading(page, "#asian in the tag explorer");
        expect(await page.locator(".tag-explorer__list").count()).toBe(4);
        expect(await chartLabelsOutside(page)).toEqual([]);
        expect(errors).toEqual([]);
      });
    });
  }
});
