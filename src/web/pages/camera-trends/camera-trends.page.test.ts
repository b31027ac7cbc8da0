import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_DATABASE, testApp } from "../../../../tests/helpers/api.ts";
import { TRENDS_DAY, writeCameraTrendsFixture } from "../../../../tests/helpers/camera-trends-file.ts";
import { BROWSER, canonical, text } from "../../../../tests/helpers/page-html.ts";
import { loadConfig } from "../../../config.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

describe("the camera trends page", () => {
  let fixture: { root: string; remove(): Promise<void> };
  let app: FastifyInstance;
  let empty: FastifyInstance;
  const config = loadConfig({ PLATFORM_NAME: "TestCams" });

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    fixture = await writeCameraTrendsFixture();
    app = testApp(NO_DATABASE, { publishDir: fixture.root, config });
    empty = testApp(NO_DATABASE, { config });
  });
  afterAll(async () => {
    await app?.close();
    await empty?.close();
    await fixture?.remove();
  });

  const get = (server: FastifyInstance, url: string) =>
    server
      .inject({ url, headers: { "user-agent": BROWSER } })
      .then((r) => ({ status: r.statusCode, html: r.body }));

  it("shows the last 90 days of the HD, gender and tag shares on a site 80 days old", async () => {
    const { status, html } = await get(app, "/camera-trends");
    expect(status).toBe(200);
    expect(canonical(html)).toBe("http://localhost/camera-trends");
    const page = text(html);
    expect(page).toContain(`day by day over the last 90 days to ${TRENDS_DAY} (UTC)`);
    expect(page).toContain(`35.9% on ${TRENDS_DAY}, against 20% at the start.`);
    expect(page).toContain(`60% on ${TRENDS_DAY}.`);
    expect(page).toContain("#asian (%)");
    expect(html).toMatch(/<a href="\/tags\/cute"[^>]*>#cute \(%\)<\/a>/);
    // HD, rooms, four genders, two tags.
    expect((html.match(/<svg class="svg-line-chart"/g) ?? []).length).toBe(8);
    // Rooms up to 12,640: the axis says 15K, compact, not a clipped "5,000".
    expect(html).toContain(">15K</text>");
  });

  it("cuts to 30 days or a year, and takes anything else as the default span", async () => {
    const month = await get(app, "/camera-trends?days=30");
    expect(canonical(month.html)).toBe("http://localhost/camera-trends?days=30");
    expect(text(month.html)).toContain(`35.9% on ${TRENDS_DAY}, against 28.1% at the start.`);
    expect(text(month.html)).toContain(`41.4% on ${TRENDS_DAY}, against 38.5% at the start.`);
    const odd = await get(app, "/camera-trends?days=%3Cscript%3E");
    expect(odd.status).toBe(200);
    expect(canonical(odd.html)).toBe("http://localhost/camera-trends");
  });

  it("first shows the span that holds the data: 30 days on a young site, a year on an old one", async () => {
    for (const [collected, words] of [
      [20, "30 days"],
      [365, "year"],
    ] as const) {
      const other = await writeCameraTrendsFixture(collected);
      const site = testApp(NO_DATABASE, { publishDir: other.root, config });
      try {
        const { status, html } = await get(site, "/camera-trends");
        expect(status).toBe(200);
        expect(canonical(html)).toBe("http://localhost/camera-trends");
        expect(text(html)).toContain(`day by day over the last ${words} to ${TRENDS_DAY} (UTC)`);
        // The other spans are addresses of their own.
        expect(html).toContain('href="/camera-trends?days=90"');
      } finally {
        await site.close();
        await other.remove();
      }
    }
  });

  it("answers 503 before the first publish", async () => {
    const { status, html } = await get(empty, "/camera-trends");
    expect(status).toBe(503);
    expect(text(html)).toContain("The camera trends are on their way");
  });
});
