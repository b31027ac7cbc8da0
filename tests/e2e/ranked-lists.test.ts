import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { storeThumb, thumbsDir } from "../../src/collect/thumb-store.ts";
import { loadConfig } from "../../src/config.ts";
import { recordThumbStored } from "../../src/db/queries/performer-thumbs.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { insertPerformer } from "../helpers/fixtures.ts";
import { solidImage } from "../helpers/images.ts";
import {
  FIRST_DAY,
  LATEST_DAY,
  type RankedListFixture,
  rankedRows,
  writeRankedListFixture,
} from "../helpers/ranked-list-files.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { closeServer, heading, originOf, startImageHost } from "./page-helpers.ts";

const followers = rankedRows("f", LATEST_DAY, "all");
/** Live now: rank 2 of most followed (in the online list). */
const LIVE = followers[1]?.u as string;
/** Not live, with a profile thumbnail kept (decision 0023): rank 3 of most followed. */
const KEPT = followers[2]?.u as string;

const firstRowId = (page: Page) => page.locator("tbody tr").first().getAttribute("id");
/** Wider than the screen: something does not fit a phone. */
const overflows = (page: Page) =>
  // A string, since the server's TypeScript program has no DOM types.
  page.evaluate<boolean>("document.documentElement.scrollWidth > document.documentElement.clientWidth");

describe("the ranked-list pages in a browser", () => {
  let t: TestDatabase;
  let fixture: RankedListFixture;
  let images: Server;
  let app: FastifyInstance;
  let dataDir: string;

  const site = browserSite(async () => {
    t = await createTestDatabase();
    fixture = await writeRankedListFixture({ abbr: "tc", online: [LIVE] });
    dataDir = await mkdtemp(path.join(tmpdir(), "ranked-lists-e2e-"));
    await storeThumb(thumbsDir(dataDir), KEPT, await solidImage(240, 180, "jpeg"));
    const keptId = await insertPerformer(t.db, { username: KEPT, lastSeen: "2026-01-01T00:00:00Z" });
    await recordThumbStored(t.db, {
      performerId: keptId,
      day: "2026-01-01",
      storedAt: new Date(),
      hash: "abc",
    });
    images = await startImageHost();
    app = testApp(t.db, {
      publishDir: fixture.root,
      imageHost: originOf(images),
      config: loadConfig({
        PLATFORM_NAME: "TestCams",
        PLATFORM_SLUG: "testcams",
        PLATFORM_ABBR: "tc",
        DATA_DIR: dataDir,
      }),
    });
    return {
      app,
      cleanUp: [
        () => closeServer(images),
        () => fixture.remove(),
        () => rm(dataDir, { recursive: true, force: true }),
        () => t.drop(),
      ],
    };
  });

  const { open } = site;

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("holds the page's rows, the pager and the tabs in the server's HTML (scripts off)", async () => {
        const { page, errors } = await open("/top/followers", { viewport, javaScript: false });
        await heading(page, "Most followed models on TestCams");
        expect(await page.locator("tbody tr").count()).toBe(50);
        expect(await firstRowId(page)).toBe(followers[0]?.u);
        expect(await page.locator('nav[aria-label="Gender"] a').count()).toBe(5);
        expect(
          await page.locator('nav[aria-label="Pages of the list"] a[rel="next"]').getAttribute("href"),
        ).toBe("/top/followers?page=2");
        // The pager works without scripts: a plain page load of ?page=2.
        await page.locator('nav[aria-label="Pages of the list"] a[rel="next"]').click();
        await page.waitForURL(`${site.origin}/top/followers?page=2`);
        expect(await firstRowId(page)).toBe(followers[50]?.u);
        // The details column is hidden below 1000 px.
        expect(await page.locator("td.ranking-table__details").first().isVisible()).toBe(
          viewport.width > 1000,
        );
        expect(await overflows(page)).toBe(false);
        expect(errors).toEqual([]);
      });

      it("pages to ?page=2 and back to page 1 without ?page, and switches gender, in place", async () => {
        const { page, errors } = await open("/top/followers", { viewport });
        // The live row's thumbnail appears once the scripts have run and the geo lookup allows it;
        // on a phone (under 480 px) the row keeps only its LIVE badge.
        const thumb = page.locator(`tr[data-username="${LIVE}"] .live-thumb`);
        await thumb.waitFor({ state: "attached" });
        expect(await thumb.isVisible()).toBe(viewport.width >= 480);
        // A row not live shows the thumbnail we keep beside the name, and only such a row does.
        const avatars = page.locator(".row-avatar");
        await avatars.first().waitFor({ state: "attached" });
        expect(await avatars.count()).toBe(1);
        expect(await page.locator(`tr[data-username="${KEPT}"] .row-avatar`).getAttribute("src")).toBe(
          `/profile/${KEPT}-thumb.jpg`,
        );
        const pager = page.locator('nav[aria-label="Pages of the list"]');
        await pager.getByRole("link", { name: "Page 2", exact: true }).click();
        await page.waitForURL(`${site.origin}/top/followers?page=2`);
        await heading(page, "Most followed models on TestCams (page 2)");
        expect(await firstRowId(page)).toBe(followers[50]?.u);
        await pager.getByRole("link", { name: "Page 1", exact: true }).click();
        await page.waitForURL(`${site.origin}/top/followers`);
        await heading(page, "Most followed models on TestCams");
        expect(new URL(page.url()).search).toBe("");
        await page.getByRole("link", { name: "Female", exact: true }).click();
        await page.waitForURL(`${site.origin}/top/followers/women`);
        await heading(page, "Most followed Female models on TestCams");
        await expect(page.title()).resolves.toBe("Most followed Female models on TestCams");
        expect(await firstRowId(page)).toBe(rankedRows("f", LATEST_DAY, "women")[0]?.u);
        // axe once per width: most followed at the desktop's, top monthly at the phone's (below).
        if (name === "desktop") await expectNoSeriousViolations(page, "ranked lists");
        expect(errors).toEqual([]);
      });

      it("shows top monthly with its score, and the 2021 page's empty state", async () => {
        const { page, errors } = await open("/top/performers/women/asian", { viewport });
        await heading(page, "Top asian Female models on TestCams in the last 30 days");
        expect(await page.locator("tbody tr").count()).toBe(12);
        expect(await overflows(page)).toBe(false);
        // Its score column makes it the widest list: scanned at the phone's width.
        if (name === "phone") await expectNoSeriousViolations(page, "ranked lists");
        await page.getByRole("link", { name: "Top of 2021" }).click();
        await page.waitForURL(`${site.origin}/top/2021`);
        await heading(page, "Top models on TestCams in 2021");
        await expect(page.locator(".ranked-list__empty").textContent()).resolves.toContain(
          `our records begin on ${FIRST_DAY}`,
        );
        expect(errors).toEqual([]);
      });
    });
  }

  it("fits the widest table, supporters with its score column, on a phone", async () => {
    const { page, errors } = await open("/top/supporters/per-hour", { viewport: PHONE, javaScript: false });
    await heading(page, "Models who won the most new followers per hour online on TestCams for the last day");
    expect(await page.locator("tbody tr").count()).toBe(50);
    expect(await overflows(page)).toBe(false);
    expect(errors).toEqual([]);
  });

  it("answers an unknown tag with the 404 page", async () => {
    expect((await fetch(`${site.origin}/top/followers/nosuchtag`)).status).toBe(404);
    const { page } = await open("/top/growing/nosuchtag");
    await heading(page, "Page not found");
  });
});
