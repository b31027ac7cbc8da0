import { describe, expect, it } from "vitest";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase } from "../helpers/database.ts";
import { DESKTOP, openPage, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { PERSON } from "./page-helpers.ts";

/**
 * openPage lends a page a test has closed to the next test (docs/decisions/0055): whatever the
 * first left in it (cookies, storage of each kind, the scripts' state, the history) is gone for the
 * next, as in a fresh context, and a page whose lasting parts a test used is not lent again. The
 * same page is recognised by its main frame, the one object a page keeps across navigations.
 */
describe("the pages openPage lends", () => {
  const site = browserSite(async () => {
    const t = await createTestDatabase();
    return { app: testApp(t.db), cleanUp: [() => t.drop()] };
  });
  const url = (path: string) => `${site.origin}${path}`;

  const LEAVE = `(async () => {
    localStorage.setItem("left", "1");
    sessionStorage.setItem("left", "1");
    document.cookie = "left=1; path=/";
    window.left = 1;
    await new Promise((resolve) => {
      const request = indexedDB.open("left", 1);
      request.onupgradeneeded = () => request.result.createObjectStore("s");
      request.onsuccess = () => { request.result.close(); resolve(); };
    });
  })()`;
  const FOUND = `(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    cookie: document.cookie,
    databases: (await indexedDB.databases()).map((d) => d.name),
    left: window.left ?? null,
  }))()`;
  const EMPTY = { local: 0, session: 0, cookie: "", databases: [], left: null };

  it("lends the next page the same one, empty of what the last test left, at its own viewport", async () => {
    const first = await openPage(site.browser, url("/about"), { userAgent: PERSON, viewport: PHONE });
    await first.page.evaluate(LEAVE);
    expect(await first.page.evaluate(FOUND)).not.toEqual(EMPTY);
    const frame = first.page.mainFrame();
    await first.close();

    const next = await openPage(site.browser, url("/privacy"), { userAgent: PERSON, viewport: DESKTOP });
    expect(next.page.mainFrame()).toBe(frame);
    expect(await next.page.evaluate(FOUND)).toEqual(EMPTY);
    expect(await next.page.evaluate("innerWidth")).toBe(DESKTOP.width);
    // No way back to the last test's page.
    await next.page.goBack();
    expect(next.page.url()).not.toContain("/about");
    await next.close();
  });

  it("lends no page whose context a test used, nor one with other options", async () => {
    const first = await openPage(site.browser, url("/about"), { userAgent: PERSON });
    const frame = first.page.mainFrame();
    expect(await first.page.context().cookies()).toEqual([]);
    await first.close();
    const next = await openPage(site.browser, url("/about"), { userAgent: PERSON });
    expect(next.page.mainFrame()).not.toBe(frame);
    const nextFrame = next.page.mainFrame();
    await next.close();
    const withoutScripts = await openPage(site.browser, url("/about"), {
      userAgent: PERSON,
      javaScript: false,
    });
    expect(withoutScripts.page.mainFrame()).not.toBe(nextFrame);
    await withoutScripts.close();
  });
});
