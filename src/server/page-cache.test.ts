import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SERVER_CACHE_HEADER } from "../site/server-cache-header.ts";
import { type CachedPage, PageCache } from "./page-cache.ts";
import { cacheableForMs, pageCacheKey, staleForMs } from "./page-cache-rules.ts";

const URL_A = "http://site.test/top/viewers";
const person = { url: URL_A, crawler: false };
const crawler = { url: URL_A, crawler: true };
const page = (text: string, headers: [string, string][] = []): CachedPage => ({
  status: 200,
  headers: [["content-type", "text/html; charset=utf-8"], ...headers],
  body: Buffer.from(text),
});
const never = () => {
  throw new Error("the age-verification decision was asked for a page that does not depend on it");
};

describe("pageCacheKey", () => {
  it("holds the method, the full URL, crawler or person, and the age-verification decision when asked", () => {
    expect(pageCacheKey(person, null)).toBe("GET http://site.test/top/viewers person");
    expect(pageCacheKey(crawler, null)).toBe("GET http://site.test/top/viewers crawler");
    expect(pageCacheKey(person, true)).toBe("GET http://site.test/top/viewers person age-verification");
    expect(pageCacheKey(person, false)).toBe("GET http://site.test/top/viewers person no-age-verification");
    // Origin, query and React Router's data requests are all part of the URL, so of the key.
    const keys = [
      "http://site.test/top/viewers",
      "http://other.test/top/viewers",
      "http://site.test/top/viewers?live=1",
      "http://site.test/top/viewers.data",
    ].map((url) => pageCacheKey({ url, crawler: false }, null));
    expect(new Set(keys).size).toBe(4);
  });
});

describe("cacheableForMs", () => {
  const headers = (init: Record<string, string>) => new Headers(init);
  const MAX = 60_000;

  it("keeps a 200 for its max-age (or s-maxage), at most the cap", () => {
    expect(cacheableForMs(200, headers({ "cache-control": "public, max-age=30" }), MAX)).toBe(30_000);
    expect(cacheableForMs(200, headers({ "cache-control": "public, max-age=300" }), MAX)).toBe(60_000);
    expect(cacheableForMs(200, headers({ "cache-control": "max-age=300, s-maxage=10" }), MAX)).toBe(10_000);
    expect(
      cacheableForMs(200, headers({ "cache-control": "public, max-age=60", vary: "Accept-Encoding" }), MAX),
    ).toBe(60_000);
  });

  it("keeps nothing else: other statuses, no or private cache-control, cookies, other Vary", () => {
    const ok = "public, max-age=60";
    expect(cacheableForMs(404, headers({ "cache-control": ok }), MAX)).toBe(0);
    expect(cacheableForMs(503, headers({ "cache-control": ok }), MAX)).toBe(0);
    expect(cacheableForMs(302, headers({ "cache-control": ok }), MAX)).toBe(0);
    expect(cacheableForMs(200, headers({}), MAX)).toBe(0);
    expect(cacheableForMs(200, headers({ "cache-control": "public" }), MAX)).toBe(0);
    expect(cacheableForMs(200, headers({ "cache-control": "max-age=0" }), MAX)).toBe(0);
    expect(cacheableForMs(200, headers({ "cache-control": "private, max-age=30" }), MAX)).toBe(0);
    expect(cacheableForMs(200, headers({ "cache-control": "no-store" }), MAX)).toBe(0);
    expect(cacheableForMs(200, headers({ "cache-control": "no-cache, max-age=30" }), MAX)).toBe(0);
    expect(cacheableForMs(200, headers({ "cache-control": ok, "set-cookie": "a=b" }), MAX)).toBe(0);
    expect(cacheableForMs(200, headers({ "cache-control": ok, vary: "Cookie" }), MAX)).toBe(0);
  });
});

describe("the page's word for this cache alone (x-server-cache)", () => {
  const MAX = 60_000;
  it("keeps a private page for its x-server-cache max-age, at most the cap", () => {
    const kept = new Headers({ "cache-control": "private, max-age=30", [SERVER_CACHE_HEADER]: "max-age=30" });
    expect(cacheableForMs(200, kept, MAX)).toBe(30_000);
    const long = new Headers({ "cache-control": "private", [SERVER_CACHE_HEADER]: "max-age=600" });
    expect(cacheableForMs(200, long, MAX)).toBe(60_000);
  });

  it("still keeps no error, no page with a cookie and none whose header has no max-age", () => {
    const header = { "cache-control": "private, max-age=30", [SERVER_CACHE_HEADER]: "max-age=30" };
    expect(cacheableForMs(503, new Headers(header), MAX)).toBe(0);
    expect(cacheableForMs(200, new Headers({ ...header, "set-cookie": "a=b" }), MAX)).toBe(0);
    expect(cacheableForMs(200, new Headers({ [SERVER_CACHE_HEADER]: "yes" }), MAX)).toBe(0);
  });
});

