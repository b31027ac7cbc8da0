import { readdirSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { DEFAULT_WEB_BUILD_DIR } from "./pages.ts";
import { rateFamily } from "./rate-limit.ts";

describe("which window a request counts in", () => {
  it("puts the APIs and the published files in the API's, the built assets in none, all else in the pages'", () => {
    expect(
      ["/api/streamers", "/api", "/v1/name-checker", "/stats/2026-11-24/most-popular.json", "/api?x=1"].map(
        rateFamily,
      ),
    ).toEqual(["api", "api", "api", "api", "api"]);
    expect(
      [
        "/",
        "/about",
        "/robots.txt",
        "/sitemap.xml",
        "/images/top/cs_top_women.jpg",
        "/apiary",
        "/statsy",
      ].map(rateFamily),
    ).toEqual(["page", "page", "page", "page", "page", "page", "page"]);
    expect(rateFamily("/assets/root-abc.js")).toBeNull();
  });
});

describe("the rate limit on every route", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const asset = readdirSync(path.join(DEFAULT_WEB_BUILD_DIR, "client", "assets")).find((f) =>
    f.endsWith(".js"),
  );
  beforeAll(async () => {
    t = await createTestDatabase();
    app = testApp(t.db, { rateLimitPerMinute: 2, pageRateLimitPerMinute: 3 });
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });
  const get = (url: string, remoteAddress: string) => app.inject({ method: "GET", url, remoteAddress });

  it("counts pages, robots.txt, sitemaps and images in the pages' window, and answers a small 429 page", async () => {
    const ip = "203.0.113.1";
    for (const url of ["/about", "/robots.txt", "/images/top/camsandbox_top_women.jpg"]) {
      expect((await get(url, ip)).statusCode, url).not.toBe(429);
    }
    const refused = await get("/privacy", ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.payload).toContain("<title>Too many requests</title>");
    expect(refused.payload).toMatch(
      /asked for more than 3 pages in a minute\. Please try again in (\d+ seconds?|1 minute)\./,
    );
    expect((await get("/sitemap.xml", ip)).statusCode).toBe(429);
  });

  it("keeps the API's window apart, with its own 429 in the API's shape", async () => {
    const ip = "203.0.113.2";
    for (let i = 0; i < 3; i++) await get("/about", ip);
    expect((await get("/about", ip)).statusCode).toBe(429);
    expect((await get("/api/geoip", ip)).statusCode).toBe(200);
    expect((await get("/stats/manifest.json", ip)).statusCode).not.toBe(429);
    const refused = await get("/api/geoip", ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: {
        status: 429,
        code: "rate_limited",
        message: expect.stringMatching(/^too many requests: at most 2 a minute/),
      },
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("never counts the build's hashed assets, and counts each address apart", async () => {
    const ip = "203.0.113.3";
    for (let i = 0; i < 6; i++) expect((await get(`/assets/${asset}`, ip)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await get("/about", ip)).statusCode).toBe(200);
    expect((await get("/about", "203.0.113.4")).statusCode).toBe(200);
  });
});
