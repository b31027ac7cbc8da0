import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_DATABASE, testApp } from "../../tests/helpers/api.ts";
import { loadConfig } from "../config.ts";
import { missingBuildMessage, webBuildExists } from "./pages.ts";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** A fresh installation's first minutes: the daily job has published nothing yet. */
describe("the ranking pages before anything is published", () => {
  let publishDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    publishDir = await mkdtemp(path.join(tmpdir(), "camstats-unpublished-"));
    app = testApp(NO_DATABASE, { publishDir, config: loadConfig({ PLATFORM_NAME: "TestCams" }) });
  });
  afterAll(async () => {
    await app?.close();
    await rm(publishDir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });

  it("answers 503 'on their way', not a 404, for every dated or 30-day ranking", async () => {
    for (const url of [
      "/top/viewers",
      "/top/followers",
      "/top/growing",
      "/top/supporters",
      "/top/performers",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(503);
      expect(response.body, url).toContain("The first rankings are on their way");
    }
  });

  it("keeps 404 for what is no page whatever is published, and the overview's empty tabs", async () => {
    expect((await get("/top/viewers/a/b/c/d")).statusCode).toBe(404);
    expect((await get("/top/supporters/no-such-order/x")).statusCode).toBe(404);
    const overview = await get("/top");
    expect(overview.statusCode).toBe(200);
    expect(overview.body).toContain("This list has not been published yet.");
    // Not kept by the page cache or a browser: the lists may be published a second later.
    expect(overview.headers["cache-control"]).toBe("no-cache");
  });
});
