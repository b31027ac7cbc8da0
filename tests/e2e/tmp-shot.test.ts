import { describe, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { addDays } from "../../src/stats/calendar.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { insertPerformer, insertPerformerDay } from "../helpers/fixtures.ts";
import { type TrafficMapFixture, writeTrafficMapFixture } from "../helpers/traffic-map-files.ts";
import { DESKTOP, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { drawnChartProblems } from "./page-helpers.ts";

describe("shots", () => {
  let t: TestDatabase;
  let traffic: TrafficMapFixture;
  const site = browserSite(async () => {
    t = await createTestDatabase();
    const today = new Date().toISOString().slice(0, 10);
    const star = await insertPerformer(t.db, {
      username: "star_cam",
      followers: 3_250_000,
      firstSeen: new Date(Date.now() - 40 * 86_400_000).toISOString(),
      lastSeen: new Date(Date.now() - 86_400_000).toISOString(),
    });
    for (let back = 30; back >= 1; back--)
      await insertPerformerDay(t.db, {
        performerId: star,
        day: addDays(today, -back),
        followers: 3_200_000 + (30 - back) * 1_700,
        followerGain: 1_700,
        peakViewers: 12_000 + (back % 7) * 1_100,
        bestRank: 1 + (back % 3),
      });
    traffic = await writeTrafficMapFixture({ locations: false });
    return {
      app: testApp(t.db, {
        publishDir: traffic.root,
        config: loadConfig({ PLATFORM_NAME: "TestCams" }),
        pageCache: false,
      }),
      cleanUp: [() => traffic.remove(), () => t.drop()],
    };
  });
  it("shoots", async () => {
    for (const vp of [PHONE, DESKTOP]) {
      for (const path of ["/star_cam", "/traffic"]) {
        const { page } = await site.open(path, { viewport: vp });
        await page.waitForTimeout(1500);
        console.log(vp.width, path, JSON.stringify(await drawnChartProblems(page)));
        const charts = page.locator(
          "section[aria-labelledby=charts-title], section[aria-labelledby=traffic-week], section[aria-labelledby=traffic-broadcasters]",
        );
        for (let i = 0; i < (await charts.count()); i++)
          await charts.nth(i).screenshot({ path: `/tmp/charts-shot-${vp.width}-${path.slice(1)}-${i}.png` });
      }
    }
  }, 120_000);
});
