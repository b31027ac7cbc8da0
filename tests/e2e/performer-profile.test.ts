import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { afterStoreAll } from "../../src/collect/after-store.ts";
import { collectPoll } from "../../src/collect/poll.ts";
import { loadConfig } from "../../src/config.ts";
import type { Db } from "../../src/db/connect.ts";
import { createAuth } from "../../src/identity/auth.ts";
import { createIdentity } from "../../src/identity/identity.ts";
import { claimsHook } from "../../src/profiles/claim-check.ts";
import { createSearchService } from "../../src/search/search-service.ts";
import { WEEKDAY_NAMES, type WeeklySlot, weekInZone } from "../../src/web/lib/profile/weekly-time.ts";
import {
  ABOUT_SAVED,
  BANNER_REMOVED,
  BANNER_SAVED,
  GOALS_SAVED,
  PICTURE_SAVED,
  SCHEDULE_SAVED,
  SOCIALS_SAVED,
} from "../../src/web/pages/account/profile-editor/profile-texts.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase } from "../helpers/database.ts";
import { solidImage } from "../helpers/images.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../helpers/platform.ts";
import { recordingMailer } from "../helpers/recording-mailer.ts";
import { confirmedAccount as createAccount, signInHere as signInOnPage } from "./account-steps.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";

/**
 * A performer's own profile in Chromium (issue 19): claim X through the sandbox control, edit every
 * part in /settings, see it on the performer page and /schedule/X in the visitor's own time zone,
 * upload and replace the pictures, and edit the schedule alone on the claim schedule page.
 */

const PASSWORD = "orchid-lantern-42";
const T0 = Date.UTC(2026, 10, 18, 21, 0);
const PERFORMER_ZONE = "Europe/Amsterdam";
const VISITOR_ZONE = "America/New_York";

const { mailer, mail } = recordingMailer();

let platform: TestPlatform;
let db: Db;
let at = T0;
let x = "";
let imageHost: http.Server;

const site = browserSite(async () => {
  platform = await startTestPlatform({ performers: 1000, seed: 23, at: T0 });
  const database = await createTestDatabase();
  db = database.db;
  const dataDir = await mkdtemp(path.join(tmpdir(), "performer-profile-"));
  // The platform's image host: any /ri/{name}.jpg is a JPEG (the sandbox's own thumbnails are SVG).
  const jpeg = await solidImage(600, 600, "jpeg", "#229966");
  imageHost = http.createServer((req, res) => {
    if (/^\/ri\/[\w-]+\.jpg$/.test(req.url ?? ""))
      res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
    else res.writeHead(404).end();
  });
  imageHost.listen(0, "127.0.0.1");
  await once(imageHost, "listening");
  const auth = createAuth({
    db,
    secret: "s".repeat(48),
    origin: "http://camstats.test",
    mailer,
    siteName: "camstats",
  });
  const app = testApp(db, {
    config: loadConfig({ PLATFORM_NAME: "TestCams", DATA_DIR: dataDir }),
    identity: createIdentity(db, auth),
    search: createSearchService(db, { optoutCheckSeconds: 0 }),
    sandboxControlUrl: platform.sandbox.url,
    imageHost: `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}`,
    imageHostIsSandbox: true,
    pageCache: false,
  });
  await poll();
  x = platform.population.truthAt(at)[3]?.username as string;
  return {
    app,
    cleanUp: [
      () => platform.sandbox.close(),
      async () => {
        imageHost.closeAllConnections();
        imageHost.close();
      },
      () => database.drop(),
      () => rm(dataDir, { recursive: true, force: true }),
    ],
  };
});

/** One live poll of the sandbox a minute on, with the claims check after it, as `npm start` runs it. */
async function poll(): Promise<void> {
  at += 60_000;
  platform.clock.set(at);
  await collectPoll(
    {
      ...testCollector(db, platform, { pageSize: 100 }),
      afterStore: afterStoreAll([
        claimsHook({ db, mailer, siteName: "camstats", origin: "http://camstats.test" }),
      ]),
    },
    new Date(at),
  );
}

