import { mkdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
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
import { optoutCodesHook } from "../../src/profiles/optout-code-check.ts";
import { onlineUsersHook } from "../../src/publish/online-users.ts";
import { onlineUsersPath } from "../../src/publish/paths.ts";
import { createSearchService } from "../../src/search/search-service.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase } from "../helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../helpers/platform.ts";
import { recordingMailer } from "../helpers/recording-mailer.ts";
import { confirmedAccount as createAccount, signInHere as signInOnPage } from "./account-steps.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";

/**
 * A performer's proof and opt-out in Chromium (issue 19, decision 0021), against the sandbox
 * platform: sign in on /claim/X, get the code, set it as X's room subject through the site's
 * /dev/sandbox/performer, let a real poll and its claims check run, watch the page turn verified,
 * opt out on /optout/X (the search no longer finds X), and opt back in; and without an account,
 * by the one-time code the page gives (decision 0044).
 */

const PASSWORD = "orchid-lantern-42";
const T0 = Date.UTC(2026, 10, 18, 21, 0);

const { mailer, mail } = recordingMailer();

let platform: TestPlatform;
let db: Db;
let publishDir: string;
let at = T0;
const ABBR = loadConfig({}).PLATFORM_ABBR;

const site = browserSite(async () => {
  platform = await startTestPlatform({ performers: 1000, seed: 21, at: T0 });
  const database = await createTestDatabase();
  db = database.db;
  publishDir = await mkdtemp(path.join(tmpdir(), "claims-e2e-publish-"));
  const auth = createAuth({
    db,
    secret: "s".repeat(48),
    origin: "http://camstats.test",
    mailer,
    siteName: "camstats",
  });
  const app = testApp(db, {
    config: loadConfig({ PLATFORM_NAME: "TestCams" }),
    identity: createIdentity(db, auth),
    search: createSearchService(db, { optoutCheckSeconds: 0 }),
    sandboxControlUrl: platform.sandbox.url,
    publishDir,
  });
  await poll();
  return {
    app,
    cleanUp: [
      () => platform.sandbox.close(),
      () => database.drop(),
      () => rm(publishDir, { recursive: true, force: true }),
    ],
  };
});

/** One live poll of the sandbox a minute on, with the online list and the claims check after it, as `npm start` runs it. */
async function poll(): Promise<void> {
  at += 60_000;
  platform.clock.set(at);
  await collectPoll(
    {
      ...testCollector(db, platform, { pageSize: 100 }),
      afterStore: afterStoreAll([
        onlineUsersHook(publishDir, ABBR),
        claimsHook({ db, mailer, siteName: "camstats", origin: "http://camstats.test" }),
        optoutCodesHook({ db }),
      ]),
    },
    new Date(at),
  );
}

/** With SCREENSHOTS_DIR set, the whole page at the test's width and at a phone's, for a person to read. */
async function screenshots(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(dir, `${name}-${viewport.width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

const confirmedAccount = (email: string) => createAccount(site.origin, mail, email, PASSWORD);
const signInHere = (page: Page, email: string) => signInOnPage(page, email, PASSWORD);

/** The published online list (a live file, rewritten by each poll) and the performers' sitemap. */
const onlineList = async (): Promise<string[]> =>
  ((await (await fetch(`${site.origin}${onlineUsersPath(ABBR)}`)).json()) as { usernames: string[] })
    .usernames;
const sitemapHas = async (name: string): Promise<boolean> =>
  (await (await fetch(`${site.origin}/sitemap-performers-1.xml`)).text()).includes(`/${name}</loc>`);

const searchNames = async (name: string): Promise<string[]> => {
  const response = await fetch(`${site.origin}/api/model_search?searchTerm=${name}`);
  return ((await response.json()) as { results: { name: string }[] }).results.map((r) => r.name);
};

describe("a performer proves who they are and opts out, in Chromium", () => {
  it("claims X by its room subject, sees it verified, opts out and back in (375 px)", async () => {
    const email = "performer@example.com";
    await confirmedAccount(email);
    // A performer in a public show for the next quarter hour, so that the published online list
    // holds them until the opt-out.
    const publicAt = (ms: number) =>
      new Set(
        platform.population
          .truthAt(ms)
          .filter((room) => room.show === "public")
          .map((room) => room.username),
      );
    const later = Array.from({ length: 15 }, (_, i) => publicAt(at + (i + 1) * 60_000));
    const x = [...publicAt(at)].find((name) => later.every((names) => names.has(name))) as string;
    const { page, close } = await site.open(`/claim/${x}`, { viewport: PHONE });
    try {
      await page.getByRole("heading", { name: "Sign in first" }).waitFor();
      await expectNoSeriousViolations(page, "claim page, signed out");
      await signInHere(page, email);
      await page.getByRole("button", { name: "Get my code" }).click();
      const codeText = page.locator(".claim-code code");
      await codeText.waitFor();
      const code = (await codeText.textContent()) ?? "";
      expect(code).toMatch(/^CS-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      await page.getByText("Waiting:").waitFor();
      await expectNoSeriousViolations(page, "claim page, waiting");

      // The performer puts the code in the room subject; the next poll sees it.
      const set = await fetch(`${site.origin}/dev/sandbox/performer`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ performer: x, roomSubject: `hello everyone ${code}`, online: true }),
      });
      expect(set.status).toBe(200);
      await poll();
      // The page reads the claim again by itself (every 15 s) and turns verified.
      await page.getByRole("heading", { name: "Verified" }).waitFor({ timeout: 25_000 });
      await expectNoSeriousViolations(page, "claim page, verified");

      expect(await searchNames(x)).toEqual([x]);
      expect(await sitemapHas(x)).toBe(true);
      await page.getByRole("link", { name: `opt ${x} out of this site` }).click();
      await page.getByRole("button", { name: `Opt ${x} out…` }).click();
      await page.getByRole("button", { name: `Yes, opt ${x} out` }).click();
      await page.getByRole("heading", { name: `${x} is opted out` }).waitFor();
      await page.getByRole("status").getByText(`${x} is opted out:`).waitFor();
      await expectNoSeriousViolations(page, "opt-out page, opted out");
      expect(await searchNames(x)).toEqual([]);
      expect((await fetch(`${site.origin}/api/streamers?modelName=${x}`)).status).toBe(404);
      // The live published file leaves X out from the next poll; the sitemap at once.
      expect(await onlineList()).toContain(x);
      await poll();
      expect(await onlineList()).not.toContain(x);
      // Each process looks at the opt-outs at most once a second.
      await expect.poll(() => sitemapHas(x), { timeout: 5_000 }).toBe(false);

      await page.getByRole("button", { name: `Opt ${x} back in` }).click();
      await page.getByRole("heading", { name: `Opt ${x} out` }).waitFor();
      await expect.poll(() => searchNames(x), { timeout: 15_000 }).toEqual([x]);
      await poll();
      expect(await onlineList()).toContain(x);
    } finally {
      await close();
    }
  });

  it("opts X out by a code without an account; a signed-in stranger gets codes and the proof (1280 px)", async () => {
    const x = platform.population.truthAt(at)[4]?.username as string;
    const { page, close } = await site.open(`/optout/${x}`, { viewport: DESKTOP });
    try {
      await page.getByRole("heading", { name: "Without an account" }).waitFor();
      await page.getByRole("heading", { name: "With an account" }).waitFor();
      await expectNoSeriousViolations(page, "opt-out page, signed out");
      await screenshots(page, "optout-signed-out");
      await page.getByRole("button", { name: `Get a code to opt ${x} out` }).click();
      await page.getByRole("heading", { name: `The code to opt ${x} out` }).waitFor();
      const code = (await page.locator(".claim-code code").textContent()) ?? "";
      expect(code).toMatch(/^CS-OUT-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      await page.getByText(`Nothing has changed yet. Only ${x} can do this: put the code ${code}`).waitFor();
      expect(await page.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
      await expectNoSeriousViolations(page, "opt-out page, code shown");
      await screenshots(page, "optout-code");

      // The performer puts the code in the room subject; the next poll sees it and opts X out.
      expect(await searchNames(x)).toEqual([x]);
      const set = await fetch(`${site.origin}/dev/sandbox/performer`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ performer: x, roomSubject: `bye ${code.toLowerCase()} bye`, online: true }),
      });
      expect(set.status).toBe(200);
      await poll();
      await expect.poll(() => searchNames(x), { timeout: 5_000 }).toEqual([]);
      expect((await fetch(`${site.origin}/api/streamers?modelName=${x}`)).status).toBe(404);

      // Coming back takes its own code, asked for on the same page.
      await page.getByRole("button", { name: "Back" }).click();
      await page.getByRole("button", { name: `Get a code to opt ${x} back in` }).click();
      await page.getByRole("heading", { name: `The code to opt ${x} back in` }).waitFor();
      const back = (await page.locator(".claim-code code").textContent()) ?? "";
      expect(back).toMatch(/^CS-IN-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      const again = await fetch(`${site.origin}/dev/sandbox/performer`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ performer: x, roomSubject: `back ${back}`, online: true }),
      });
      expect(again.status).toBe(200);
      await poll();
      await expect.poll(() => searchNames(x), { timeout: 15_000 }).toEqual([x]);

      // A signed-in visitor who is not Y's verified account gets the same codes, and the way to the proof.
      const y = platform.population.truthAt(at)[5]?.username as string;
      const email = "someone-else@example.com";
      await confirmedAccount(email);
      await page.goto(`${site.origin}/optout/${y}`);
      await page.getByRole("link", { name: "Sign in or create an account" }).waitFor();
      await signInHere(page, email);
      await page.getByRole("heading", { name: `Or prove once that you are ${y}` }).waitFor();
      await page.getByRole("button", { name: `Get a code to opt ${y} back in` }).waitFor();
      expect(await page.getByRole("link", { name: `Prove you are ${y}` }).getAttribute("href")).toBe(
        `/claim/${y}`,
      );
      await expectNoSeriousViolations(page, "opt-out page, not verified");
      await page.getByRole("link", { name: `Prove you are ${y}` }).click();
      await page.getByRole("button", { name: "Get my code" }).waitFor();
    } finally {
      await close();
    }
  });
});
