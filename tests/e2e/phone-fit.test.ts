import { cp, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createList } from "../../src/db/queries/lists.ts";
import { writeProfileSettings, writeProfileSocials } from "../../src/db/queries/performer-own-profile.ts";
import { createAuth } from "../../src/identity/auth.ts";
import { createIdentity } from "../../src/identity/identity.ts";
import { sandboxPlatform } from "../../src/online-rooms/platform-source.ts";
import {
  MAX_ABOUT_ME,
  MAX_GOAL_TEXT,
  MAX_GOAL_TOKENS,
  MAX_SOCIAL_URL,
  MAX_TIP_MENU_ITEM,
  MAX_TIP_MENU_TOKENS,
} from "../../src/profiles/profile-rules.ts";
import { dailyIndexPath, dailyViewerRankingPath } from "../../src/publish/paths.ts";
import type { DailyIndex } from "../../src/publish/ranking-schemas.ts";
import { publishJson } from "../../src/publish/write-file.ts";
import { testApp } from "../helpers/api.ts";
import { writeCameraTrendsFixture } from "../helpers/camera-trends-file.ts";
import { fixtureRows, LATEST_DAY, writeDailyViewerFixture } from "../helpers/daily-viewer-files.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { insertGoal, insertPerformer, insertSession } from "../helpers/fixtures.ts";
import { writeMorePagesFiles } from "../helpers/more-pages-files.ts";
import { seedPerformerFixture } from "../helpers/performer-fixture.ts";
import { startTestPlatform, type TestPlatform } from "../helpers/platform.ts";
import { writeRankedListFixture } from "../helpers/ranked-list-files.ts";
import { recordingMailer } from "../helpers/recording-mailer.ts";
import { insertSearchPerformers } from "../helpers/search-performers.ts";
import { insertSummaryPerformers } from "../helpers/summaries.ts";
import { writeTagOverviewFixture } from "../helpers/tag-overview-files.ts";
import { writeTrafficMapFixture } from "../helpers/traffic-map-files.ts";
import { confirmedAccount } from "./account-steps.ts";
import { browserSite } from "./browser-site.ts";

/**
 * Every page family on a 375 px phone (issue 28, point 5), signed out and signed in: no page
 * scrolls sideways as a whole (a wide table scrolls inside its own box), and the sign-in and
 * search filter dialogs sit whole on a 375×667 screen with their main button in sight. One site
 * holds the richest fixtures of the other browser tests, so that each family shows real rows.
 */

/** A small phone: the iPhone SE's screen, the shortest the dialogs must fit. */
const PHONE_SE = { width: 375, height: 667 };
const PASSWORD = "orchid-lantern-42";
const EMAIL = "phone@example.com";
const LIST_ID = "PhoneFitList";
/** What a visitor may write, at its longest and without a space to break at (LIST_NAME_MAX 80). */
const LIST_NAME = "MyAbsoluteFavouriteLatinaPerformersOfTwentyTwentySixThatIWatchEveryNightOfTheWee";
const LIST_DESCRIPTION = `Everyone I watch: ${"https://example.com/".repeat(4)}${"x".repeat(60)}`;

/** A real tag of the platform's, among its longest. */
const LONG_TAG = "doublepenetration";

/** Text without a space to break at, of a length. */
const unbroken = (length: number) => "Unbreakable".repeat(Math.ceil(length / 11)).slice(0, length);

