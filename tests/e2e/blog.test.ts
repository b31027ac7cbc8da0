import { describe, expect, it } from "vitest";
import { startBlogSite } from "./blog-site.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { heading, pageOverflows } from "./page-helpers.ts";

/**
 * The blog in a real browser at phone and desktop widths: the list, a post, page 2 and a data
 * report with its charts (loaded images) and tables, each without console errors, wider-than-the-
 * screen content or serious accessibility violations.
 */
describe("the blog in a browser", () => {
  const site = browserSite(startBlogSite);
  const { open } = site;

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("opens the list, a post, page 2 and a report", { timeout: 90_000 }, async () => {
        const { page, errors } = await open("/blog", { viewport });
        await heading(page, "Blog");
        expect(await page.locator(".blog__entry").count()).toBe(10);
        await expectNoSeriousViolations(page, "blog-list");
        expect(await pageOverflows(page)).toBe(false);

        await page.getByRole("link", { name: "How the top monthly score works" }).click();
        await heading(page, "How the top monthly score works");
        expect(await page.locator(".blog-post__prose table").count()).toBe(1);
        await expectNoSeriousViolations(page, "blog-post");
        expect(await pageOverflows(page)).toBe(false);

        await page.getByRole("link", { name: "← Blog" }).click();
        await heading(page, "Blog");
        await page
          .getByRole("navigation", { name: "Blog pages" })
          .getByRole("link", { name: "Next" })
          .click();
        await expect.poll(() => new URL(page.url()).search).toBe("?page=2");
        // Eight posts of November and the reports of October and September fill page 1.
        await page.getByRole("link", { name: "The platform in August 2026" }).click();
        await heading(page, "The platform in August 2026");
        await page.getByRole("link", { name: "Newer: The platform in September 2026" }).click();
        await heading(page, "The platform in September 2026");
        await page.getByRole("link", { name: "Newer: The platform in October 2026" }).click();
        await heading(page, "The platform in October 2026");
        // The phones' drawing below 600 px, the wide one above.
        const charts = page.locator("img.report__chart");
        expect(await charts.count()).toBe(6);
        for (const chart of await charts.all()) {
          await chart.scrollIntoViewIfNeeded();
          await expect
            .poll(() => chart.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
            .toBe(viewport.width < 600 ? 360 : 720);
        }
        // Rooms and viewers, top performers, risers, tags grew, fell and most used, hours, countries.
        expect(await page.locator(".report__table table").count()).toBe(8);
        await page.waitForLoadState("networkidle");
        await expectNoSeriousViolations(page, "blog-report");
        expect(await pageOverflows(page)).toBe(false);
        expect(errors).toEqual([]);
      });
    });
  }
});