describe("PageCache", () => {
  it("gives a crawler and a person different entries", () => {
    const cache = new PageCache({ keepFirstRender: true, now: () => 0 });
    cache.set(person, null, page("for people"), 60_000);
    expect(cache.get(crawler, never)).toBeUndefined();
    cache.set(crawler, null, page("for crawlers"), 60_000);
    expect(cache.get(person, never)?.page.body.toString()).toBe("for people");
    expect(cache.get(crawler, never)?.page.body.toString()).toBe("for crawlers");
  });

  it("respects the time to live, and says the page's age", () => {
    let now = 10_000;
    const cache = new PageCache({ keepFirstRender: true, now: () => now });
    cache.set(person, null, page("a"), 30_000);
    now += 29_999;
    expect(cache.get(person, never)?.ageSeconds).toBe(29);
    now += 1;
    expect(cache.get(person, never)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keys a page whose render asked for the age-verification decision by that decision", () => {
    const cache = new PageCache({ keepFirstRender: true, now: () => 0 });
    cache.set(person, true, page("no thumbnails"), 60_000);
    expect(cache.get(person, () => true)?.page.body.toString()).toBe("no thumbnails");
    expect(cache.get(person, () => false)).toBeUndefined();
    cache.set(person, false, page("thumbnails"), 60_000);
    expect(cache.get(person, () => false)?.page.body.toString()).toBe("thumbnails");
    expect(cache.get(person, () => true)?.page.body.toString()).toBe("no thumbnails");
    // Once the page no longer asks, its plain entry serves everyone without a lookup.
    cache.set(person, null, page("same for all"), 60_000);
    expect(cache.get(person, never)?.page.body.toString()).toBe("same for all");
  });

  it("stays within its bytes, the least recently used page first out", () => {
    const cache = new PageCache({ keepFirstRender: true, maxBytes: 40_000, now: () => 0 });
    const big = "x".repeat(4_000);
    const facts = (n: number) => ({ url: `http://site.test/p${n}`, crawler: false });
    for (let n = 0; n < 8; n++) cache.set(facts(n), null, page(big), 60_000);
    expect(cache.get(facts(0), never)).toBeDefined(); // used: now the most recent
    for (let n = 8; n < 20; n++) cache.set(facts(n), null, page(big), 60_000);
    expect(cache.size).toBeLessThanOrEqual(40_000);
    expect(cache.get(facts(1), never)).toBeUndefined();
    expect(cache.get(facts(19), never)).toBeDefined();
    // A page larger than an eighth of the cache is not kept at all.
    cache.set(facts(99), null, page("y".repeat(6_000)), 60_000);
    expect(cache.get(facts(99), never)).toBeUndefined();
  });

  it("keeps nothing for a time to live of 0", () => {
    const cache = new PageCache({ keepFirstRender: true, now: () => 0 });
    cache.set(person, null, page("a"), 0);
    expect(cache.get(person, never)).toBeUndefined();
  });

  it("tells of a render under way for the same facts until it settles, even when it fails", async () => {
    const cache = new PageCache({ keepFirstRender: true, now: () => 0 });
    let finish!: () => void;
    const render = new Promise<void>((resolve) => {
      finish = resolve;
    });
    cache.markRendering(person, render);
    expect(cache.renderUnderWay(crawler)).toBeUndefined();
    const underWay = cache.renderUnderWay(person);
    expect(underWay).toBeDefined();
    finish();
    await underWay;
    expect(cache.renderUnderWay(person)).toBeUndefined();
    const failing = Promise.reject(new Error("render failed"));
    cache.markRendering(person, failing);
    await expect(cache.renderUnderWay(person)).resolves.toBeUndefined();
    await failing.catch(() => undefined);
  });

  it("makes a body's brotli or gzip form when first asked for, once, and counts it", async () => {
    const cache = new PageCache({ keepFirstRender: true, now: () => 0 });
    const html = `<html>${"<p>row</p>".repeat(500)}</html>`;
    const kept = cache.set(person, null, page(html), 60_000);
    const before = cache.size;
    // Nothing is compressed until a visitor asks for a form.
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.size).toBe(before);
    const hit = cache.get(person, never);
    const [br, again] = await Promise.all([hit?.encode("br"), kept?.encode("br")]);
    expect(brotliDecompressSync(br as Buffer).toString()).toBe(html);
    // Asked for twice, made once: the same bytes.
    expect(again).toBe(br);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.size).toBe(before + (br?.length ?? 0));
    const gzip = await cache.get(person, never)?.encode("gzip");
    expect(gunzipSync(gzip as Buffer).toString()).toBe(html);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.size).toBe(before + (br?.length ?? 0) + (gzip?.length ?? 0));
    // A tiny body is sent as it is.
    cache.set(crawler, null, page("<p>tiny</p>"), 60_000);
    expect((await cache.get(crawler, never)?.encode("br"))?.toString()).toBe("<p>tiny</p>");
  });

  it("does not make visitors wait for a render of a page that could not be kept last time", () => {
    let now = 0;
    const cache = new PageCache({ keepFirstRender: true, now: () => now });
    cache.markRendering(person, new Promise(() => {}));
    expect(cache.renderUnderWay(person)).toBeDefined();
    cache.notKept(person);
    expect(cache.renderUnderWay(person)).toBeUndefined();
    expect(cache.get(person, never)).toBeUndefined();
    // Until the longest a page is kept: then a render is worth waiting for again.
    now += 60_000;
    expect(cache.renderUnderWay(person)).toBeDefined();
    // A page kept later replaces the mark.
    cache.set(person, null, page("now public"), 30_000);
    expect(cache.get(person, never)?.page.body.toString()).toBe("now public");
  });
});

