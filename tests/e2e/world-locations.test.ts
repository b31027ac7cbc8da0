import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { NO_DATABASE, testApp } from "../helpers/api.ts";
import { writeTrafficMapFixture } from "../helpers/traffic-map-files.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { heading, pageOverflows } from "./page-helpers.ts";

describe("the world location explorer in a browser", () => {
  const { open } = browserSite(async () => {
    const fixture = await writeTrafficMapFixture({ traffic: false });
    const app = testApp(NO_DATABASE, {
      publishDir: fixture.root,
      config: loadConfig({ PLATFORM_NAME: "TestCams" }),
    });
    return { app, cleanUp: [() => fixture.remove()] };
  });

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`picks a country from the list and from the map at ${viewport.width} px (${name})`, async () => {
      const { page, errors } = await open("/world-locations", { viewport });
      await heading(page, "World location explorer");
      const chosen = page.locator("#world-selected");
      await expect.poll(() => chosen.textContent()).toContain("Colombia");
      expect(await pageOverflows(page)).toBe(false);
      await expectNoSeriousViolations(page, "world locations");

      await page.locator(".world-locations__countries").getByRole("link", { name: "United States" }).click();
      await page.waitForURL("**/world-locations?country=united-states");
      await expect.poll(() => chosen.textContent()).toContain("United States");

      // The map's country is a pointer's shortcut to the same.
      await page
        .locator('svg a[href="/world-locations?country=colombia"] path')
        .first()
        .click({ force: true });
      await page.waitForURL("**/world-locations?country=colombia");
      await expect.poll(() => chosen.textContent()).toContain("Colombia");
      expect(errors).toEqual([]);
    });
  }
});