const confirmedAccount = (email: string) => createAccount(site.origin, mail, email, PASSWORD);
const signInHere = (page: Page, email: string) => signInOnPage(page, email, PASSWORD);

const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();
const pngFile = async (name: string, width: number, height: number, colour: string) => ({
  name,
  mimeType: "image/png",
  buffer: await solidImage(width, height, "png", colour),
});
const loaded = (page: Page, selector: string) =>
  expect
    .poll(() =>
      page.locator(selector).evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    )
    .toBeGreaterThan(0);

const TUESDAY: WeeklySlot = { day: 2, start: "19:00", end: "22:00" };
const FRIDAY_NIGHT: WeeklySlot[] = [
  { day: 5, start: "22:00", end: "24:00" },
  { day: 6, start: "00:00", end: "02:00" },
];

/** Each weekday's line as the page writes it, the slots shown on the visitor's clock. */
function expectedDays(slots: WeeklySlot[], zone: string): string[] {
  const shown = weekInZone(slots, PERFORMER_ZONE, zone, Date.now());
  return ([1, 2, 3, 4, 5, 6, 7] as const).map((day) => {
    const times = shown
      .filter((s) => s.day === day)
      .map(
        (s) =>
          `${s.start} to ${s.end}${s.intoNextDay ? ` (on into ${WEEKDAY_NAMES[((day % 7) + 1) as 1]})` : ""}`,
      );
    return times.length === 0 ? "No stream" : times.join(", ");
  });
}

const dayLines = (page: Page) => page.locator(".weekly-schedule__days dd").allTextContents();

