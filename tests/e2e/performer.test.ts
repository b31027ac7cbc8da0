import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { storeThumb, thumbsDir } from "../../src/collect/thumb-store.ts";
import { loadConfig } from "../../src/config.ts";
import { recordThumbStored } from "../../src/db/queries/performer-thumbs.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { solidImage } from "../helpers/images.ts";
import { type PerformerFixture, seedPerformerFixture } from "../helpers/performer-fixture.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { closeServer, heading, originOf, startImageHost } from "./page-helpers.ts";

describe("the performer pages in a browser", () => {
  let t: TestDatabase;
  let images: Server;
  let app: FastifyInstance;
  let f: PerformerFixture;

  const site = browserSite(async () => {
    t = await createTestDatabase();
    f = await seedPerformerFixture(t.db);
    images = await startImageHost();
    // A profile thumbnail kept of each (decision 0023): the offline one's page shows it.
    const dataDir = await mkdtemp(path.join(tmpdir(), "performer-e2e-"));
    for (const { id, username } of [f.live, f.offline]) {
      await storeThumb(thumbsDir(dataDir), username, await solidImage(240, 180, "jpeg"));
      await recordThumbStored(t.db, {
        performerId: id,
        day: "2026-01-01",
        storedAt: new Date(),
        hash: `${id}abc`,
      });
    }
    app = testApp(t.db, {
      imageHost: originOf(images),
      config: loadConfig({ PLATFORM_NAME: "TestCams", DATA_DIR: dataDir }),
      pageCache: false,
    });
    return {
      app,
      cleanUp: [
        () => closeServer(images),
        () => rm(dataDir, { recursive: true, force: true }),
        () => t.drop(),
      ],
    };
  });

  const { open } = site;
  const charts = (page: Page) => page.locator(".time-chart__canvas canvas");

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("reads whole with scripts off: profile, chart tables, sessions, heat map, calendar", async () => {
        const { page, errors } = await open("/alice_cam", { viewport, javaScript: false });
        await heading(page, "alice_cam");
        expect(await page.getByText("321 viewers now").isVisible()).toBe(true);
        expect(await page.locator(".time-chart table").count()).toBe(3);
        expect(await page.locator(".time-chart table").first().isVisible()).toBe(true);
        expect(await charts(page).count()).toBe(0);
        expect(await page.locator(".stream-table tbody tr").count()).toBe(3);
        expect(await page.locator(".heat-map tbody tr").count()).toBe(7);
        expect(await page.locator(".heat-map td.shade-4").count()).toBe(8);
        expect(await page.locator(".activity-calendar rect").count()).toBeGreaterThan(100);
        expect(await page.locator(".daily-table tbody tr").count()).toBe(30);
        // No horizontal scrolling of the page itself: wide tables scroll in their own regions.
        const overflow = await page.evaluate<number>(
          "document.documentElement.scrollWidth - document.documentElement.clientWidth",
        );
        expect(overflow).toBe(0);
        expect(errors).toEqual([]);
      });

      it("does not move when its scripts run: a tap lands where it was aimed", async () => {
        // Where the server's page puts things (scripts off) and where they are once the scripts have
        // drawn the charts and added the "Add to list" button: the same, to the pixel. The live
        // still is left out: it comes only once the browser has asked whether its region needs age
        // verification, and no room is kept for it.
        const layout = (page: Page) =>
          page.evaluate<number[]>(`(() => {
            const top = (selector) => document.querySelector(selector).getBoundingClientRect().top;
            return [top(".performer__live"), top(".stream-table a") - top(".performer__bio"), document.querySelector(".performer__section").offsetHeight];
          })()`);
        const plain = await open("/alice_cam", { viewport, javaScript: false });
        const before = (await layout(plain.page)).map(Math.round);
        const { page, errors } = await open("/alice_cam", { viewport });
        await page.locator(".add-to-list__button").waitFor();
        await expect.poll(() => charts(page).count()).toBe(3);
        expect((await layout(page)).map(Math.round)).toEqual(before);
        expect(errors).toEqual([]);
      });

      it("suggests a tag without an account, kept for review and not shown", async () => {
        const { page, errors } = await open("/alice_cam", { viewport });
        const fans = page.locator('section[aria-labelledby="fans-title"]');
        await fans.getByText("No fan quotes about alice_cam yet.").waitFor();
        await fans.getByText("Suggest a tag or a summary, or write a quote").click();
        const form = fans.locator("form").filter({ hasText: "Suggest a tag" });
        const tag = `fanpick${name}`;
        await form.getByLabel("Tag").fill(`#${tag.toUpperCase()}`);
        await form.getByRole("button", { name: "Suggest the tag" }).click();
        await form.getByText("Thank you. A moderator reads it before it shows on the site.").waitFor();
        // Signed out, a quote asks for an account first.
        await fans.getByRole("button", { name: "Sign in to write a quote" }).waitFor();
        const dir = process.env.SCREENSHOTS_DIR;
        if (dir) await fans.screenshot({ path: path.join(dir, `performer-fans-${viewport.width}.png`) });
        const { rows } = await sql<{ tag: string; status: string }>`
          SELECT tag, status FROM tag_suggestions WHERE username = 'alice_cam' AND tag = ${tag}`.execute(
          t.db,
        );
        expect(rows).toEqual([{ tag, status: "pending" }]);
        expect(errors).toEqual([]);
      });

      it("draws the charts with scripts, folds their tables, shows the live thumbnail, passes axe", async () => {
        const { page, errors } = await open("/alice_cam", { viewport });
        await charts(page).first().waitFor();
        await expect.poll(() => charts(page).count()).toBe(3);
        const figures = page.locator(".time-chart__figures").first();
        expect(await figures.locator("table").isVisible()).toBe(false);
        await page.locator(".performer__thumb").waitFor();
        await figures.getByText("Show the figures").click();
        expect(await figures.locator("table").isVisible()).toBe(true);
        // With a table unfolded: its scroll box must be reachable by keyboard too.
        await expectNoSeriousViolations(page, "performer");
        expect(await page.locator(".performer__thumb").getAttribute("src")).toBe(
          `${originOf(images)}/ri/alice_cam.jpg`,
        );
        expect(errors).toEqual([]);
      });
    });
  }

  it("shows the kept profile thumbnail while the performer is not live, the live one while live", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, errors } = await open("/bob_cam", { viewport });
      const thumb = page.locator(".performer__thumb--profile");
      await thumb.waitFor();
      expect(await thumb.getAttribute("src")).toBe(`/profile/bob_cam-thumb.jpg?v=${f.offline.id}abc`);
      expect(await thumb.getAttribute("alt")).toBe("bob_cam's room, as last seen");
      expect(await thumb.getAttribute("loading")).toBe("lazy");
      // Loaded from the site's own route (the page's policy allows 'self' images): 240 pixels wide.
      await expect
        .poll(() => page.evaluate("document.querySelector('.performer__thumb--profile')?.naturalWidth"))
        .toBe(240);
      if (viewport === PHONE) await expectNoSeriousViolations(page, "performer, not live");
      expect(errors).toEqual([]);
    }
    const live = await open("/alice_cam", { viewport: DESKTOP });
    await live.page.locator(".performer__thumb").waitFor();
    expect(await live.page.locator(".performer__thumb--profile").count()).toBe(0);
    // Without scripts (and so for crawlers, whose render is the same) no still is shown.
    const plain = await open("/bob_cam", { viewport: PHONE, javaScript: false });
    await heading(plain.page, "bob_cam");
    expect(await plain.page.locator(".performer__thumb").count()).toBe(0);
  });

  it("opens a session's details and changes the heat map's weeks", async () => {
    const { page, errors } = await open("/alice_cam", { viewport: DESKTOP });
    // Scripts running: the link below is followed by the browser, not by a click in a page that moves.
    await page.locator(".add-to-list__button").waitFor();
    await page.locator(".stream-table a").first().click();
    await page.waitForURL(`**/alice_cam?stream=${f.streamIds[0]}#stream-details`);
    const details = page.locator("#stream-details");
    await details.waitFor();
    expect(await details.locator("[data-field]").count()).toBe(11);
    await page.getByRole("link", { name: "12 weeks" }).click();
    await page.waitForURL("**/alice_cam?weeks=12#hours-title");
    await page.getByText("over the last 12 weeks").waitFor();
    expect(await page.getByRole("link", { name: "12 weeks" }).getAttribute("aria-current")).toBe("page");
    expect(errors).toEqual([]);
  });

  it("shows the schedule in words, the 404 page for an unknown performer, and the token page", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const schedule = await open("/schedule/alice_cam", { viewport });
      await heading(schedule.page, "alice_cam's schedule");
      await schedule.page.getByText("Usually online Mondays and Thursdays, 18:00–22:00 UTC").waitFor();
      // The schedule is of the performer family, which axe scans once per width, on the performer's
      // page above; the token page is a family of its own, scanned at the phone's width.
      expect(schedule.errors).toEqual([]);

      const tokens = await open("/camsandbox-tokens", { viewport });
      await heading(tokens.page, "TestCams tokens");
      expect(await tokens.page.locator(".tokens__table").first().getByRole("link").allTextContents()).toEqual(
        ["alice_cam"],
      );
      if (viewport === PHONE) await expectNoSeriousViolations(tokens.page, "tokens");
      expect(tokens.errors).toEqual([]);
    }
    const missing = await open("/nobody_here", { viewport: PHONE, javaScript: false });
    await heading(missing.page, "Page not found");
  });
});
