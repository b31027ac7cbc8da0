import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { BROWSER } from "../../../../tests/helpers/page-html.ts";
import { loadConfig } from "../../../config.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

const text = (html: string) =>
  html
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");

async function poll(db: TestDatabase["db"], at: string, rooms: number) {
  await sql`
    INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, rooms_f, rooms_m,
      rooms_c, rooms_t, viewers_f, viewers_m, viewers_c, viewers_t, pages, requests, duration_ms)
    VALUES (${at}, ${at}, ${at}, 'complete', 'live', ${rooms}, ${rooms * 100}, ${rooms / 2}, ${rooms / 4},
      ${rooms / 8}, ${rooms / 8}, ${rooms * 60}, ${rooms * 20}, ${rooms * 10}, ${rooms * 10}, 1, 1, 10)`.execute(
    db,
  );
}

describe("live stats: the page and the call", () => {
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    database = await createTestDatabase();
    app = testApp(database.db, { config: loadConfig({ PLATFORM_NAME: "TestCams" }) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("says there is no reading yet before the first poll", async () => {
    const page = await app.inject({ url: "/live-stats", headers: { "user-agent": BROWSER } });
    expect(page.statusCode).toBe(200);
    expect(text(page.body)).toContain("No reading of the platform's online list yet");
  });

  it("shows the rooms and viewers now against a day before, by gender, with the 24 hours charted", async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();
    await poll(database.db, iso(now - 86_400_000), 800);
    await poll(database.db, iso(now - 3_600_000), 960);
    await poll(database.db, iso(now - 60_000), 1000);
    const page = await app.inject({ url: "/live-stats", headers: { "user-agent": BROWSER } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("public, max-age=15");
    const body = text(page.body);
    expect(body).toContain("Rooms online 1,000 +200 (+25%) on a day before");
    expect(body).toContain("Viewers 100,000 +20,000 (+25%) on a day before");
    expect(body).toContain("Female 500 50% 60,000 60%");
    expect(body).toContain("Trans 125 12.5% 10,000 10%");
    expect((page.body.match(/<svg class="svg-line-chart"/g) ?? []).length).toBe(2);

    const call = await app.inject({ url: "/v1/live_stats" });
    expect(call.statusCode).toBe(200);
    expect(call.headers["cache-control"]).toBe("public, max-age=15");
    const stats = call.json();
    expect(stats.now.rooms).toBe(1000);
    expect(stats.dayBefore.rooms).toBe(800);
    expect(stats.last24h).toHaveLength(144);
  });
});
