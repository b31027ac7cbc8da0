import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_DATABASE, testApp } from "../../tests/helpers/api.ts";
import { cameraTrendsFixture } from "../../tests/helpers/camera-trends-file.ts";
import { type TrafficMapFixture, writeTrafficMapFixture } from "../../tests/helpers/traffic-map-files.ts";
import { loadConfig } from "../config.ts";
import { publishManifest } from "../publish/manifest.ts";
import { EXTRA_PATHS } from "../publish/paths.ts";
import { publishJson } from "../publish/write-file.ts";
import { missingBuildMessage, webBuildExists } from "./pages.ts";

const PAGES = ["/traffic", "/map", "/camera-trends", "/world-locations"];
const DAYS = ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"];
const text = (html: string) =>
  html
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

/**
 * Issue 28: after a first start the newest day is published first and the older days after it; the
 * pages over several days are normal pages meanwhile, with a sentence saying older days are coming.
 */
describe("pages while older days are still being published", () => {
  let fixture: TrafficMapFixture;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    fixture = await writeTrafficMapFixture();
    await publishJson(fixture.root, EXTRA_PATHS.cameraTrends, cameraTrendsFixture(5));
    // The pages read the published files alone: no database.
    app = testApp(NO_DATABASE, {
      publishDir: fixture.root,
      config: loadConfig({ PLATFORM_NAME: "TestCams" }),
      pageCache: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    await fixture?.remove();
  });

  it("says how many of the collected days are published, on a normal page", async () => {
    // A catch-up of five days has published the newest; four are coming.
    await publishManifest(fixture.root, [DAYS[4] as string], 4);
    for (const url of PAGES) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(text(response.body), url).toContain(
        "Older days are still being added: 1 of 5 days so far. The figures over several days fill in as they arrive, within minutes.",
      );
    }
    await publishManifest(fixture.root, DAYS.slice(2), 2);
    expect(text((await app.inject({ url: "/traffic" })).body)).toContain("3 of 5 days so far");
  });

  it("says nothing once every collected day is published", async () => {
    await publishManifest(fixture.root, DAYS);
    for (const url of PAGES) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(text(response.body), url).not.toContain("Older days are still being added");
    }
  });
});