describe("PageCache: what is kept first", () => {
  it("keeps a page from its second render within the longest a page is kept, not its first", () => {
    let now = 0;
    const cache = new PageCache({ now: () => now });
    expect(cache.set(person, null, page("first"), 60_000)).toBeUndefined();
    expect(cache.get(person, never)).toBeUndefined();
    expect(cache.size).toBe(0);
    now += 59_999;
    expect(cache.set(person, null, page("second"), 60_000)?.page.body.toString()).toBe("second");
    expect(cache.get(person, never)?.page.body.toString()).toBe("second");
    // Crawlers' renders count apart: a person's visits do not make a crawler's page kept.
    expect(cache.set(crawler, null, page("crawler's"), 60_000)).toBeUndefined();
  });

  it("counts a render a minute after the first as a first again", () => {
    let now = 0;
    const cache = new PageCache({ now: () => now });
    cache.set(person, null, page("a"), 60_000);
    now += 60_000;
    expect(cache.set(person, null, page("b"), 60_000)).toBeUndefined();
    now += 1_000;
    expect(cache.set(person, null, page("c"), 60_000)).toBeDefined();
  });

  it("keeps a first render that another visitor waited for", async () => {
    const cache = new PageCache({ now: () => 0 });
    cache.markRendering(person, Promise.resolve());
    expect(cache.renderUnderWay(person)).toBeDefined();
    expect(cache.set(person, null, page("waited for"), 60_000)).toBeDefined();
    expect(cache.get(person, never)?.page.body.toString()).toBe("waited for");
  });

  it("remembers the addresses rendered once within a sixteenth of its bytes, forgetting the oldest", () => {
    // 64 kB: 4 kB of addresses at 256 bytes and two a character each: 9 keys of 98 characters.
    const cache = new PageCache({ maxBytes: 64 * 1024, now: () => 0 });
    const facts = (n: number) => ({ url: `http://site.test/${String(n).padStart(70, "0")}`, crawler: false });
    expect(pageCacheKey(facts(0), null)).toHaveLength(98);
    for (let n = 0; n < 10; n++) cache.set(facts(n), null, page("once"), 60_000);
    // The first address was forgotten: its next render is a first again. The last one is remembered.
    expect(cache.set(facts(0), null, page("again"), 60_000)).toBeUndefined();
    expect(cache.set(facts(9), null, page("again"), 60_000)).toBeDefined();
  });
});

