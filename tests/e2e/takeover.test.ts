import { describe, expect, it } from "vitest";
import { startBlogSite } from "./blog-site.ts";
import { DESKTOP } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { heading } from "./page-helpers.ts";

/**
 * The browser's scripts take over the server's HTML without rewriting it (decision 0054): Preact
 * pairs the server's nodes with its own by position, so a `<link>` React's server render moved
 * would be rewritten into another (a feed's address loaded as a stylesheet, say). Every change of
 * a link's `rel` or `href` from the first byte to a quiet page is recorded and must be none.
 */
const RECORD_LINK_REWRITES = `
  window.__linkRewrites = [];
  new MutationObserver((records) => {
    for (const r of records)
      if (r.target.nodeName === "LINK")
        window.__linkRewrites.push(r.attributeName + ": " + r.oldValue + " -> " + r.target.getAttribute(r.attributeName));
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["rel", "href"], attributeOldValue: true });
`;

describe("taking over the server's HTML", () => {
  const site = browserSite(startBlogSite);

  for (const [path, title] of [
    ["/blog", "Blog"],
    ["/about", "About camstats"],
  ] as const) {
    it(`rewrites no link of ${path}, and keeps the server's links in <head>`, async () => {
      const links = `[...document.head.querySelectorAll("link")].map((l) => l.rel + " " + l.getAttribute("href")).sort()`;
      const served = await site.open(path, { javaScript: false });
      const kept = (await served.page.evaluate<string[]>(links)).filter(
        (link) => !link.startsWith("modulepreload ") && !link.startsWith("preload "),
      );
      const { page, errors } = await site.open(path, { viewport: DESKTOP, initScript: RECORD_LINK_REWRITES });
      await heading(page, title);
      // Taken over once the page is quiet: the entry and the routes' modules have loaded and run.
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate<string[]>("window.__linkRewrites")).toEqual([]);
      expect(await page.evaluate<string[]>(links)).toEqual(kept);
      expect(errors).toEqual([]);
    });
  }
});