/** Every route family of src/web/routes.ts that a visitor reaches, one address each. */
const FAMILIES = [
  "/",
  "/search",
  "/lists",
  `/lists/${LIST_ID}`,
  "/top",
  "/top/asian",
  "/top/viewers",
  "/top/viewers/women/asian",
  // A long tag, as the platform has them: the tag picker's chip must stay on the screen.
  `/top/viewers/men/${LONG_TAG}`,
  "/top/followers",
  "/top/growing",
  "/top/performers",
  "/top/supporters",
  "/traffic",
  "/traffic/2026-01-05",
  "/map",
  "/location/colombia",
  "/tipmenu",
  "/tipmenu/oil/all",
  "/namepicker",
  "/bingo-card-creator",
  "/socialmedia",
  "/social-media-buttons",
  "/resources",
  "/blog",
  "/blog/how-the-top-100-is-made",
  "/about",
  "/privacy",
  "/settings",
  "/celebrations",
  "/performerbadges",
  "/tags",
  "/tags/asian",
  "/live-stats",
  "/camera-trends",
  "/world-locations",
  "/compare?performers=alice_cam,bob_cam&days=7",
  "/alice_cam",
  "/monthly_summary/alice",
  "/testcams_wrapped/alice",
  "/claim/alice_cam",
  "/optout/alice_cam",
  "/logos",
  "/race",
  "/4k",
  "/1080p",
  "/popular/asian",
  "/teen-cams",
] as const;

const { mailer, mail } = recordingMailer();

/** The document's width against the screen's, once the page's scripts have drawn it. */
interface Fit {
  route: string;
  status: number;
  scrollWidth: number;
  clientWidth: number;
  /** The rows' "Add to list" buttons: only a signed-in visitor has them. */
  addButtons: number;
  /** Text that sticks out of the bordered box it is drawn in (a card's figures, say). */
  spills: string[];
}

/**
 * The text that sticks out sideways of the bordered box around it, as "tag 'text' N px past
 * the box's right (left) edge". A box is an element with a border on both sides that lets its
 * content show beyond it (overflow visible); text inside a scrolling or clipping part of it, or
 * laid out of the flow (absolute, fixed), is where it means to be. Run in the page, as a string:
 * the tests' own types have no DOM.
 */
const SPILLS = `(() => {
  const spills = [];
  const contained = (inner, box) => {
    for (let at = inner; at !== box; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.overflowX !== "visible" || style.position === "absolute" || style.position === "fixed") return true;
    }
    return false;
  };
  for (const box of document.querySelectorAll("main *")) {
    const style = getComputedStyle(box);
    if (style.overflowX !== "visible" || parseFloat(style.borderLeftWidth) === 0 || parseFloat(style.borderRightWidth) === 0) continue;
    const edge = box.getBoundingClientRect();
    for (const inner of box.querySelectorAll("*")) {
      if (inner.children.length > 0 || inner.textContent.trim() === "") continue;
      const drawn = inner.getBoundingClientRect();
      if (drawn.width === 0 || contained(inner, box)) continue;
      const text = inner.tagName.toLowerCase() + " '" + inner.textContent.trim().slice(0, 30) + "'";
      if (drawn.right > edge.right + 0.5) spills.push(text + " " + Math.round(drawn.right - edge.right) + " px past the box's right edge");
      if (drawn.left < edge.left - 0.5) spills.push(text + " " + Math.round(edge.left - drawn.left) + " px past the box's left edge");
    }
  }
  return spills.slice(0, 5);
})()`;

/** Visits each route in turn in one tab and measures the whole document's width. */
async function walk(page: Page, origin: string): Promise<Fit[]> {
  const fits: Fit[] = [];
  for (const route of FAMILIES) {
    const response = await page.goto(`${origin}${route}`, { waitUntil: "load" });
    // The signed-in parts (account menu, Add to list buttons) render once the login status is
    // known: the account menu stops being busy then, in both tabs.
    await page.locator('.account-menu__items[aria-busy="false"]').waitFor({ state: "attached" });
    // Then the page's own calls and images settle; on a loaded machine one slow image can keep
    // the network busy for long, and what is measured here is the laid-out width, so a page that
    // does not fall quiet in 10 s is measured as it stands.
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
    const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>(
      "[document.documentElement.scrollWidth, document.documentElement.clientWidth]",
    );
    const addButtons = await page.getByRole("button", { name: /^Add to list: / }).count();
    const spills = await page.evaluate<string[]>(SPILLS);
    fits.push({ route, status: response?.status() ?? 0, scrollWidth, clientWidth, addButtons, spills });
  }
  return fits;
}

