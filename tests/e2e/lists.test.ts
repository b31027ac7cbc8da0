import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { PollSummary } from "../../src/collect/poll.ts";
import { loadConfig } from "../../src/config.ts";
import { ensureSnapshotPartitions } from "../../src/db/queries/partitions.ts";
import { createAuth } from "../../src/identity/auth.ts";
import { createIdentity } from "../../src/identity/identity.ts";
import { alertTokenKey } from "../../src/lists/alert-token.ts";
import { createGoLiveAlerts } from "../../src/lists/go-live-alerts.ts";
import { createLogger } from "../../src/log.ts";
import { createMailer, type Mailer } from "../../src/mail/mailer.ts";
import { type MailSink, startMailSink } from "../../src/mail/sink.ts";
import { publishPublicLists } from "../../src/publish/public-lists.ts";
import { UNSUBSCRIBE_BUTTON } from "../../src/server/routes/list-alerts-page.ts";
import { IMAGE_NOT_ACCEPTED } from "../../src/server/routes/list-image.ts";
import { ALERTS_SAVED, IMAGE_SAVED, LIST_SAVED } from "../../src/web/pages/lists/list-texts.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { insertPerformer } from "../helpers/fixtures.ts";
import { solidImage } from "../helpers/images.ts";
import { LATEST_DAY, rankedRows, writeRankedListFixture } from "../helpers/ranked-list-files.ts";
import { recordingMailer } from "../helpers/recording-mailer.ts";
import { insertSearchPerformers } from "../helpers/search-performers.ts";
import { mailedLink } from "./account-steps.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { heading } from "./page-helpers.ts";

/**
 * Model lists in Chromium (issue 18), one story in order: a fan signs in from a performer page's
 * "Add to list" and makes a list there (375 px), adds from the search, imports 30 names of which 3
 * are unknown (the preview first), sees the private list that nobody else can, makes it public;
 * a signed-out visitor then sees it, another user watches it with alerts (1280 px), gets the mail
 * when a performer on it goes live (the local sink, /dev/mail) and unsubscribes by its link (375
 * px). Axe at each step.
 */

const PASSWORD = "orchid-lantern-42";
const SECRET = "s".repeat(48);
const LIST_NAME = "Evening favourites";
const IMPORTED = Array.from({ length: 27 }, (_, i) => `fill${String(i).padStart(3, "0")}`);
const UNKNOWN = ["nobody_here", "ghost_cam", "not_a_performer"];
/** What Chromium logs for a page answered 404: a private list's page is one, even to its owner. */
/** The first row of /top/followers (the ranked lists' fixture), also a performer we know. */
const RANKED = rankedRows("f", LATEST_DAY, "all")[0]?.u ?? "";
const PAGE_404 = "Failed to load resource: the server responded with a status of 404 (Not Found)";

const { mailer, mail } = recordingMailer();

let t: TestDatabase;
let publishDir: string;
let dataDir: string;
let sink: MailSink;
/** The go-live alerts' mailer: through SMTP into the local sink, read back at /dev/mail. */
let alertMailer: Mailer;
const site = browserSite(async () => {
  t = await createTestDatabase();
  await insertSearchPerformers(t.db);
  await insertPerformer(t.db, { username: RANKED });
  // The ranked lists' files, for a ranking's rows; the public lists' file is published beside them.
  const ranked = await writeRankedListFixture({ abbr: "tc" });
  publishDir = ranked.root;
  dataDir = await mkdtemp(join(tmpdir(), "lists-e2e-data-"));
  sink = await startMailSink({ dir: join(dataDir, "mail"), port: 0, log: createLogger("silent") });
  alertMailer = createMailer({
    smtpUrl: sink.url,
    from: { name: "camstats", address: "no-reply@localhost" },
    db: t.db,
    perRecipientPerHour: 100,
  });
  const auth = createAuth({
    db: t.db,
    secret: "s".repeat(48),
    origin: "http://camstats.test",
    mailer,
    siteName: "camstats",
  });
  const app = testApp(t.db, {
    config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_ABBR: "tc", DATA_DIR: dataDir }),
    identity: createIdentity(t.db, auth),
    publishDir,
    pageCache: false,
    listAlertTokenKey: alertTokenKey(SECRET),
    devMailDir: join(dataDir, "mail"),
  });
  return {
    app,
    cleanUp: [() => ranked.remove(), () => rm(dataDir, { recursive: true, force: true }), () => t.drop()],
  };
});

