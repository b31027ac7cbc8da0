import type { FastifyInstance } from "fastify";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, onTestFinished } from "vitest";
import { missingBuildMessage, webBuildExists } from "../../src/server/pages.ts";
import { listenLocally } from "../helpers/site.ts";
import { type OpenedPage, openPage } from "./browser.ts";
import { sharedChromium } from "./chromium.ts";
import { PERSON } from "./page-helpers.ts";

/** What a test file's own setup gives: its app, and what to undo once the app is closed. */
export interface SiteUnderTest {
  app: FastifyInstance;
  /** In order, once the app is closed: stop the file's other servers, remove its files, drop its database. */
  cleanUp?: ReadonlyArray<() => Promise<unknown>>;
}

export interface BrowserSite {
  /** The app's origin (http://127.0.0.1:port), once the file's beforeAll has run. */
  readonly origin: string;
  readonly browser: Browser;
  /** A page of the site opened as a person's browser (openPage's options), closed after the file. */
  open(path: string, options?: Parameters<typeof openPage>[2]): Promise<OpenedPage>;
}

/**
 * The setup every browser test file shares, registered in the calling describe: checks that the
 * pages are built, runs the file's own `start` (its data and its app), listens on a free local port
 * and takes the worker's Chromium (chromium.ts, sharedChromium); afterwards closes the file's pages
 * and the app, then the file's `cleanUp`. A page opened in a test is closed when that test ends (an
 * open page keeps costing Chromium's time while the file's later tests run); one opened in a hook,
 * when the file ends.
 */
export function browserSite(start: () => Promise<SiteUnderTest>): BrowserSite {
  let site: SiteUnderTest | undefined;
  let browser: Browser | undefined;
  let origin = "";
  const opened: OpenedPage[] = [];
  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    site = await start();
    origin = await listenLocally(site.app);
    browser = await sharedChromium();
  });
  afterAll(async () => {
    for (const page of opened) await page.close();
    await site?.app.close();
    for (const step of site?.cleanUp ?? []) await step();
  });
  const running = (): Browser => {
    if (!browser) throw new Error("the browser site is used before its beforeAll ran");
    return browser;
  };
  return {
    get origin() {
      return origin;
    },
    get browser() {
      return running();
    },
    async open(path, options = {}) {
      const page = await openPage(running(), `${origin}${path}`, { userAgent: PERSON, ...options });
      try {
        onTestFinished(() => page.close());
      } catch {
        // Outside a test (a beforeAll): kept for the file's later tests.
        opened.push(page);
      }
      return page;
    },
  };
}
