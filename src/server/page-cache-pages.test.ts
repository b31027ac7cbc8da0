import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveRoomsApp, NO_DATABASE, testApp } from "../../tests/helpers/api.ts";
import { startTestPlatform, type TestPlatform } from "../../tests/helpers/platform.ts";
import { loadConfig } from "../config.ts";
import { missingBuildMessage, webBuildExists } from "./pages.ts";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const GOOGLEBOT = "Googlebot/2.1 (+http://www.google.com/bot.html)";

/** The page cache in front of React Router's handler (src/server/page-cache.ts), through the app. */
describe("the page cache", () => {
  let now = 1_000_000;
  let app: FastifyInstance;
  let uncached: FastifyInstance;
  beforeAll(() => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    const config = loadConfig({ PLATFORM_NAME: "TestCams" });
    app = testApp(NO_DATABASE, { config, pageCache: { now: () => now } });
    uncached = testApp(NO_DATABASE, { config, pageCache: false });
  });
  afterAll(async () => {
    await app?.close();
    await uncached?.close();
  });

  const get = (url: string, userAgent = BROWSER, on = app) =>
    on.inject({ method: "GET", url, headers: { "user-agent": userAgent } });

  it("keeps a public page from its second visit within a minute, then serves it with its headers and an Age", async () => {
    const first = await get("/about");
    expect(first.statusCode).toBe(200);
    expect(first.headers.age).toBe("0");
    // Asked for once, it was not kept: the second visit renders it too, and it is kept.
    now += 1_000;
    expect((await get("/about")).headers.age).toBe("0");
    now += 2_500;
    const third = await get("/about");
    expect(third.statusCode).toBe(200);
    expect(third.headers.age).toBe("2");
    expect(third.body).toBe(first.body);
    expect(third.headers["cache-control"]).toBe("public, max-age=300");
    expect(third.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("answers visitors arriving together for a page not kept yet with one and the same page", async () => {
    now += 120_000;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get("/privacy")));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it("keeps crawlers' pages apart from people's", async () => {
    now += 120_000;
    await get("/privacy", GOOGLEBOT);
    expect((await get("/privacy", GOOGLEBOT)).headers.age).toBe("0");
    // Rendered afresh for a person, twice: the crawler's copy is not theirs, nor are its visits.
    expect((await get("/privacy")).headers.age).toBe("0");
    expect((await get("/privacy")).headers.age).toBe("0");
    now += 1_000;
    expect((await get("/privacy", GOOGLEBOT)).headers.age).toBe("1");
    expect((await get("/privacy")).headers.age).toBe("1");
  });

  it("keeps a page at most 60 s, whatever its max-age says", async () => {
    now += 120_000;
    await get("/about");
    expect((await get("/about")).headers.age).toBe("0");
    now += 59_999;
    expect((await get("/about")).headers.age).toBe("59");
    now += 1;
    expect((await get("/about")).headers.age).toBe("0");
  });

  it("sends a page compressed to a visitor who accepts it, from its first render on", async () => {
    now += 120_000;
    const withBrotli = () =>
      app.inject({
        method: "GET",
        url: "/about",
        headers: { "user-agent": BROWSER, "accept-encoding": "gzip, deflate, br" },
      });
    // The render itself leaves compressed (the form is made when first asked for), the first
    // one, which is not kept, as the second, which is...
    const first = await withBrotli();
    expect(first.headers.age).toBe("0");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers.vary).toBe("accept-encoding");
    expect((await withBrotli()).headers["content-encoding"]).toBe("br");
    // ...and then sent from the cache: the same form, and the page as it is to whoever accepts
    // no encoding.
    now += 1_000;
    const br = await withBrotli();
    expect(br.headers.age).toBe("1");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.equals(first.rawPayload)).toBe(true);
    const plain = await get("/about");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({
      method: "GET",
      url: "/about",
      headers: { "user-agent": BROWSER, "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(Number(gz.headers["content-length"])).toBe(gz.rawPayload.length);
  });

  it("does not keep a 404", async () => {
    const first = await get("/no/such/page");
    expect(first.statusCode).toBe(404);
    const second = await get("/no/such/page");
    expect(second.statusCode).toBe(404);
    expect(second.headers.age).toBeUndefined();
  });

  it("keeps data requests apart from documents", async () => {
    const data = await get("/about.data");
    expect(data.statusCode).toBe(200);
    expect(data.headers["content-type"]).toMatch(/^text\/x-script/);
    expect((await get("/about.data")).headers["content-type"]).toMatch(/^text\/x-script/);
    expect((await get("/about")).headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("answers HEAD without a body, and renders every page when turned off", async () => {
    const head = await app.inject({ method: "HEAD", url: "/about" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    await get("/about", BROWSER, uncached);
    expect((await get("/about", BROWSER, uncached)).headers.age).toBeUndefined();
  });
});

/** The live-room pages: private for HTTP caches, kept here apart per age-verification decision. */
describe("the page cache and the live-room pages", () => {
  const GB = "81.2.69.142";
  const US = "8.8.8.8";
  let now = 5_000_000;
  let platform: TestPlatform;
  let app: FastifyInstance;
  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    platform = await startTestPlatform({ performers: 500, seed: 9, at: Date.UTC(2026, 10, 18, 21) });
    app = liveRoomsApp(platform.sandbox.url, {
      ageVerificationRegions: ["GB"],
      pageCache: { now: () => now },
    });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.sandbox.close();
  });

  const get = (from: string) =>
    app.inject({ method: "GET", url: "/", headers: { "user-agent": BROWSER }, remoteAddress: from });

  it("keeps / for the proxy's 30 s, a copy per age-verification decision, and never sends its own header", async () => {
    const us = await get(US);
    expect(us.statusCode).toBe(200);
    expect(us.headers["cache-control"]).toBe("private, max-age=30");
    expect(us.headers["x-server-cache"]).toBeUndefined();
    expect(us.headers.age).toBe("0");
    // Kept from its second visit.
    expect((await get(US)).headers.age).toBe("0");
    // A visitor where age verification applies is rendered afresh: their page has no thumbnails.
    const gb = await get(GB);
    expect(gb.headers.age).toBe("0");
    expect(gb.body).not.toBe(us.body);
    expect((await get(GB)).headers.age).toBe("0");
    now += 29_000;
    const usAgain = await get(US);
    expect(usAgain.headers.age).toBe("29");
    expect(usAgain.body).toBe(us.body);
    expect(usAgain.headers["x-server-cache"]).toBeUndefined();
    const gbAgain = await get(GB);
    expect(gbAgain.headers.age).toBe("29");
    expect(gbAgain.body).toBe(gb.body);
    now += 1_000;
    expect((await get(US)).headers.age).toBe("0");
  });
});