/** What the collector reports of a complete poll: the go-live alerts' hook reads its instant and status. */
const pollSummary = (observedAt: Date): PollSummary => ({
  observedAt,
  status: "complete",
  written: true,
  rooms: 1,
  expectedRooms: 1,
  duplicates: 0,
  malformed: 0,
  excluded: 0,
  requests: 1,
  errors: 0,
  writeMs: 1,
  durationMs: 1,
});

/** A confirmed account made through the API (the sign-up journey itself is accounts.test.ts's). */
async function confirmedAccount(email: string): Promise<void> {
  const response = await fetch(`${site.origin}/v1/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(202);
  const url = await mailedLink(mail, email, "verify-email");
  await fetch(`${site.origin}${url.pathname}${url.search}`, { redirect: "manual" });
}

async function signInInDialog(page: Page, email: string): Promise<void> {
  await page.getByRole("dialog", { name: "Sign in" }).waitFor();
  // The header's own dialog is in the page too, closed: this is the one open.
  const dialog = page.locator("dialog.account-dialog[open]");
  await dialog.getByLabel("E-mail address").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect.poll(() => dialog.count()).toBe(0);
}

const addButton = (page: Page, performer: string) =>
  page.getByRole("button", { name: `Add to list: ${performer}`, exact: true });
const menuItem = (page: Page, name: string) => page.getByRole("menuitemcheckbox", { name, exact: true });

describe("model lists in Chromium", () => {
  let listPath = "";

  it("signs in from a performer page's Add to list and makes a list there (375 px)", async () => {
    await confirmedAccount("fan@example.com");
    const { page, errors, close } = await site.open("/ann", { viewport: PHONE });
    try {
      await heading(page, "ann");
      // Signed out, the control opens the sign-in dialog; signed in, it goes on to the menu.
      await addButton(page, "ann").click();
      await signInInDialog(page, "fan@example.com");
      await page.getByRole("menu", { name: "Lists for ann" }).waitFor();
      await page.getByRole("menuitem", { name: "New list…" }).click();
      await page.getByLabel("New list's name").fill(LIST_NAME);
      await page.getByRole("button", { name: "Create and add" }).click();
      await page.getByRole("status").getByText(`Added to ${LIST_NAME}.`).waitFor();
      expect(await menuItem(page, LIST_NAME).getAttribute("aria-checked")).toBe("true");
      // The menu sits inside the phone's width.
      const box = await page.locator(".add-to-list__popover").boundingBox();
      expect(box !== null && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
      await expectNoSeriousViolations(page, "add to list menu");
      // Escape closes it and gives the focus back to its button.
      await page.keyboard.press("Escape");
      await page.locator(".add-to-list__popover").waitFor({ state: "detached" });
      await expect
        .poll(() => page.evaluate("document.activeElement?.getAttribute('aria-label')"))
        .toBe("Add to list: ann");

      // My Lists (the account menu's link) shows the new list, private.
      await page.goto(`${site.origin}/mylists`);
      await page.waitForURL(`${site.origin}/lists?tab=1`);
      const card = page.locator(".list-card", { hasText: LIST_NAME });
      await card.getByText("1 performer · Private").waitFor();
      listPath = String(await card.getByRole("link", { name: LIST_NAME }).getAttribute("href"));
      expect(listPath).toMatch(/^\/lists\/[0-9A-Za-z]{12}$/);
      await expectNoSeriousViolations(page, "my lists");
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("adds from the search with the keyboard, and imports 30 names of which 3 are unknown (1280 px)", async () => {
    const { page, errors, close } = await site.open("/settings", { viewport: DESKTOP });
    try {
      const form = page.locator(".account-page");
      await form.getByLabel("E-mail address").fill("fan@example.com");
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await form.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.locator(".account-facts").waitFor();

      await page.goto(`${site.origin}/search?search=bob`);
      await heading(page, "Search - All");
      // The control waits (disabled) until the browser knows the sign-in.
      await expect.poll(() => addButton(page, "bob").isEnabled(), { timeout: 10_000 }).toBe(true);
      await addButton(page, "bob").focus();
      await page.keyboard.press("Enter");
      await expect
        .poll(() => page.evaluate("document.activeElement?.textContent"), { timeout: 10_000 })
        .toContain(LIST_NAME);
      await page.keyboard.press("Enter");
      await page.getByRole("status").getByText(`Added to ${LIST_NAME}.`).waitFor();
      expect(await menuItem(page, LIST_NAME).getAttribute("aria-checked")).toBe("true");
      await expectNoSeriousViolations(page, "search with the menu open");
      await page.keyboard.press("Escape");

      // A ranking's row has the control too.
      await page.goto(`${site.origin}/top/followers`);
      await addButton(page, RANKED).click();
      await menuItem(page, LIST_NAME).click();
      await page.getByRole("status").getByText(`Added to ${LIST_NAME}.`).waitFor();
      expect(await menuItem(page, LIST_NAME).getAttribute("aria-checked")).toBe("true");
      await expectNoSeriousViolations(page, "a ranking with the menu open");

      // The import: a file of the platform's favourites export (room links, one a line).
      await page.goto(`${site.origin}/lists/import`);
      await heading(page, "Import a list");
      const text = [
        ...IMPORTED.slice(0, 20).map((n) => `https://platform.test/${n}/`),
        ...UNKNOWN,
        ...IMPORTED.slice(20),
      ]
        .join("\n")
        .concat("\n");
      await page.getByLabel("Or read a file (.txt or .csv)").setInputFiles({
        name: "favorites.txt",
        mimeType: "text/plain",
        buffer: Buffer.from(text),
      });
      await expect.poll(() => page.getByLabel("Usernames or profile links").inputValue()).toBe(text);
      await page.getByRole("button", { name: "Check", exact: true }).click();
      const preview = page.locator(".lists-import__preview");
      await preview.getByRole("heading", { name: "27 performers to add" }).waitFor();
      await preview.getByRole("heading", { name: "3 names we do not know (not added)" }).waitFor();
      expect(await preview.locator(".lists-import__group--unknown p").textContent()).toBe(UNKNOWN.join(", "));
      await expectNoSeriousViolations(page, "import preview");
      // Nothing is saved by the check: the list still holds its three.
      expect(await page.getByLabel("Import into").locator("option:checked").textContent()).toBe(
        `${LIST_NAME} (3)`,
      );
      await page.getByRole("button", { name: "Import 27 performers" }).click();
      await page.getByRole("status").getByText(`Added 27 performers to ${LIST_NAME}.`).waitFor();
      await page.getByRole("link", { name: "Open the list" }).click();
      await heading(page, LIST_NAME);
      await page.getByText("30 · 1 live now").waitFor();
      expect(errors).toEqual([PAGE_404]);
    } finally {
      await close();
    }
  });

  it("shows the private list to its owner only, then makes it public (1280 px)", async () => {
    const anonymous = await site.open(listPath, { viewport: DESKTOP });
    try {
      expect(anonymous.response?.status()).toBe(404);
      await heading(anonymous.page, "Page not found");
      expect(await anonymous.page.getByText(LIST_NAME).count()).toBe(0);
    } finally {
      await anonymous.close();
    }

    const { page, errors, close } = await site.open("/settings", { viewport: DESKTOP });
    try {
      const form = page.locator(".account-page");
      await form.getByLabel("E-mail address").fill("fan@example.com");
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await form.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.locator(".account-facts").waitFor();
      // The server answers the 404 page; the owner's browser shows the list after all.
      await page.goto(`${site.origin}${listPath}`);
      await heading(page, LIST_NAME);
      await page.getByText("Private list: only you can see it").waitFor();
      const owner = page.locator(".list-owner");
      await owner.getByLabel("Description", { exact: true }).fill("Who I watch after dinner <b>not bold</b>");
      await owner.getByLabel(/^Public/).check();
      await owner.getByRole("button", { name: "Save", exact: true }).click();
      await owner.getByRole("status").getByText(LIST_SAVED).waitFor();
      await page.getByText("Public list", { exact: false }).first().waitFor();
      await expect
        .poll(() => page.locator(".list-page__description").textContent())
        .toBe("Who I watch after dinner <b>not bold</b>");
      await expectNoSeriousViolations(page, "the owner's list page");
      // The owner removes one of the imported performers.
      await page.getByRole("button", { name: "Remove fill026 from the list" }).click();
      await page.getByText("29 · 1 live now").waitFor();

      // The image: a text file named like a picture gets the server's own message; a PNG is set.
      const imageForm = owner.locator(".list-image-form");
      const file = imageForm.getByLabel(/^Image/);
      await file.setInputFiles({
        name: "fake.png",
        mimeType: "image/png",
        buffer: Buffer.from("<html>hi</html>"),
      });
      await imageForm.getByRole("button", { name: "Set image" }).click();
      await expect.poll(() => imageForm.getByRole("alert").textContent()).toBe(IMAGE_NOT_ACCEPTED);
      await file.setInputFiles({
        name: "cover.png",
        mimeType: "image/png",
        buffer: await solidImage(400, 300, "png"),
      });
      await imageForm.getByRole("button", { name: "Set image" }).click();
      await imageForm.getByRole("status").getByText(IMAGE_SAVED).waitFor();
      await expect
        .poll(() =>
          page
            .locator(".list-page__image")
            .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
        )
        .toBeGreaterThan(0);
      expect(errors).toEqual([
        PAGE_404,
        "Failed to load resource: the server responded with a status of 415 (Unsupported Media Type)",
      ]);
    } finally {
      await close();
    }
  });

  it("shows the public list signed out, and another user watches it (375 px and 1280 px)", async () => {
    await publishPublicLists(t.db, publishDir);
    const anonymous = await site.open("/lists", { viewport: PHONE });
    try {
      await anonymous.page.getByRole("link", { name: LIST_NAME }).click();
      await heading(anonymous.page, LIST_NAME);
      expect(await anonymous.page.locator(".list-performer").count()).toBe(29);
      // Live first: ann leads.
      expect(await anonymous.page.locator(".list-performer__name span").first().textContent()).toBe("ann");
      expect(await anonymous.page.locator(".list-owner").count()).toBe(0);
      await anonymous.page.getByRole("button", { name: "Sign In" }).waitFor();
      await expectNoSeriousViolations(anonymous.page, "a public list signed out");
      expect(anonymous.errors).toEqual([]);
    } finally {
      await anonymous.close();
    }

    await confirmedAccount("watcher@example.com");
    const { page, errors, close } = await site.open(listPath, { viewport: DESKTOP });
    try {
      await heading(page, LIST_NAME);
      await page.getByRole("button", { name: "Sign In" }).click();
      await signInInDialog(page, "watcher@example.com");
      await page.getByRole("button", { name: "Watch this list" }).click();
      await page.getByRole("button", { name: "Stop watching" }).waitFor();
      expect(await page.locator(".list-owner").count()).toBe(0);
      // Alerts: off until chosen; each go-live, kept across a reload.
      const alerts = page.getByRole("group", { name: "E-mail alerts" });
      await expect.poll(() => alerts.getByRole("radio", { name: "No alerts" }).isChecked()).toBe(true);
      await alerts.getByRole("radio", { name: "Each go-live" }).check();
      await alerts.getByRole("status").getByText(ALERTS_SAVED.each).waitFor();
      await expectNoSeriousViolations(page, "watching with alerts");
      await page.reload();
      await expect
        .poll(() => page.getByRole("radio", { name: "Each go-live" }).isChecked(), { timeout: 10_000 })
        .toBe(true);
      await page.goto(`${site.origin}/lists?tab=2`);
      await page.locator(".list-card", { hasText: LIST_NAME }).waitFor();
      await expectNoSeriousViolations(page, "watched lists");
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("mails the watcher when a performer on the list goes live, and the mail's link unsubscribes (375 px)", async () => {
    // Two complete polls: fill000 (on the list) is online in the second only, so went live.
    const first = Date.now() - 2 * 60_000;
    const second = Date.now() - 60_000;
    await ensureSnapshotPartitions(t.db, first, second);
    const fill000 = await t.db
      .selectFrom("performers")
      .select("performer_id")
      .where("username", "=", "fill000")
      .executeTakeFirstOrThrow();
    for (const [at, online] of [
      [first, []],
      [second, [fill000.performer_id]],
    ] as const) {
      const { rows } = await sql<{ poll_id: number }>`
        INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, pages, requests, duration_ms)
        VALUES (${new Date(at)}, ${new Date(at)}, ${new Date(at)}, 'complete', 'live', ${online.length}, 0, 1, 1, 10)
        RETURNING poll_id`.execute(t.db);
      for (const id of online)
        await sql`INSERT INTO snapshots (performer_id, observed_at, poll_id, viewers, show, seconds_online)
          VALUES (${id}, ${new Date(at)}, ${rows[0]?.poll_id}, 12, 1, 30)`.execute(t.db);
    }
    const alerts = createGoLiveAlerts({
      db: t.db,
      mailer: alertMailer,
      origin: site.origin,
      tokenKey: alertTokenKey(SECRET),
      intervalMs: 60_000,
    });
    await alerts.afterStore(pollSummary(new Date(second)));
    await alerts.idle();

    const { page, errors, close } = await site.open("/dev/mail?to=watcher@example.com", { viewport: PHONE });
    try {
      await page.getByText("fill000 is live now").first().waitFor();
      // The mail's unsubscribe link (its List-Unsubscribe too): a page whose button POSTs.
      const stored = (await (await fetch(`${site.origin}/dev/mail.json?to=watcher@example.com`)).json()) as {
        subject: string;
        links: string[];
        listUnsubscribe: string | null;
      }[];
      const mailed = stored.find((m) => m.subject === "fill000 is live now");
      const unsubscribe = mailed?.links.find((link) => link.includes("/v1/list_alerts/unsubscribe"));
      expect(unsubscribe).toBeDefined();
      expect(mailed?.listUnsubscribe).toContain("/v1/list_alerts/unsubscribe");
      await page.goto(String(unsubscribe));
      await page.getByRole("button", { name: UNSUBSCRIBE_BUTTON }).click();
      await page.getByRole("heading", { name: "Unsubscribed" }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }

    // On the list's page, the watcher's choice is off again; fill000 now shows live.
    const watcher = await site.open(listPath, { viewport: PHONE });
    try {
      await heading(watcher.page, LIST_NAME);
      await watcher.page.getByRole("button", { name: "Sign In" }).click();
      await signInInDialog(watcher.page, "watcher@example.com");
      await expect
        .poll(() => watcher.page.getByRole("radio", { name: "No alerts" }).isChecked(), { timeout: 10_000 })
        .toBe(true);
      expect(watcher.errors).toEqual([]);
    } finally {
      await watcher.close();
    }
  });
});
