import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../../../tests/helpers/fixtures.ts";
import { BROWSER } from "../../../../tests/helpers/page-html.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

/**
 * An opt-out takes effect in the pages at once (decision 0021): a performer page the page cache
 * keeps is dropped when the opt-outs change, so the next request is the 404 page, not the kept one.
 */
describe("an opt-out and the page cache", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    await insertPerformer(t.db, { username: "leaving", lastSeen: new Date().toISOString() });
    app = testApp(t.db, { pageCache: { keepFirstRender: true } });
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const get = (url: string) => app.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });

  it("serves the kept page until the performer opts out, then the 404 page", async () => {
    expect((await get("/leaving")).statusCode).toBe(200);
    const kept = await get("/leaving");
    expect(kept.statusCode).toBe(200);
    expect(kept.headers.age).toBeDefined();
    await confirmOptout(t.db, "leaving");
    // The opt-outs are looked at at most once a second per process.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get("/leaving")).statusCode).toBe(404);
  });

  it("takes the performer out of the kept performers' sitemap at once", async () => {
    await insertPerformer(t.db, { username: "shy", lastSeen: new Date().toISOString() });
    // Built before the opt-out changes below (the opt-outs' fingerprint is read first).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get("/sitemap-performers-1.xml")).body).toContain("/shy</loc>");
    await confirmOptout(t.db, "shy");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get("/sitemap-performers-1.xml")).body).not.toContain("/shy</loc>");
  });
});
