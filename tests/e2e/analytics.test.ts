import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import type { AnalyticsBody } from "../../src/site/analytics-event.ts";
import { testApp } from "../helpers/api.ts";
import { type DailyViewerFixture, writeDailyViewerFixture } from "../helpers/daily-viewer-files.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { closeServer, heading } from "./page-helpers.ts";

/**
 * Analytics (SPEC §6; issue 30, point 7) against a local stand-in of a Plausible-compatible
 * service: page views and the named events arrive, with the address bare of its query, no
 * cookie and no referrer header; the page's policy lets the service's origin in and no other; a
 * browser that asks not to be followed (Global Privacy Control) sends nothing. The partner sites
 * of SPEC §1 are in the same site's footer.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: AnalyticsBody;
}

/** A stand-in service that keeps every event posted to it. */
async function startStandIn(): Promise<{ server: Server; origin: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    request.on("end", () => {
      if (request.method === "POST") {
        received.push({ path: request.url ?? "", headers: request.headers, body: JSON.parse(text) });
      }
      response.writeHead(202).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}`, received };
}

describe("analytics, when configured", () => {
  let t: TestDatabase;
  let fixture: DailyViewerFixture;
  let app: FastifyInstance;
  let standIn: Awaited<ReturnType<typeof startStandIn>>;

  const site = browserSite(async () => {
    t = await createTestDatabase();
    fixture = await writeDailyViewerFixture({ abbr: "tc", online: [] });
    standIn = await startStandIn();
    app = testApp(t.db, {
      publishDir: fixture.root,
      config: loadConfig({
        PLATFORM_NAME: "TestCams",
        PLATFORM_SLUG: "testcams",
        PLATFORM_ABBR: "tc",
        ANALYTICS_URL: standIn.origin,
        ANALYTICS_SITE_ID: "stats.example",
        PARTNER_SITES: "Other Stats=https://other.example/,Third=https://third.example/x",
      }),
    });
    return { app, cleanUp: [() => closeServer(standIn.server), () => fixture.remove(), () => t.drop()] };
  });

  /** Waits until an event of `name` for `path` has arrived, and gives it. */
  async function arrived(name: string, path: string): Promise<Received> {
    const url = `${site.origin}${path}`;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = standIn.received.find((r) => r.body.name === name && r.body.url === url);
      if (found !== undefined) return found;
      if (Date.now() > deadline) {
        throw new Error(`no ${name} for ${url}; got ${JSON.stringify(standIn.received.map((r) => r.body))}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("sends page views and gender and tag changes, bare of queries, cookies and referrers", async () => {
    const { page, response, errors } = await site.open("/top/viewers?live=1", { viewport: PHONE });
    expect(response?.headers()["content-security-policy"]).toContain(`connect-src 'self' ${standIn.origin};`);
    const view = await arrived("pageview", "/top/viewers");
    expect(view.path).toBe("/api/event");
    expect(view.body).toEqual({
      name: "pageview",
      domain: "stats.example",
      url: `${site.origin}/top/viewers`,
      referrer: null,
    });
    expect(view.headers["content-type"]).toBe("text/plain");
    expect(view.headers.cookie).toBeUndefined();
    expect(view.headers.referer).toBeUndefined();

    await page.getByRole("link", { name: "Female", exact: true }).click();
    await heading(page, "Top Female models on TestCams for the last day");
    expect((await arrived("Gender change", "/top/viewers/women")).body.props).toEqual({ gender: "women" });
    const next = await arrived("pageview", "/top/viewers/women");
    // The referrer is the one the visit came with (none here), not the page before within the site.
    expect(next.body.referrer).toBeNull();

    const input = page.getByRole("combobox", { name: "Tag" });
    await input.fill("asi");
    await page.getByRole("option", { name: "#asian" }).click();
    await page.waitForURL(`${site.origin}/top/viewers/women/asian`);
    expect((await arrived("Tag change", "/top/viewers/women/asian")).body.props).toEqual({ tag: "asian" });
    expect(errors).toEqual([]);
    // Only the stand-in was written to: every event is one of the names the site sends.
    expect(new Set(standIn.received.map((r) => r.body.name))).toEqual(
      new Set(["pageview", "Gender change", "Tag change"]),
    );
  });

  it("sends nothing from a browser that asks not to be followed", async () => {
    const context = await site.browser.newContext({ viewport: PHONE });
    await context.addInitScript(
      "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true });",
    );
    const page = await context.newPage();
    const before = standIn.received.length;
    await page.goto(`${site.origin}/top/viewers/men`);
    await page.getByRole("link", { name: "Couples", exact: true }).click();
    await heading(page, "Top Couples models on TestCams for the last day");
    // The page view would have been sent at hydration, well before the navigation ended.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(standIn.received.slice(before)).toEqual([]);
    await context.close();
  });

  it("links the partner sites in the footer, in their order", async () => {
    const { page } = await site.open("/top/viewers", { javaScript: false });
    const partners = page.getByRole("navigation", { name: "Partner sites" });
    expect(await partners.getByRole("heading").textContent()).toBe("Partner sites for other platforms");
    const links = partners.getByRole("link");
    expect(await links.allTextContents()).toEqual(["Other Stats", "Third"]);
    expect([await links.nth(0).getAttribute("href"), await links.nth(1).getAttribute("href")]).toEqual([
      "https://other.example/",
      "https://third.example/x",
    ]);
  });
});
