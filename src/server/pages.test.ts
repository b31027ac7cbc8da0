import { readdirSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { loadConfig } from "../config.ts";
import { DEFAULT_WEB_BUILD_DIR, missingBuildMessage, webBuildExists } from "./pages.ts";

/** SPEC §2 Navigation, exactly: the top navigation's paths and labels, in order. */
const TOP_NAV = [
  ["/search", "Search"],
  ["/lists", "Lists"],
  ["/top/viewers", "Top 100"],
  ["/top/followers", "Most followed"],
  ["/top/growing", "Rising Stars"],
  ["/top/performers", "Top Monthly"],
  ["/top", "Top Overall"],
  ["/traffic", "Traffic"],
  ["/map", "Map"],
  ["/blog", "Blog"],
];

/**
 * SPEC §2 Navigation: every footer link (the tag pages by the SPEC's three examples), and the tag
 * explorer (SPEC §1), live stats, camera trends and the world location explorer (SPEC §2, by name), which the SPEC's list does not name.
 */
const FOOTER_PATHS = [
  "/tags",
  "/live-stats",
  "/camera-trends",
  "/world-locations",
  "/top",
  "/top/performers",
  "/top/viewers/all",
  "/top/viewers/couples",
  "/top/viewers/women",
  "/top/viewers/men",
  "/top/viewers/trans",
  "/top/followers",
  "/top/growing",
  "/map",
  "/lists",
  "/resources",
  "/namepicker",
  "/socialmedia",
  "/tipmenu",
  "/bingo-card-creator",
  "/traffic",
  "/teen-cams",
  "/18to21-cams",
  "/20to30-cams",
  "/30to50-cams",
  "/mature-cams",
  "/tag/bigboobs",
  "/tag/asian",
  "/tag/latina",
  "/about",
  "/privacy",
];

/** The markup of the first element that opens with `open` (no nesting of the same tag inside). */
function element(html: string, open: RegExp, tag: string): string {
  const start = html.search(open);
  expect(start, `no ${open} in the page`).toBeGreaterThanOrEqual(0);
  const end = html.indexOf(`</${tag}>`, start);
  return html.slice(start, end + tag.length + 3);
}

/** [href, text] of every link in a piece of markup, in order. */
function links(html: string): string[][] {
  return [...html.matchAll(/<a [^>]*?href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [
    m[1] ?? "",
    m[2] ?? "",
  ]);
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"\/>/.exec(html)?.[1];
const description = (html: string) => /<meta name="description" content="([^"]*)"\/>/.exec(html)?.[1];

describe("the pages", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    // npm test builds the pages first (scripts/ensure-web-build.mjs); a bare vitest run may not have.
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    app = testApp(t.db, { config: loadConfig({ PLATFORM_NAME: "TestCams" }) });
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });

  for (const [path, heading] of [
    ["/about", "About camstats"],
    ["/privacy", "Privacy"],
  ] as const) {
    it(`${path} is a whole server-rendered page: header, navigation, footer, title and canonical`, async () => {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("public, max-age=300");
      // React separates adjacent text with <!-- -->, which a browser ignores; so does this test.
      const html = response.body.replaceAll("<!-- -->", "");
      expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
      expect(html).toContain(`<h1>${heading}</h1>`);

      const header = element(html, /<header class="site-header">/, "header");
      expect(header).toMatch(/<a class="site-logo" aria-label="camstats home" href="\/"/);
      expect(header).toMatch(/<form class="search-box" role="search" action="\/search" method="get"/);
      expect(header).toMatch(/<input [^>]*type="search"[^>]*name="search"/);

      const nav = element(html, /<nav class="top-nav" aria-label="Main">/, "nav");
      expect(links(nav)).toEqual(TOP_NAV);

      const footer = element(html, /<footer class="site-footer">/, "footer");
      // All of them and nothing else; the footer groups them in columns, so not in the SPEC's order.
      expect(
        links(footer)
          .map(([href]) => href)
          .sort(),
      ).toEqual([...FOOTER_PATHS].sort());
      for (const [, label] of links(footer)) expect(label).not.toBe("");

      // The platform's name comes from the configuration, through the root loader.
      expect(title(html)).toContain("TestCams");
      expect(description(html)).toMatch(/^What camstats /);
      expect(canonical(html)).toBe(`http://localhost${path}`);
      // Hydration: the client's scripts and the root loader's data, which carries the name too.
      expect(html).toMatch(/<script type="module"/);
      expect(html).toContain("TestCams");
    });
  }

  it("/about explains the numbers and the opt-out; /privacy what the browser keeps", async () => {
    const about = (await get("/about")).body;
    expect(about).toContain("Every minute we read the platform");
    expect(about).toContain("POST /v1/optout");
    expect(about).toContain('<a href="/data/README.md">the open data README</a>');
    const privacy = (await get("/privacy")).body;
    expect(privacy).toContain("no tracking");
    expect(privacy).toContain("local storage");
    expect(privacy).toContain("gender preference");
    expect(privacy).toContain("Dismissed banners");
    expect(privacy).toContain("POST /v1/optout");
  });

  it("answers an unknown page with the 404 page, inside the shell", async () => {
    for (const url of ["/no-such-page/at/all", "/top/viewers/women/extra/segments/here?x=1"]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain("<h1>Page not found</h1>");
      expect(title(response.body)).toBe("Page not found | camstats");
      expect(response.body).toContain('<meta name="robots" content="noindex"/>');
      expect(response.body).toContain('<header class="site-header">');
      expect(response.body).toContain('<footer class="site-footer">');
    }
  });

  it("keeps the API's JSON 404 for unknown API, account API and published paths", async () => {
    for (const url of [
      "/api/unknown",
      "/api",
      "/v1/unknown",
      "/v1/optout",
      "/stats/nothing.json",
      "/assets/gone.js",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/^application\/json/);
      expect(response.json(), url).toMatchObject({ error: { status: 404, code: "not_found" } });
    }
  });

  it("serves the built assets with an immutable cache header", async () => {
    const assets = readdirSync(path.join(DEFAULT_WEB_BUILD_DIR, "client", "assets"));
    const script = assets.find((name) => name.endsWith(".js"));
    // The root's own sheet (styles/base.css), which every page, /about included, links: not
    // whichever sheet sorts first, which a page's new stylesheet could change.
    const sheet = assets.find((name) => name.startsWith("base-") && name.endsWith(".css"));
    for (const name of [script, sheet]) {
      const response = await get(`/assets/${name}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    expect((await get(`/assets/${script}`)).headers["content-type"]).toMatch(/javascript/);
    // The page links the same files.
    expect((await get("/about")).body).toContain(`/assets/${sheet}`);
  });

  it("sends the build's brotli or gzip copy of a script to a browser that accepts it", async () => {
    const assets = readdirSync(path.join(DEFAULT_WEB_BUILD_DIR, "client", "assets"));
    const script = assets.find((name) => name.endsWith(".js")) as string;
    const plain = await get(`/assets/${script}`);
    const br = await get(`/assets/${script}`, { "accept-encoding": "br, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers["content-length"])).toBeLessThan(Number(plain.headers["content-length"]));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get(`/assets/${script}`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
  });

  it("answers HEAD with the headers only", async () => {
    const response = await app.inject({ method: "HEAD", url: "/about" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toBe("");
  });

  it("gives crawlers the whole document", async () => {
    const response = await get("/about", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    expect(response.statusCode).toBe(200);
    expect(response.body.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("answers client-side navigations' data requests", async () => {
    const response = await get("/about.data");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/x-script/);
  });
});

describe("the header's optional parts", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  const header = async (env: Record<string, string>) => {
    const app = testApp(t.db, { config: loadConfig(env) });
    try {
      const html = (await app.inject({ method: "GET", url: "/about" })).body;
      return element(html, /<header class="site-header">/, "header");
    } finally {
      await app.close();
    }
  };

  it("hides the social links by default, and shows the account menu unless the beta flag is off", async () => {
    const html = await header({});
    expect(html).not.toContain("social-links");
    expect(html).toContain('class="account-menu"');
    const off = await header({ ACCOUNTS_BETA: "false" });
    expect(off).not.toContain("account-menu");
    expect(off).not.toContain("account-dialog");
  });

  it("shows each social link that is configured", async () => {
    const html = await header({ SOCIAL_TWITTER_URL: "https://x.com/camstats" });
    expect(html).toContain('href="https://x.com/camstats"');
    expect(html).not.toContain("newsletter");
    const both = await header({
      SOCIAL_TWITTER_URL: "https://x.com/camstats",
      SOCIAL_NEWSLETTER_URL: "https://news.example/camstats",
    });
    expect(both).toContain('href="https://news.example/camstats"');
  });

  it("renders the account menu anonymous: only the account page, never a signed-in or signed-out choice", async () => {
    // The server never knows who is signed in (the refresh cookie is scoped to /v1/auth): the
    // browser fills the menu in, so a kept copy of the page suits everyone.
    const html = await header({ ACCOUNTS_BETA: "true" });
    expect(html).toContain('class="account-menu"');
    expect(html).toMatch(/<a class="account-menu__item" href="\/settings">Account<\/a>/);
    expect(html).not.toContain("Sign In");
    expect(html).not.toContain("Logout");
  });
});

describe("without a build", () => {
  it("says so on every page, and leaves the API alone", async () => {
    const t = await createTestDatabase();
    const app = testApp(t.db, { webBuildDir: "/nonexistent/build/web" });
    try {
      const page = await app.inject({ method: "GET", url: "/about" });
      expect(page.statusCode).toBe(503);
      expect(page.body).toBe(missingBuildMessage("/nonexistent/build/web"));
      expect(page.body).toContain("npm run build:web");
      const api = await app.inject({ method: "GET", url: "/api/unknown" });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ error: { code: "not_found" } });
    } finally {
      await app.close();
      await t.drop();
    }
  });
});
