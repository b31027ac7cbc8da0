import type { Server } from "node:http";
import type { FastifyInstance } from "fastify";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { insertSearchPerformers, SEARCH_TOTAL } from "../helpers/search-performers.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { closeServer, heading, originOf, startImageHost } from "./page-helpers.ts";

const cardNames = (page: Page) => page.locator(".search-card__name").allTextContents();
const firstCard = (page: Page, name: string) =>
  page
    .locator(".search-card__name")
    .first()
    .filter({ hasText: new RegExp(`^${name}$`) })
    .waitFor();
const count = (page: Page, text: string) => page.locator(".search-page__count", { hasText: text }).waitFor();

/** The /api/model_search requests a page makes, as query strings. */
function searchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/model_search") seen.push(url.search.slice(1));
  });
  return seen;
}

describe("the search page in a browser", () => {
  let t: TestDatabase;
  let images: Server;
  let app: FastifyInstance;

  const site = browserSite(async () => {
    t = await createTestDatabase();
    await insertSearchPerformers(t.db);
    images = await startImageHost();
    app = testApp(t.db, {
      imageHost: originOf(images),
      pageCache: false,
      config: loadConfig({ PLATFORM_NAME: "TestCams" }),
    });
    return {
      app,
      cleanUp: [() => closeServer(images), () => t.drop()],
    };
  });

  const { open } = site;
  /** The scripts have run: the Filters button is enabled only then. */
  const hydrated = (page: Page) => page.locator(".search-page__filters:not([disabled])").waitFor();

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("reads whole with scripts off: results, gender links, pager links, zero-result texts", async () => {
        const { page, errors } = await open("/search", { viewport, javaScript: false });
        await heading(page, "Search - All");
        expect(await cardNames(page)).toHaveLength(50);
        expect(await page.locator('nav[aria-label="Gender"] a').count()).toBe(5);
        await page.locator('a[rel="next"]').click();
        await page.waitForURL(`${site.origin}/search?page=2`);
        await firstCard(page, "fill071");
        await page.getByRole("link", { name: "Male", exact: true }).click();
        await page.waitForURL(`${site.origin}/search/male`);
        await heading(page, "Search - Male");
        await page.goto(`${site.origin}/search/male?search=ann`);
        await count(page, "Found 0 matching profiles");
        await page.getByText("ann matched 1 profile(s).").waitFor();
        expect(errors).toEqual([]);
      });

      it("gender links, the tabs (Descriptions when narrow), summaries, axe and no console errors", async () => {
        const { page, errors } = await open("/search?search=dan", { viewport });
        await hydrated(page);
        const summariesTab = page.getByRole("tab", {
          name: name === "phone" ? "Descriptions" : "Summaries & Fan quotes",
        });
        await expect(summariesTab.isVisible()).resolves.toBe(true);
        await page.getByRole("link", { name: "Female", exact: true }).click();
        await page.waitForURL(`${site.origin}/search/female?search=dan`);
        await heading(page, "Search - Female");
        await expect(page.title()).resolves.toBe("Search - Female | camstats");
        const requests = searchRequests(page);
        await summariesTab.click();
        await page.getByText("Search term is not long enough, try a more substantial search.").waitFor();
        expect(requests).toEqual([]);
        // A longer term: the summaries search, decoded.
        await page.goto(`${site.origin}/search?search=dancing`);
        await hydrated(page);
        await summariesTab.click();
        await count(page, "Found 2 matching profiles");
        await page.locator('.search-summary a[href="/ann"]').waitFor();
        await page.locator('.search-summary a[href="/cara"]').waitFor();
        await page.getByText("Female, 23, 300+ viewers, broadcast today").waitFor();
        expect(requests.filter((q) => q.startsWith("mode=summaries"))).toEqual([
          "mode=summaries&searchTerm=dancing",
        ]);
        // Switching back and forth refetches the summaries; the arrow keys switch too.
        await page.getByRole("tab", { name: "Models" }).click();
        await count(page, "Found 0 matching profiles");
        await page.keyboard.press("ArrowRight");
        // The tab is selected as React commits the key's update, which may be the next frame.
        await expect.poll(() => summariesTab.getAttribute("aria-selected")).toBe("true");
        await count(page, "Found 2 matching profiles");
        expect(requests.filter((q) => q.startsWith("mode=summaries"))).toHaveLength(2);
        // axe once per width: the summaries (the narrow Descriptions tab) at the phone's, the
        // filtered cards at the desktop's (below).
        if (name === "phone") await expectNoSeriousViolations(page, "search");
        expect(errors).toEqual([]);
      });

      it("pages in place, reusing loaded windows; sort resets to page 1", async () => {
        const { page, errors } = await open("/search", { viewport });
        await hydrated(page);
        const requests = searchRequests(page);
        await page.locator('a[rel="next"]').click();
        await page.waitForURL(`${site.origin}/search?page=2`);
        await firstCard(page, "fill071");
        expect(requests).toEqual(["offset=50"]);
        await page.locator('a[rel="prev"]').click();
        await page.waitForURL(`${site.origin}/search`);
        await firstCard(page, "cara");
        await page.getByRole("link", { name: "Page 2" }).click();
        await page.waitForURL(`${site.origin}/search?page=2`);
        await firstCard(page, "fill071");
        await page.getByRole("link", { name: "Page 3" }).click();
        await page.waitForURL(`${site.origin}/search?page=3`);
        // The address changes before the fetched window replaces the cards.
        await expect.poll(() => cardNames(page)).toHaveLength(SEARCH_TOTAL - 100);
        await page.goBack();
        await page.waitForURL(`${site.origin}/search?page=2`);
        await firstCard(page, "fill071");
        // The loader's first page and each window fetched once: no request going back.
        expect(requests).toEqual(["offset=50", "offset=100"]);
        await page.getByLabel("Sort by").selectOption("name");
        await page.waitForURL(`${site.origin}/search?orderBy=name`);
        await firstCard(page, "fill119");
        await page.getByRole("button", { name: "Descending: switch to ascending" }).click();
        await page.waitForURL(`${site.origin}/search?orderBy=name&sortOrder=asc`);
        await firstCard(page, "ann");
        await page.getByRole("button", { name: "Ascending: switch to descending" }).waitFor();
        expect(requests.slice(2)).toEqual(["orderBy=name", "orderBy=name&sortOrder=asc"]);
        expect(errors).toEqual([]);
      });

      it("the filter dialog: every control, Show results, Clear all, Escape", async () => {
        const { page, errors } = await open("/search", { viewport });
        await hydrated(page);
        const requests = searchRequests(page);
        await page.getByRole("button", { name: "Filters" }).click();
        const dialog = page.getByRole("dialog", { name: "Filters" });
        await dialog.waitFor();
        // Focus stays in the dialog, and Escape closes it.
        for (let i = 0; i < 25; i += 1) await page.keyboard.press("Tab");
        expect(
          await page.evaluate("document.querySelector('dialog[open]').contains(document.activeElement)"),
        ).toBe(true);
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
        expect(requests).toEqual([]);

        await page.getByRole("button", { name: "Filters" }).click();
        await dialog.getByRole("switch", { name: "Live only" }).click();
        expect(await dialog.getByRole("switch", { name: "Live only" }).getAttribute("aria-checked")).toBe(
          "true",
        );
        const tags = dialog.getByRole("combobox", { name: "Tags" });
        await tags.fill("a");
        expect(await dialog.locator(".tag-picker__option mark").count()).toBe(0);
        await tags.fill("AS");
        await dialog
          .locator(".tag-picker__option", { hasText: "asian" })
          .locator("mark", { hasText: "as" })
          .waitFor();
        await dialog.getByRole("option", { name: "#asian" }).click();
        expect(await dialog.getByRole("switch", { name: "Match all tags" }).count()).toBe(0);
        await tags.fill("cut");
        await tags.press("Enter");
        await dialog.getByRole("button", { name: "Remove the tag cute" }).waitFor();
        await dialog.getByRole("switch", { name: "Match all tags" }).click();

        const minAge = dialog.getByLabel("Minimum age", { exact: true });
        await minAge.fill("abc");
        expect(await minAge.inputValue()).toBe("0");
        await minAge.fill("");
        expect(await minAge.inputValue()).toBe("0");
        await minAge.fill("20.7");
        expect(await minAge.inputValue()).toBe("20");
        await dialog.getByRole("button", { name: "Minimum age: up 1" }).click();
        await dialog.getByRole("button", { name: "Minimum age: up 1" }).click();
        await dialog.getByRole("button", { name: "Minimum age: down 1" }).click();
        expect(await minAge.inputValue()).toBe("21");
        await dialog.getByRole("button", { name: "Maximum age: down 1" }).click();
        expect(await dialog.getByLabel("Maximum age", { exact: true }).inputValue()).toBe("98");
        await dialog.getByRole("button", { name: "Minimum followers: up 100" }).click();
        await dialog.getByRole("button", { name: "Maximum followers: down 100" }).click();
        expect(await dialog.getByLabel("Maximum followers", { exact: true }).inputValue()).toBe("9999900");
        await dialog.getByRole("button", { name: "Minimum viewers: up 100" }).click();
        await dialog.getByRole("button", { name: "Maximum viewers: down 100" }).click();
        expect(await dialog.getByLabel("Minimum viewers", { exact: true }).inputValue()).toBe("100");
        expect(await dialog.getByLabel("Maximum viewers", { exact: true }).inputValue()).toBe("49900");
        expect(requests).toEqual([]);

        await dialog.getByRole("button", { name: "Show results" }).click();
        await dialog.waitFor({ state: "hidden" });
        await count(page, "Found 1 matching profile");
        expect(await cardNames(page)).toEqual(["ann"]);
        expect(requests).toEqual([
          "tag=asian&tag=cute&requireAllTags=true&liveOnly=true&minAge=21&maxAge=98&minFollowers=100&maxFollowers=9999900&minViewers=100&maxViewers=49900",
        ]);
        // ann was seen a minute ago: her live thumbnail, once the geo lookup allows it.
        await page.locator(`img.search-card__thumb[src="${originOf(images)}/ri/ann.jpg"]`).waitFor();
        await page.getByRole("button", { name: "Filters (6)" }).click();
        await dialog.getByRole("button", { name: "Clear all" }).click();
        expect(await dialog.getByRole("switch", { name: "Live only" }).getAttribute("aria-checked")).toBe(
          "false",
        );
        expect(await dialog.getByRole("button", { name: /^Remove the tag/ }).count()).toBe(0);
        expect(await dialog.getByLabel("Minimum age", { exact: true }).inputValue()).toBe("18");
        await count(page, `Found ${SEARCH_TOTAL} matching profiles`);
        // Closed by Escape, the dialog's changes apply too.
        await dialog.getByRole("switch", { name: "Live only" }).click();
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
        await count(page, "Found 1 matching profile");
        expect(requests.at(-1)).toBe("liveOnly=true");
        if (name === "desktop") await expectNoSeriousViolations(page, "search");
        expect(errors).toEqual([]);
      });

      it("zero results after filtering explain the term; the header search box searches in place", async () => {
        const { page, errors } = await open("/search/female?search=fill11&page=1", { viewport });
        await hydrated(page);
        await count(page, "Found 10 matching profiles");
        await page.getByRole("button", { name: "Filters" }).click();
        const dialog = page.getByRole("dialog", { name: "Filters" });
        await dialog.getByRole("switch", { name: "Live only" }).click();
        await dialog.getByRole("button", { name: "Show results" }).click();
        await count(page, "Found 0 matching profiles");
        await page.getByText("fill11 matched 10 profile(s).").waitFor();
        // The header's box keeps the gender page and searches after its pause.
        const box = page.getByRole("searchbox", { name: "Search performers by name" });
        await box.fill("ann");
        // The new term keeps the filters (issue 28).
        await page.waitForURL(`${site.origin}/search/female?search=ann&liveOnly=true`);
        await count(page, "Found 1 matching profile");
        expect(await cardNames(page)).toEqual(["ann"]);
        expect(errors).toEqual([]);
      });

      it("the search lives in the address: a reload shows the same, Back returns to the search before", async () => {
        const { page, errors } = await open("/search", { viewport });
        await hydrated(page);
        await count(page, `Found ${SEARCH_TOTAL} matching profiles`);
        await page.getByRole("button", { name: "Filters" }).click();
        const dialog = page.getByRole("dialog", { name: "Filters" });
        const tags = dialog.getByRole("combobox", { name: "Tags" });
        await tags.fill("asian");
        await tags.press("Enter");
        await dialog.getByRole("button", { name: "Remove the tag asian" }).waitFor();
        await dialog.getByRole("button", { name: "Minimum followers: up 100" }).click();
        await dialog.getByRole("button", { name: "Show results" }).click();
        await page.waitForURL(`${site.origin}/search?tag=asian&minFollowers=100`);
        // Tagged asian with 100 followers or more: ann, dee and fill010 … fill110.
        await count(page, "Found 13 matching profiles");
        await page.getByLabel("Sort by").selectOption("name");
        await page.waitForURL(`${site.origin}/search?tag=asian&minFollowers=100&orderBy=name`);
        await firstCard(page, "fill110");
        await page.getByRole("button", { name: "Descending: switch to ascending" }).click();
        const sorted = `${site.origin}/search?tag=asian&minFollowers=100&orderBy=name&sortOrder=asc`;
        await page.waitForURL(sorted);
        await firstCard(page, "ann");

        // A reload (and so a shared link) shows the same search, controls and all.
        await page.reload();
        await hydrated(page);
        expect(page.url()).toBe(sorted);
        await count(page, "Found 13 matching profiles");
        await firstCard(page, "ann");
        expect(await page.getByLabel("Sort by").inputValue()).toBe("name");
        await page.getByRole("button", { name: "Ascending: switch to descending" }).waitFor();
        await page.getByRole("button", { name: "Filters (2)" }).click();
        await dialog.getByRole("button", { name: "Remove the tag asian" }).waitFor();
        expect(await dialog.getByLabel("Minimum followers", { exact: true }).inputValue()).toBe("100");
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
        expect(page.url()).toBe(sorted);

        // Back walks the searches made before, each whole; Forward comes back.
        await page.goBack();
        await page.waitForURL(`${site.origin}/search?tag=asian&minFollowers=100&orderBy=name`);
        await firstCard(page, "fill110");
        await page.getByRole("button", { name: "Descending: switch to ascending" }).waitFor();
        await page.goBack();
        await page.waitForURL(`${site.origin}/search?tag=asian&minFollowers=100`);
        // The address changes first; the controls follow on the next render.
        await expect.poll(() => page.getByLabel("Sort by").inputValue()).toBe("followers");
        await count(page, "Found 13 matching profiles");
        await page.goBack();
        await page.waitForURL(`${site.origin}/search`);
        await count(page, `Found ${SEARCH_TOTAL} matching profiles`);
        await page.getByRole("button", { name: "Filters", exact: true }).waitFor();
        await page.goForward();
        await page.waitForURL(`${site.origin}/search?tag=asian&minFollowers=100`);
        await count(page, "Found 13 matching profiles");

        // The page and the mode live there too.
        await page.goto(`${site.origin}/search?orderBy=name&sortOrder=asc`);
        await hydrated(page);
        await page.locator('a[rel="next"]').click();
        await page.waitForURL(`${site.origin}/search?orderBy=name&sortOrder=asc&page=2`);
        await firstCard(page, "fill046");
        await page.reload();
        await hydrated(page);
        await firstCard(page, "fill046");
        await count(page, `Found ${SEARCH_TOTAL} matching profiles (page 2 of 3)`);
        await page.goto(`${site.origin}/search?search=dancing`);
        await hydrated(page);
        await page
          .getByRole("tab", { name: name === "phone" ? "Descriptions" : "Summaries & Fan quotes" })
          .click();
        await page.waitForURL(`${site.origin}/search?search=dancing&mode=summaries`);
        await count(page, "Found 2 matching profiles");
        await page.reload();
        await count(page, "Found 2 matching profiles");
        await hydrated(page);
        expect(await page.getByRole("tab", { selected: true }).getAttribute("id")).toBe(
          "search-tab-summaries",
        );
        await page.goBack();
        await page.waitForURL(`${site.origin}/search?search=dancing`);
        await count(page, "Found 0 matching profiles");
        expect(errors).toEqual([]);
      });

      it("the header is dismissed, and stays dismissed after a reload", async () => {
        const { page, errors } = await open("/search", { viewport });
        await hydrated(page);
        const intro = page.getByRole("region", { name: "About the search" });
        await intro.waitFor();
        await page.getByRole("button", { name: "Dismiss" }).click();
        await intro.waitFor({ state: "detached" });
        await page.reload();
        await hydrated(page);
        await intro.waitFor({ state: "detached" });
        expect(await page.getByRole("button", { name: "Dismiss" }).count()).toBe(0);
        expect(errors).toEqual([]);
      });
    });
  }
});
