import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { BUTTON_SIZE, PNG_SCALE, TROPHY_SIZE } from "../../src/profiles/social/images.ts";
import { handleRefused } from "../../src/profiles/social/networks.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { insertPerformer, insertPerformerDay } from "../helpers/fixtures.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { heading } from "./page-helpers.ts";

/**
 * The social media editor in a real browser at phone and desktop widths: open a performer's editor,
 * type a handle and see the preview and the HTML follow, copy the block, pick a trophy, download its
 * PNG and check the file; the buttons page without scripts; /resources. No page wider than the
 * screen, no console errors, no serious accessibility violations.
 */

const overflows = (page: Page) =>
  page.evaluate<boolean>("document.documentElement.scrollWidth > document.documentElement.clientWidth");

describe("the social media editor in a browser", () => {
  let t: TestDatabase;

  const site = browserSite(async () => {
    t = await createTestDatabase();
    const ann = await insertPerformer(t.db, { username: "ann" });
    await insertPerformerDay(t.db, { performerId: ann, day: "2026-03-02", bestRank: 4, peakViewers: 5_200 });
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
      it("fills a handle, sees the preview follow, copies the block, downloads a trophy", {
        timeout: 90_000,
      }, async () => {
        const { page, errors } = await open("/socialmedia/ann", { viewport });
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.origin });
        await heading(page, "Social media profile editor for ann");
        await page.waitForLoadState("networkidle");
        await expectNoSeriousViolations(page, "socialmedia-editor");

        // What ann did not earn is there, and cannot be ticked.
        expect(await page.locator("#trophy-top-1").isDisabled()).toBe(true);
        expect(await page.locator("#trophy-unicorn").isChecked()).toBe(true);

        const preview = page.getByTestId("socialmedia-preview");
        const html = page.getByRole("textbox", { name: "Your bio's HTML" });
        await page.getByLabel("X (Twitter)").fill("@ann_cam");
        await preview.locator('a[href="https://x.com/ann_cam"] img[alt="X (Twitter)"]').waitFor();
        await expect
          .poll(() => html.inputValue())
          .toContain('<a href="https://x.com/ann_cam"><img src="http');

        await page.getByLabel("Telegram").fill("ab");
        await page.getByText(handleRefused("telegram")).waitFor();
        expect(await html.inputValue()).not.toContain("t.me");

        await page.getByLabel(/Rising Star/).check();
        await preview.locator('img[alt="Rising Star on camstats"]').waitFor();

        await page.getByRole("button", { name: "Copy" }).click();
        await page.getByText("Copied. Paste it into your bio's HTML.").waitFor();
        const copied = await page.evaluate<string>("navigator.clipboard.readText()");
        expect(copied).toBe(await html.inputValue());
        expect(copied).toMatch(
          /^<p><a href="[^"]+"><img src="http[^"]+\/social\/buttons\/room\.[0-9a-f]{10}\.png"/,
        );

        // Every image of the preview loaded from our origin: decode() waits for the ones the
        // last ticks added, and a broken one keeps its width 0.
        const sizes = await page.evaluate<number[]>(
          `Promise.all([...document.querySelectorAll('[data-testid="socialmedia-preview"] img')].map((i) => i.decode().then(() => i.naturalWidth, () => 0)))`,
        );
        expect(sizes.every((w) => w > 0)).toBe(true);

        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("link", { name: "PNG of Unicorn trophy" }).click(),
        ]);
        expect(download.suggestedFilename()).toBe("camstats-trophy-unicorn.png");
        const file = await readFile(await download.path());
        const meta = await sharp(file).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([
          "png",
          TROPHY_SIZE.width * PNG_SCALE,
          TROPHY_SIZE.height * PNG_SCALE,
        ]);

        await expectNoSeriousViolations(page, "socialmedia-filled");
        expect(await overflows(page)).toBe(false);
        expect(errors).toEqual([]);
      });

      it("makes the buttons block without scripts, from the form", { timeout: 60_000 }, async () => {
        const { page, errors } = await open("/social-media-buttons", { viewport, javaScript: false });
        await heading(page, "Social media buttons");
        await page.getByLabel("Instagram").fill("ann.cam");
        await page.getByRole("button", { name: "Update the block" }).click();
        await page.waitForURL(/edit=1/);
        const html = await page.getByRole("textbox", { name: "Your bio's HTML" }).inputValue();
        expect(html).toContain('<a href="https://www.instagram.com/ann.cam/">');
        expect(html).toContain(`width="${BUTTON_SIZE.width}" height="${BUTTON_SIZE.height}"`);
        expect(await overflows(page)).toBe(false);
        expect(errors).toEqual([]);
      });

      it("shows /resources whole, with its sections", { timeout: 60_000 }, async () => {
        const { page, errors } = await open("/resources", { viewport });
        await heading(page, "Resources");
        for (const section of [
          "How our rankings work",
          "What our data says",
          "Safety and privacy",
          "The tools",
        ])
          await page.getByRole("heading", { name: section, level: 2 }).waitFor();
        await page.waitForLoadState("networkidle");
        await expectNoSeriousViolations(page, "resources");
        expect(await overflows(page)).toBe(false);
        expect(errors).toEqual([]);
      });
    });
  }
});
