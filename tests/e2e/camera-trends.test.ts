import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { NO_DATABASE, testApp } from "../helpers/api.ts";
import { writeCameraTrendsFixture } from "../helpers/camera-trends-file.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { chartLabelsOutside, heading, pageOverflows } from "./page-helpers.ts";

describe("camera trends in a browser", () => {
  const { open } = browserSite(async () => {
    const fixture = await writeCameraTrendsFixture();
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
    it(`shows every chart whole and switches the span at ${viewport.width} px (${name})`, async () => {
      const { page, errors } = await open("/camera-trends", { viewport });
      await heading(page, "Camera trends");
      expect(await page.locator("svg.svg-line-chart").count()).toBe(8);
      expect(await chartLabelsOutside(page)).toEqual([]);
      expect(await pageOverflows(page)).toBe(false);
      await expectNoSeriousViolations(page, "camera trends");

      await page.getByRole("link", { name: "A year" }).click();
      await page.waitForURL("**/camera-trends?days=365");
      await expect.poll(() => page.getByText("over the last year").count()).toBe(1);
      expect(await chartLabelsOutside(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
