import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { DESKTOP, expectNoSeriousViolations, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { chartLabelsOutside, heading, pageOverflows } from "./page-helpers.ts";

const minute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();

async function poll(db: TestDatabase["db"], at: string, rooms: number) {
  await sql`
    INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, rooms_f, rooms_m,
      rooms_c, rooms_t, viewers_f, viewers_m, viewers_c, viewers_t, pages, requests, duration_ms)
    VALUES (${at}, ${at}, ${at}, 'complete', 'live', ${rooms}, ${rooms * 100}, ${rooms / 2}, ${rooms / 4},
      ${rooms / 8}, ${rooms / 8}, ${rooms * 60}, ${rooms * 20}, ${rooms * 10}, ${rooms * 10}, 1, 1, 10)
    ON CONFLICT (observed_at) DO NOTHING`.execute(db);
}

describe("live stats in a browser", () => {
  // The server's clock, moved on by each run past the 15 s the call shares one answer for.
  let serverNow = Date.now();
  let app: FastifyInstance;
  let database: TestDatabase;

  const { open } = browserSite(async () => {
    database = await createTestDatabase();
    const now = Date.now();
    for (let m = 24 * 60; m >= 2; m -= 10)
      await poll(database.db, minute(now - m * 60_000), 800 + (m % 7) * 8);
    app = testApp(database.db, { config: loadConfig({ PLATFORM_NAME: "TestCams" }), now: () => serverNow });
    return { app, cleanUp: [() => database.drop()] };
  });

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`takes the next poll's figures without a reload at ${viewport.width} px (${name})`, async () => {
      const { page, errors } = await open("/live-stats", { viewport });
      await heading(page, "Live stats");
      await expectNoSeriousViolations(page, "live stats");
      expect(await pageOverflows(page)).toBe(false);
      expect(await chartLabelsOutside(page)).toEqual([]);
      // The page's timers under the test's control, from a fresh load.
      await page.clock.install();
      await page.reload();
      const rooms = page.locator(".live-stats__figures strong").first();
      const before = await rooms.textContent();

      // Each run a poll of its own, newer than any before.
      await poll(
        database.db,
        minute(Date.now() + (name === "phone" ? 0 : 60_000)),
        name === "phone" ? 4000 : 4008,
      );
      serverNow += 60_000;
      await page.clock.fastForward(61_000);
      await expect.poll(() => rooms.textContent()).toBe(name === "phone" ? "4,000" : "4,008");
      expect(before).not.toBe(await rooms.textContent());
      expect(errors).toEqual([]);
    });
  }
});
