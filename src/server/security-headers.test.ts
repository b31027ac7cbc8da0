import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { loadConfig } from "../config.ts";
import { inlineScripts } from "../site/content-security-policy.ts";

/** One path of each family: pages (a ranking, the search, a 404), the API, the files and images. */
const PAGES = ["/", "/about", "/top/viewers", "/search", "/no-such-performer-zz9"];
const OTHERS = [
  "/api/geoip",
  "/api/docs",
  "/api/streams",
  "/robots.txt",
  "/sitemap.xml",
  "/stats/manifest.json",
  "/images/top/camsandbox_top_women.jpg",
  "/v1/no-such-call",
];

const directivesOf = (policy: string) =>
  new Map(policy.split(/;\s*/).map((d) => [d.split(" ")[0] ?? "", d.split(" ").slice(1)] as const));

describe("security headers on every answer", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestDatabase();
    app = testApp(t.db, { imageHost: "https://img.example/base" });
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });
  const get = (url: string) => app.inject({ method: "GET", url });

  it("are the same for pages, the API, files and images: nosniff, referrer, framing, permissions", async () => {
    for (const url of [...PAGES, ...OTHERS]) {
      const { headers } = await get(url);
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(headers["x-frame-options"], url).toBe("DENY");
      expect(headers["permissions-policy"], url).toMatch(/(^|, )camera=\(\)(, |$)/);
      expect(headers["permissions-policy"], url).toMatch(/(^|, )geolocation=\(\)(, |$)/);
      expect(headers["strict-transport-security"], url).toBeUndefined();
      const policy = directivesOf(String(headers["content-security-policy"]));
      expect(policy.get("frame-ancestors"), url).toEqual(["'none'"]);
      expect(String(headers["content-security-policy"]), url).not.toContain("unsafe-eval");
    }
  });

  it("give each page a policy that lists exactly the hashes of its inline scripts", async () => {
    for (const url of PAGES) {
      const response = await get(url);
      expect(response.headers["content-type"], url).toBe("text/html; charset=utf-8");
      const policy = directivesOf(String(response.headers["content-security-policy"]));
      const hashes = inlineScripts(response.payload).map(
        (text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`,
      );
      expect(hashes.length, url).toBeGreaterThanOrEqual(3);
      expect(policy.get("script-src"), url).toEqual(["'self'", ...new Set(hashes)]);
      expect(policy.get("object-src"), url).toEqual(["'none'"]);
      expect(policy.get("base-uri"), url).toEqual(["'self'"]);
      expect(policy.get("img-src"), url).toEqual(["'self'", "data:", "https://img.example"]);
    }
  });

  it("keep a page's policy when the page comes from the cache", async () => {
    const first = await get("/about");
    await get("/about");
    const cached = await get("/about");
    expect(cached.headers["x-server-cache"] ?? cached.headers.age).toBeDefined();
    expect(cached.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
  });

  it("let nothing load in what is not a page", async () => {
    for (const url of OTHERS) {
      const policy = directivesOf(String((await get(url)).headers["content-security-policy"]));
      expect(policy.get("default-src"), url).toEqual(["'none'"]);
    }
  });
});

describe("HSTS", () => {
  it("is sent when the site's public address is https, for a year with subdomains", async () => {
    const t = await createTestDatabase();
    const app = testApp(t.db, { config: loadConfig({ PUBLIC_URL: "https://stats.example" }) });
    try {
      for (const url of ["/about", "/api/geoip"]) {
        expect((await app.inject({ method: "GET", url })).headers["strict-transport-security"], url).toBe(
          "max-age=31536000; includeSubDomains",
        );
      }
    } finally {
      await app.close();
      await t.drop();
    }
  });
});
