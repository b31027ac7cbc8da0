import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_DATABASE, testApp } from "../../../../tests/helpers/api.ts";
import { BROWSER, canonical, text } from "../../../../tests/helpers/page-html.ts";
import {
  locationRows,
  type TrafficMapFixture,
  writeTrafficMapFixture,
} from "../../../../tests/helpers/traffic-map-files.ts";
import { loadConfig } from "../../../config.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

/** The chosen country's panel. */
const panel = (html: string) =>
  /<section class="world-locations__selected"[\s\S]*?<\/section>\s*<\/div>/.exec(html)?.[0] ?? "";

describe("the world location explorer", () => {
  let fixture: TrafficMapFixture;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    fixture = await writeTrafficMapFixture({ traffic: false });
    app = testApp(NO_DATABASE, {
      publishDir: fixture.root,
      config: loadConfig({ PLATFORM_NAME: "TestCams" }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await fixture?.remove();
  });

  const get = (url: string) =>
    app
      .inject({ url, headers: { "user-agent": BROWSER } })
      .then((r) => ({ status: r.statusCode, html: r.body }));

  it("opens on the biggest country, its lists beside a map whose countries link here", async () => {
    const { status, html } = await get("/world-locations");
    expect(status).toBe(200);
    expect(canonical(html)).toBe("http://localhost/world-locations");
    const chosen = text(panel(html));
    expect(chosen).toContain("Colombia #1 of 4 countries, with 1,234 performers on the latest day.");
    const popular = locationRows("s", "colombia", "all");
    const followers = locationRows("f", "colombia", "all");
    expect(panel(html)).toContain(`href="/${popular[0]?.u}"`);
    expect(panel(html)).toContain(`href="/${followers[9]?.u}"`);
    expect(panel(html)).not.toContain(`href="/${followers[10]?.u}"`);
    expect(html).toMatch(/<a href="\/world-locations\?country=united-states" tabindex="-1">/);
    expect(html).toContain('class="country-map__shape--selected"');
  });

  it("shows a chosen country and gender, saying so when a list is not published", async () => {
    const us = await get("/world-locations?country=United-States");
    expect(canonical(us.html)).toBe("http://localhost/world-locations?country=united-states");
    expect(text(panel(us.html))).toContain("United States #2 of 4 countries, with 300 performers");
    const malta = await get("/world-locations?country=malta");
    expect(text(panel(malta.html))).toContain("Not published for this country just now.");
    const women = await get("/world-locations?gender=female&country=colombia");
    expect(canonical(women.html)).toBe("http://localhost/world-locations?gender=female");
    expect(text(panel(women.html))).toContain("with 1,000 female performers");
  });

  it("takes any other value as the default, never failing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        async (country, gender) => {
          const query = new URLSearchParams({ country, gender }).toString();
          expect((await get(`/world-locations?${query}`)).status).toBe(200);
        },
      ),
      { numRuns: 30 },
    );
  });
});