describe("a verified performer edits their profile and sees it on their pages, in Chromium", () => {
  it("claims X, edits every part in /settings, sees it on /X and /schedule/X (375 px)", async () => {
    const email = "profile@example.com";
    await confirmedAccount(email);
    const { page, close, errors } = await site.open(`/claim/${x}`, {
      viewport: PHONE,
      timezoneId: VISITOR_ZONE,
    });
    try {
      await signInHere(page, email);
      await page.getByRole("button", { name: "Get my code" }).click();
      const code = (await page.locator(".claim-code code").textContent()) ?? "";
      const set = await fetch(`${site.origin}/dev/sandbox/performer`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ performer: x, roomSubject: `hi ${code}` }),
      });
      expect(set.status).toBe(200);
      await poll();
      await page.getByRole("heading", { name: "Verified" }).waitFor({ timeout: 25_000 });
      expect(await page.getByRole("link", { name: "Set your schedule" }).getAttribute("href")).toBe(
        `/claim/${x}/schedule`,
      );

      await page.goto(`${site.origin}/settings`);
      await page.getByRole("heading", { name: "Your performer profile" }).waitFor();
      const about = page.getByLabel("Your own words on your performer page");
      await about.waitFor();

      // About me: the preview applies SPEC §5 as the page will.
      await about.fill("Evenings in Amsterdam & <b>music</b>\nSay hi at www.example.com");
      await page.getByText("As written, this is not shown at all").waitFor();
      await about.fill("Evenings in Amsterdam & <b>music\nSay hi at www.example.com");
      await page.getByText("Web addresses are taken out when shown").waitFor();
      await page.getByRole("button", { name: "Save about me" }).click();
      await status(page, ABOUT_SAVED);

      // Schedule: the zone found by typing, Tuesday evening and a Friday night past midnight.
      await page.getByLabel("Find your time zone").fill("amsterdam");
      await expect
        .poll(() => page.getByLabel("Time zone of your schedule").inputValue())
        .toBe(PERFORMER_ZONE);
      await page.getByRole("button", { name: "Add a time on Tuesday" }).click();
      await page.getByLabel("Tuesday: from").fill("19:00");
      await page.getByLabel("Tuesday: to").fill("22:00");
      await page.getByRole("button", { name: "Add a time on Friday" }).click();
      await page.getByLabel("Friday: from").fill("22:00");
      await page.getByLabel("Friday: to").fill("02:00");
      await page.getByRole("button", { name: "Save schedule" }).click();
      await status(page, SCHEDULE_SAVED);

      // Goals: two, one with tokens, shown.
      await page.getByRole("button", { name: "Add a goal" }).click();
      await page.getByLabel("Goal 1", { exact: true }).fill("New <lights>");
      await page.getByLabel(/^Tokens for goal 1/).fill("5000");
      await page.getByRole("button", { name: "Add a goal" }).click();
      await page.getByLabel("Goal 2", { exact: true }).fill("Trip to Lisbon");
      await page.getByLabel("Show goal details (the tokens) on my profile").check();
      await page.getByRole("button", { name: "Save goals" }).click();
      await status(page, GOALS_SAVED);

      // Links: one off its network's host gets the server's message by its field.
      await page.getByLabel("Instagram").fill("https://evil.example/x");
      await page.getByLabel("X (Twitter)").fill(`https://x.com/${x}`);
      await page.getByRole("button", { name: "Save links" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: "expected an https link to a page on instagram.com" })
        .waitFor();
      expect(await page.getByLabel("Instagram").getAttribute("aria-invalid")).toBe("true");
      await page.getByLabel("Instagram").fill(`https://www.instagram.com/${x}`);
      await page.getByRole("button", { name: "Save links" }).click();
      await status(page, SOCIALS_SAVED);

      // Pictures: an upload, then the platform's own; a banner.
      await page.getByLabel("Upload a picture").setInputFiles(await pngFile("me.png", 400, 400, "#cc3366"));
      await page.getByRole("button", { name: "Upload picture" }).click();
      await status(page, PICTURE_SAVED);
      await loaded(page, ".profile-image-now");
      await page
        .getByLabel("Or use my picture from the platform: its address")
        .fill("https://elsewhere.example/me.jpg");
      await page.getByRole("button", { name: "Use this picture" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: "expected the URL of an image on the platform's image host" })
        .waitFor();
      const hostPort = (imageHost.address() as AddressInfo).port;
      await page
        .getByLabel("Or use my picture from the platform: its address")
        .fill(`http://127.0.0.1:${hostPort}/ri/${x}.jpg`);
      await page.getByRole("button", { name: "Use this picture" }).click();
      await status(page, PICTURE_SAVED);
      await page
        .getByLabel("Upload a banner")
        .setInputFiles(await pngFile("banner.png", 1800, 600, "#3366cc"));
      await page.getByRole("button", { name: "Upload banner" }).click();
      await status(page, BANNER_SAVED);
      await loaded(page, ".profile-banner-now");
      await expectNoSeriousViolations(page, "settings with the profile editor");

      // The performer page: all of it, the schedule on the visitor's clock.
      await page.goto(`${site.origin}/${x}`);
      await page.locator(".verified-mark").getByText("Verified performer").waitFor();
      await page.getByText("Evenings in Amsterdam & <b>music").waitFor();
      await page
        .getByText(`Times in your time zone, ${VISITOR_ZONE}. ${x} streams in ${PERFORMER_ZONE}.`)
        .waitFor();
      expect(await dayLines(page)).toEqual(expectedDays([TUESDAY, ...FRIDAY_NIGHT], VISITOR_ZONE));
      expect(await page.locator(".weekly-schedule__next").textContent()).toMatch(
        /^(Next stream: .+ your time \(.+Europe\/Amsterdam\)|Streaming now by the schedule, until .+)$/,
      );
      const goals = await page.locator(".own-goals li").allTextContents();
      expect(goals).toEqual(["New <lights>5,000 tokens", "Trip to Lisbon"]);
      const links = page.locator(".own-socials a");
      const hrefAndRel = async (i: number) => [
        await links.nth(i).getAttribute("href"),
        await links.nth(i).getAttribute("rel"),
      ];
      expect(await links.count()).toBe(2);
      expect([await hrefAndRel(0), await hrefAndRel(1)]).toEqual([
        [`https://x.com/${x}`, "nofollow noopener ugc"],
        [`https://www.instagram.com/${x}`, "nofollow noopener ugc"],
      ]);
      await loaded(page, ".own-banner__banner");
      await loaded(page, ".own-banner__picture");
      await expectNoSeriousViolations(page, "verified performer page");

      // /schedule/X: the schedule first.
      await page.goto(`${site.origin}/schedule/${x}`);
      await page.getByRole("heading", { name: "Weekly schedule" }).waitFor();
      await page.getByText(`Times in your time zone, ${VISITOR_ZONE}.`, { exact: false }).waitFor();
      expect(await dayLines(page)).toEqual(expectedDays([TUESDAY, ...FRIDAY_NIGHT], VISITOR_ZONE));
      await expectNoSeriousViolations(page, "verified schedule page");
      expect(errors.filter((e) => /hydrat|Minified React error/i.test(e))).toEqual([]);
    } finally {
      await close();
    }
  });

  it("replaces the pictures, removes the banner and edits the schedule alone (1280 px)", async () => {
    const { page, close, errors } = await site.open(`/claim/${x}/schedule`, {
      viewport: DESKTOP,
      timezoneId: PERFORMER_ZONE,
    });
    try {
      await page.getByRole("heading", { name: "Sign in first" }).waitFor();
      await signInHere(page, "profile@example.com");
      // The claim schedule page: the schedule editor alone, as saved.
      await page.getByRole("heading", { name: "Schedule", exact: true }).waitFor();
      expect(await page.getByLabel("Time zone of your schedule").inputValue()).toBe(PERFORMER_ZONE);
      expect(await page.getByLabel("Friday: to").inputValue()).toBe("02:00");
      expect(await page.getByRole("heading", { name: "Goals" }).count()).toBe(0);
      await expectNoSeriousViolations(page, "claim schedule page");
      await page.getByRole("button", { name: /^Remove Tuesday/ }).click();
      await page.getByRole("button", { name: "Save schedule" }).click();
      await status(page, SCHEDULE_SAVED);

      await page.goto(`${site.origin}/settings`);
      await page.getByRole("button", { name: "Replace picture" }).waitFor();
      const before = await page.locator(".profile-image-now").getAttribute("src");
      await page.getByLabel("Upload a picture").setInputFiles(await pngFile("new.png", 300, 300, "#ffaa00"));
      await page.getByRole("button", { name: "Replace picture" }).click();
      await status(page, PICTURE_SAVED);
      await expect.poll(() => page.locator(".profile-image-now").getAttribute("src")).not.toBe(before);
      await page.getByRole("button", { name: "Remove banner" }).click();
      await status(page, BANNER_REMOVED);
      await expectNoSeriousViolations(page, "settings with the profile editor");

      await page.goto(`${site.origin}/schedule/${x}`);
      // The visitor is in the performer's zone: the times as set, Friday running into Saturday.
      await page.getByText(`Times in your time zone, ${PERFORMER_ZONE}: ${x}'s too.`).waitFor();
      expect(await dayLines(page)).toEqual(expectedDays(FRIDAY_NIGHT, PERFORMER_ZONE));
      await page.goto(`${site.origin}/${x}`);
      await page.locator(".verified-mark").waitFor();
      expect(await page.locator(".own-banner__banner").count()).toBe(0);
      await loaded(page, ".own-banner__picture");
      await expectNoSeriousViolations(page, "verified performer page");
      expect(errors.filter((e) => /hydrat|Minified React error/i.test(e))).toEqual([]);
    } finally {
      await close();
    }
  });
});
