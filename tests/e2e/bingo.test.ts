import { readFile } from "node:fs/promises";
import { sql } from "kysely";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createAuth } from "../../src/identity/auth.ts";
import { createIdentity } from "../../src/identity/identity.ts";
import { publishBingoData } from "../../src/publish/bingo-data.ts";
import { addDays } from "../../src/rules/calendar.ts";
import { RateWindows } from "../../src/server/rate-windows.ts";
import { BINGO_PNG_PER_MINUTE } from "../../src/server/routes/bingo-card-png.ts";
import {
  answerRateRequest,
  type RateChannel,
  sharedRateLimitStore,
} from "../../src/server/shared-rate-limit.ts";
import { decodeCard } from "../../src/site/bingo/card-link.ts";
import { lastClosedDay } from "../../src/stats/ranking-day.ts";
import { testApp } from "../helpers/api.ts";
import { insertSubjectGoal } from "../helpers/bingo-goals.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { insertPerformer } from "../helpers/fixtures.ts";
import { testPublishContext } from "../helpers/publish.ts";
import { recordingMailer } from "../helpers/recording-mailer.ts";
import { listenLocally } from "../helpers/site.ts";
import { confirmedAccount } from "./account-steps.ts";
import { DESKTOP, expectNoSeriousViolations, openPage, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { heading, PERSON } from "./page-helpers.ts";

/**
 * /bingo-card-creator in a real browser at phone and desktop widths: edit a square, fill one from
 * the data's suggestions, download the PNG (a real image of the size chosen), copy the link and
 * open it; the server's card and download without scripts; a verified performer saves, opens and
 * deletes a card; nothing wider than the screen, no console errors and no serious accessibility
 * violations.
 */

const PASSWORD = "orchid-lantern-42";
const { mailer, mail } = recordingMailer();

const overflows = (page: Page) =>
  page.evaluate<boolean>("document.documentElement.scrollWidth > document.documentElement.clientWidth");
const previewText = (page: Page) => page.locator("svg.bingo-preview").textContent();

describe("the bingo card creator in a browser", () => {
  let t: TestDatabase;

  const site = browserSite(async () => {
    t = await createTestDatabase();
    const day = lastClosedDay(Date.now());
    const seen = `${addDays(day, -2)}T12:00:00Z`;
    for (const [i, tokens] of [150, 200, 250].entries()) {
      const id = await insertPerformer(t.db, { username: `p${i}` });
      await insertSubjectGoal(t.db, {
        performerId: id,
        item: "Oil show",
        key: "oil show",
        tokens,
        lastSeen: seen,
      });
    }
    const context = await testPublishContext(t.db);
    await publishBingoData(context, day);
    const auth = createAuth({
      db: t.db,
      secret: "s".repeat(48),
      origin: "http://camstats.test",
      mailer,
      siteName: "camstats",
    });
    const app = testApp(t.db, {
      identity: createIdentity(t.db, auth),
      pageCache: false,
      publishDir: context.root,
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
    });
    return { app, cleanUp: [() => context.remove(), () => t.drop()] };
  });
  const { open } = site;

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    describe(`at ${viewport.width} px (${name})`, () => {
      it("edits a card, downloads its PNG, and shares it by link", { timeout: 90_000 }, async () => {
        const { page, errors } = await open("/bingo-card-creator", { viewport });
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
        await heading(page, "Bingo card creator");
        await page.waitForLoadState("networkidle");
        await expectNoSeriousViolations(page, "bingo-creator");
        expect(await previewText(page)).toContain("Oil show");

        // Edit a square by hand: the preview follows, and the address becomes the card's.
        await page.getByLabel("Square 1", { exact: true }).fill("Kiss the screen");
        await page.getByLabel("Square 1 price in tokens").fill("77");
        await expect.poll(() => previewText(page)).toContain("77 tk");
        expect(await previewText(page)).toContain("Kiss the");
        await expect.poll(() => new URL(page.url()).searchParams.get("card")).not.toBeNull();

        // Fill square 3 from the data's suggestions, at their median price.
        await page.getByLabel("Square 3", { exact: true }).focus();
        await page.getByRole("button", { name: "Oil show 200 tk" }).click();
        expect(await page.getByLabel("Square 3", { exact: true }).inputValue()).toBe("Oil show");
        expect(await page.getByLabel("Square 3 price in tokens").inputValue()).toBe("200");

        // A card that does not hold says why, and cannot be downloaded until fixed.
        await page.getByLabel("Title", { exact: true }).fill("");
        await page.getByText("To download or share, fix this: The title needs 1 to 60 characters.").waitFor();
        expect(await page.getByRole("link", { name: "Download PNG" }).count()).toBe(0);
        await page.getByLabel("Title", { exact: true }).fill("Friday bingo");

        // The PNG at the stream overlay's size.
        await page.getByLabel("Image size").selectOption("overlay");
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("link", { name: "Download PNG" }).click(),
        ]);
        expect(download.suggestedFilename()).toBe("bingo-friday-bingo-overlay.png");
        const png = await readFile(await download.path());
        const meta = await sharp(png).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["png", 1280, 720]);

        // The link opens the same card, server-rendered.
        await page.getByRole("button", { name: "Copy link" }).click();
        await page.getByText("Link copied.").waitFor();
        const link = await page.getByLabel("Link to this card").inputValue();
        expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(link);
        const code = new URL(link).searchParams.get("card") ?? "";
        const shared = decodeCard(code);
        expect(shared.ok && shared.card.title).toBe("Friday bingo");
        expect(shared.ok && shared.card.cells[0]).toEqual({ text: "Kiss the screen", tokens: 77 });

        const opened = await open(`${new URL(link).pathname}${new URL(link).search}`, {
          viewport,
          javaScript: false,
        });
        await heading(opened.page, "Bingo card creator");
        expect(await previewText(opened.page)).toContain("Friday bingo");
        expect(await previewText(opened.page)).toContain("77 tk");

        await page.waitForLoadState("networkidle");
        await expectNoSeriousViolations(page, "bingo-edited");
        expect(await overflows(page)).toBe(false);
        expect([...errors, ...opened.errors]).toEqual([]);
      });

      it("shows the card and its download without scripts, and fits the screen", async () => {
        const { page, errors } = await open("/bingo-card-creator", { viewport, javaScript: false });
        await heading(page, "Bingo card creator");
        expect(await previewText(page)).toContain("Oil show");
        const href = await page.getByRole("link", { name: "Download PNG" }).getAttribute("href");
        const response = await fetch(`${site.origin}${href}`);
        expect(response.status).toBe(200);
        const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["png", 800, 800]);
        expect(await overflows(page)).toBe(false);
        expect(errors).toEqual([]);
      });
    });
  }

  it("lets a verified performer save, open and delete cards (1280 px)", { timeout: 90_000 }, async () => {
    const email = "bingo@example.com";
    await confirmedAccount(site.origin, mail, email, PASSWORD);
    const performer = await insertPerformer(t.db, { username: "bingoqueen" });
    await sql`INSERT INTO performer_owners (performer_id, user_id, verified_at)
      SELECT ${performer}, id, now() FROM users WHERE email = ${email}`.execute(t.db);

    const { page, errors } = await open("/settings", { viewport: DESKTOP });
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { name: "Sign out everywhere" }).waitFor();

    await page.goto(`${site.origin}/bingo-card-creator`);
    await page.getByRole("heading", { name: "Your saved cards" }).waitFor();
    await page.getByText("0 of 20 saved.").waitFor();
    await page.getByLabel("Title", { exact: true }).fill("Saturday game");
    await page.getByRole("button", { name: "Save card" }).click();
    await page.getByText("Card saved.").waitFor();
    expect(await page.locator(".bingo__saved-title").allTextContents()).toEqual(["Saturday game"]);

    await page.getByLabel("Title", { exact: true }).fill("Sunday game");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.locator(".bingo__saved-title").allTextContents()).toEqual(["Sunday game"]);

    await page.goto(`${site.origin}/bingo-card-creator`);
    await page.getByRole("button", { name: "Open Sunday game" }).click();
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Sunday game");
    await page.waitForLoadState("networkidle");
    await expectNoSeriousViolations(page, "bingo-saved");

    await page.getByRole("button", { name: "Delete Sunday game" }).click();
    await page.getByText("Card deleted.").waitFor();
    expect(await page.locator(".bingo__saved-title").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("downloads after a few dozen pages, and says when to wait over the limit", {
    timeout: 90_000,
  }, async () => {
    // The site's limits as `npm start` has them: on, counted in the server processes' shared windows.
    const windows = new RateWindows();
    const listeners: ((message: unknown) => void)[] = [];
    const channel: RateChannel = {
      send: (message) =>
        setImmediate(() => {
          for (const listener of listeners) listener(answerRateRequest(windows, message));
        }),
      onMessage: (listener) => listeners.push(listener),
      onDisconnect: () => {},
    };
    const limited = testApp(t.db, {
      rateLimitPerMinute: 600,
      rateLimitStore: sharedRateLimitStore(channel),
      pageCache: false,
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
    });
    const origin = await listenLocally(limited);
    const { page, errors, close } = await openPage(site.browser, `${origin}/bingo-card-creator`, {
      viewport: DESKTOP,
      userAgent: PERSON,
    });
    try {
      // Ordinary browsing: pages with their styles, scripts and images (issue 28: 40 page requests once
      // spent the drawings' limit).
      for (let i = 0; i < 12; i++) {
        for (const path of ["/about", "/privacy", "/bingo-card-creator"]) await page.goto(`${origin}${path}`);
      }
      await heading(page, "Bingo card creator");
      await page.waitForLoadState("networkidle");
      await page.getByLabel("Title", { exact: true }).fill("After browsing");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download PNG" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("bingo-after-browsing-square.png");

      // New drawings up to the limit, then the page says how long to wait.
      for (let i = 1; i < BINGO_PNG_PER_MINUTE; i++) {
        await page.getByLabel("Title", { exact: true }).fill(`Card ${i}`);
        const href = (await page.getByRole("link", { name: "Download PNG" }).getAttribute("href")) ?? "";
        expect((await fetch(`${origin}${href}`)).status).toBe(200);
      }
      await page.getByLabel("Title", { exact: true }).fill("One too many");
      await page.getByRole("link", { name: "Download PNG" }).click();
      const alert = page.getByRole("alert");
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(
        /^You made 30 new card images in a minute\. Try again in \d+ seconds?\.$/,
      );
      expect(errors.filter((e) => !e.includes("429"))).toEqual([]);
    } finally {
      await close();
      await limited.close();
    }
  });
});