describe("staleForMs", () => {
  const headers = (init: Record<string, string>) => new Headers(init);
  it("reads stale-while-revalidate from the header that set the time to live, at most the cap", () => {
    expect(
      staleForMs(headers({ "cache-control": "public, max-age=60, stale-while-revalidate=60" }), 60_000),
    ).toBe(60_000);
    expect(
      staleForMs(headers({ "cache-control": "public, max-age=60, stale-while-revalidate=600" }), 60_000),
    ).toBe(60_000);
    expect(staleForMs(headers({ "cache-control": "public, max-age=60" }), 60_000)).toBe(0);
    // The page's word for this cache alone is the one that counts when present.
    const both = {
      "cache-control": "public, max-age=60, stale-while-revalidate=60",
      [SERVER_CACHE_HEADER]: "max-age=30",
    };
    expect(staleForMs(headers(both), 60_000)).toBe(0);
    expect(
      staleForMs(headers({ [SERVER_CACHE_HEADER]: "max-age=30, stale-while-revalidate=15" }), 60_000),
    ).toBe(15_000);
  });
});

describe("PageCache: served stale while refreshed", () => {
  it("serves a page for its stale-while-revalidate after it expires, saying it is stale, then no more", () => {
    let now = 0;
    const cache = new PageCache({ keepFirstRender: true, now: () => now });
    cache.set(person, null, page("week"), 60_000, 60_000);
    now = 59_999;
    expect(cache.get(person, never)?.stale).toBe(false);
    now = 60_000;
    const stale = cache.get(person, never);
    expect(stale?.stale).toBe(true);
    expect(stale?.ageSeconds).toBe(60);
    expect(stale?.page.body.toString()).toBe("week");
    now = 119_999;
    expect(cache.get(person, never)?.stale).toBe(true);
    now = 120_000;
    expect(cache.get(person, never)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("serves a page without stale-while-revalidate only while fresh", () => {
    let now = 0;
    const cache = new PageCache({ keepFirstRender: true, now: () => now });
    cache.set(person, null, page("day"), 60_000);
    now = 60_000;
    expect(cache.get(person, never)).toBeUndefined();
  });

  it("keeps a refresh of a page it still serves, whatever the second-render rule says", () => {
    let now = 0;
    const cache = new PageCache({ now: () => now });
    cache.set(person, null, page("old"), 60_000, 60_000); // a first render: not kept
    expect(cache.set(person, null, page("old"), 60_000, 60_000)).toBeDefined(); // the second is
    // Over a minute after that second render, a render would count as a first again; a refresh
    // of the stale copy is kept all the same.
    now = 90_000;
    expect(cache.get(person, never)?.stale).toBe(true);
    expect(cache.set(person, null, page("new"), 60_000, 60_000)).toBeDefined();
    const fresh = cache.get(person, never);
    expect(fresh?.stale).toBe(false);
    expect(fresh?.page.body.toString()).toBe("new");
    expect(fresh?.ageSeconds).toBe(0);
  });

  it("drops the stale copy when its refresh is too big to keep", () => {
    let now = 0;
    const cache = new PageCache({ keepFirstRender: true, maxBytes: 80_000, now: () => now });
    cache.set(person, null, page("small"), 60_000, 60_000);
    now = 61_000;
    expect(cache.set(person, null, page("z".repeat(20_000)), 60_000, 60_000)).toBeUndefined();
    expect(cache.get(person, never)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps an age-verification page's copies reachable through their stale window", () => {
    let now = 0;
    const cache = new PageCache({ keepFirstRender: true, now: () => now });
    cache.set(person, true, page("no thumbnails"), 30_000, 30_000);
    now = 45_000;
    const hit = cache.get(person, () => true);
    expect(hit?.stale).toBe(true);
    expect(hit?.page.body.toString()).toBe("no thumbnails");
  });

  it("says whether a render of a page is under way, so that one refresh runs at a time", async () => {
    const cache = new PageCache({ now: () => 0 });
    let finish = () => {};
    const render = new Promise<void>((resolve) => {
      finish = resolve;
    });
    expect(cache.isRendering(person)).toBe(false);
    cache.markRendering(person, render);
    expect(cache.isRendering(person)).toBe(true);
    expect(cache.isRendering(crawler)).toBe(false);
    finish();
    await render;
    await Promise.resolve();
    await Promise.resolve();
    expect(cache.isRendering(person)).toBe(false);
  });
});