/** The routes whose document is wider than the screen, as "route: N px wide on M". */
const overflowing = (fits: Fit[]) =>
  fits
    .filter((f) => f.scrollWidth > f.clientWidth)
    .map((f) => `${f.route}: ${f.scrollWidth} px on ${f.clientWidth}`);

/** The routes with text out of its box, as "route: what spills". */
const spilling = (fits: Fit[]) =>
  fits.filter((f) => f.spills.length > 0).flatMap((f) => f.spills.map((spill) => `${f.route}: ${spill}`));

/** Where a box lies against the screen: it must lie whole inside it. */
async function outsideScreen(locator: Locator): Promise<string[]> {
  const box = await locator.boundingBox();
  if (box === null) return ["not rendered"];
  const problems: string[] = [];
  if (box.x < 0) problems.push(`left edge at ${box.x}`);
  if (box.y < 0) problems.push(`top edge at ${box.y}`);
  if (box.x + box.width > PHONE_SE.width) problems.push(`right edge at ${box.x + box.width}`);
  if (box.y + box.height > PHONE_SE.height) problems.push(`bottom edge at ${box.y + box.height}`);
  return problems;
}

/** The page's own scroll: a dialog's button must be in sight without it. */
const pageScroll = (page: Page) => page.evaluate<[number, number]>("[window.scrollX, window.scrollY]");

/** How far the box's centre lies from the screen's centre, across, in whole pixels. */
async function offCentre(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (box === null) return Number.POSITIVE_INFINITY;
  return Math.round(Math.abs(box.x + box.width / 2 - PHONE_SE.width / 2));
}

/** Opens the header's sign-in dialog, as a visitor does: the account menu, then Sign In. */
async function openSignIn(page: Page): Promise<Locator> {
  await page.locator(".account-menu > summary").click();
  await page.locator(".account-menu__items").getByRole("link", { name: "Sign In", exact: true }).click();
  await page.getByRole("dialog", { name: "Sign in" }).waitFor();
  return page.locator("dialog.account-dialog[open]");
}

describe("every page on a 375 px phone", () => {
  let t: TestDatabase;
  let platform: TestPlatform;

  const site = browserSite(async () => {
    t = await createTestDatabase();
    await seedPerformerFixture(t.db);
    // What alice_cam's verified owner (the phone's visitor, signedInPhone) may write on her page,
    // at its longest and least breakable.
    const alice = await t.db
      .selectFrom("performers")
      .select("performer_id")
      .where("username", "=", "alice_cam")
      .executeTakeFirstOrThrow();
    const owner = { performerId: alice.performer_id, username: "alice_cam" };
    await writeProfileSettings(
      t.db,
      owner,
      {
        aboutMe: `${unbroken(120)}\n${"Come and say hi! ".repeat(110)}`.slice(0, MAX_ABOUT_ME),
        goals: [{ text: unbroken(MAX_GOAL_TEXT), tokens: MAX_GOAL_TOKENS }],
        showGoalDetails: true,
        tipMenu: [{ item: unbroken(MAX_TIP_MENU_ITEM), itemKey: "unbreakable", tokens: MAX_TIP_MENU_TOKENS }],
      },
      new Date(),
    );
    const twitter = "https://x.com/";
    await writeProfileSocials(
      t.db,
      owner,
      { set: { twitter: `${twitter}${"a".repeat(MAX_SOCIAL_URL - twitter.length)}` }, remove: [] },
      new Date(),
    );
    await insertSummaryPerformers(t.db);
    await insertSearchPerformers(t.db);
    // The search's first card (most followers first) with a top performer's figures: a phone's
    // card is 170 px wide, and seven-digit counts once ran out of it.
    const star = await insertPerformer(t.db, {
      username: "goldenrose93",
      gender: "f",
      country: "CO",
      followers: 3_255_633,
      lastSeen: new Date(Date.now() - 30 * 60_000).toISOString(),
    });
    await insertSession(t.db, {
      performerId: star,
      start: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      end: new Date(Date.now() - 30 * 60_000).toISOString(),
      maxViewers: 25_712,
    });
    const seen = new Date(Date.now() - 3_600_000);
    for (const [username, tokens] of [
      ["oil_anna", 500],
      ["oil_bea", 300],
    ] as const) {
      const id = await insertPerformer(t.db, { username, gender: "f" });
      await insertGoal(t.db, { performerId: id, item: "Oil show with every detail of it", tokens, seen });
    }
    // One day of traffic hours, for /traffic/{date}.
    for (const [at, rooms, viewers] of [
      ["2026-01-05T10:00:00Z", 10, 100],
      ["2026-01-05T11:00:00Z", 12, 150],
    ] as const) {
      await sql`
        INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, rooms_f, viewers_f,
          pages, requests, duration_ms)
        VALUES (${at}, ${at}, ${at}, 'complete', 'live', ${rooms}, ${viewers}, ${rooms}, ${viewers}, 1, 1, 5)`.execute(
        t.db,
      );
    }
    // The published files of every family, one tree: the later fixtures' shared files (the
    // manifest, a day's index) win, and each names only files it wrote itself.
    const daily = await writeDailyViewerFixture({ abbr: "tc", online: [] });
    const fixtures = [
      await writeRankedListFixture({ abbr: "tc" }),
      await writeTagOverviewFixture({ abbr: "tc", online: [] }),
      await writeTrafficMapFixture(),
      await writeCameraTrendsFixture(),
    ];
    for (const fixture of fixtures) await cp(fixture.root, daily.root, { recursive: true, force: true });
    // The latest day's men list of LONG_TAG, named in that day's index.
    await publishJson(
      daily.root,
      dailyViewerRankingPath(LATEST_DAY, "men", LONG_TAG),
      fixtureRows(LATEST_DAY, "men", LONG_TAG, 6),
    );
    const index = JSON.parse(
      await readFile(path.join(daily.root, dailyIndexPath(LATEST_DAY)), "utf8"),
    ) as DailyIndex;
    index.lists.men.push(LONG_TAG);
    await publishJson(daily.root, dailyIndexPath(LATEST_DAY), index);
    await writeMorePagesFiles(daily.root);
    platform = await startTestPlatform({ performers: 600, seed: 5, at: Date.now() });
    const auth = createAuth({
      db: t.db,
      secret: "s".repeat(48),
      origin: "http://camstats.test",
      mailer,
      siteName: "camstats",
    });
    const app = testApp(t.db, {
      publishDir: daily.root,
      platform: sandboxPlatform(platform.sandbox.url),
      feedRequestsPerSecond: Number.POSITIVE_INFINITY,
      identity: createIdentity(t.db, auth),
      pageCache: false,
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
    });
    return {
      app,
      cleanUp: [
        () => platform.sandbox.close(),
        ...fixtures.map((f) => () => f.remove()),
        () => daily.remove(),
        () => t.drop(),
      ],
    };
  });

  /** Signs the phone's visitor in through the sign-in dialog of /top/viewers, checking the dialog on the way. */
  async function signedInPhone(): Promise<Page> {
    await confirmedAccount(site.origin, mail, EMAIL, PASSWORD);
    const { id } = await t.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", EMAIL)
      .executeTakeFirstOrThrow();
    // The phone's visitor owns alice_cam: her page shows the texts written for her, and /settings
    // the forms that hold them.
    await sql`INSERT INTO performer_owners (performer_id, user_id, verified_at)
      SELECT performer_id, ${id}, now() FROM performers WHERE username = 'alice_cam'`.execute(t.db);
    expect(
      await createList(
        t.db,
        id,
        { listId: LIST_ID, name: LIST_NAME, description: LIST_DESCRIPTION, isPublic: true },
        10,
      ),
    ).toBe("ok");
    const { page } = await site.open("/top/viewers", { viewport: PHONE_SE });
    const dialog = await openSignIn(page);
    await dialog.getByLabel("E-mail address").fill(EMAIL);
    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    return page;
  }

  it("no page scrolls sideways or spills text out of its boxes, signed out or signed in", {
    timeout: 300_000,
  }, async () => {
    const signedIn = await signedInPhone();
    const anonymous = await site.open("/about", { viewport: PHONE_SE });
    // Two tabs at once: the walk's time is mostly waiting for the network to settle.
    const [out, in_] = await Promise.all([walk(anonymous.page, site.origin), walk(signedIn, site.origin)]);
    expect(out.filter((f) => f.status !== 200).map((f) => `${f.route}: ${f.status}`)).toEqual([]);
    expect(in_.filter((f) => f.status !== 200).map((f) => `${f.route}: ${f.status}`)).toEqual([]);
    expect({ signedOut: overflowing(out), signedIn: overflowing(in_) }).toEqual({
      signedOut: [],
      signedIn: [],
    });
    expect({ signedOut: spilling(out), signedIn: spilling(in_) }).toEqual({ signedOut: [], signedIn: [] });
    // Signed in, the rankings' rows carry an Add to list button each (the case that overflowed).
    const buttons = (fits: Fit[]) => fits.find((f) => f.route === "/top/viewers")?.addButtons;
    expect([buttons(out), buttons(in_)]).toEqual([30, 30]);
    // SPEC §2: the search's header is hidden when a user is present, and shown to a visitor.
    const intro = (page: Page) => page.getByRole("region", { name: "About the search" });
    await signedIn.goto(`${site.origin}/search`);
    await signedIn.locator('summary[aria-label="Account menu"]').waitFor();
    await expect.poll(() => intro(signedIn).count(), { timeout: 10_000 }).toBe(0);
    await anonymous.page.goto(`${site.origin}/search`);
    await intro(anonymous.page).waitFor();
    // The walk measured alice_cam's page with her owner's longest texts on it.
    await anonymous.page.goto(`${site.origin}/alice_cam`);
    for (const text of [unbroken(120), unbroken(MAX_GOAL_TEXT), unbroken(MAX_TIP_MENU_ITEM)])
      expect(await anonymous.page.getByText(text, { exact: false }).count(), text).toBeGreaterThan(0);
  });

  it("the sign-in dialog sits whole and centred, its Sign in button in sight", async () => {
    const { page } = await site.open("/top/viewers", { viewport: PHONE_SE });
    const dialog = await openSignIn(page);
    expect(await outsideScreen(dialog)).toEqual([]);
    expect(await offCentre(dialog)).toBeLessThanOrEqual(1);
    const button = dialog.getByRole("button", { name: "Sign in", exact: true });
    expect(await outsideScreen(button)).toEqual([]);
    expect(await button.isVisible()).toBe(true);
    expect(await pageScroll(page)).toEqual([0, 0]);
  });

  it("the search's filter dialog sits whole, Show results in sight", async () => {
    const { page } = await site.open("/search", { viewport: PHONE_SE });
    await page.locator(".search-page__filters:not([disabled])").waitFor();
    await page.getByRole("button", { name: "Filters" }).click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await dialog.waitFor();
    expect(await outsideScreen(dialog)).toEqual([]);
    expect(await offCentre(dialog)).toBeLessThanOrEqual(1);
    const show = dialog.getByRole("button", { name: "Show results" });
    expect(await outsideScreen(show)).toEqual([]);
    // In sight, not just in the box: nothing of the dialog's own body covers it.
    const box = await show.boundingBox();
    const [x, y] = [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2];
    // A string runs in the page, where the DOM is (the tests' own types have none).
    const onTop = await page.evaluate<boolean>(
      `document.elementFromPoint(${x}, ${y})?.closest("button")?.textContent.trim() === "Show results"`,
    );
    expect(onTop).toBe(true);
  });
});
