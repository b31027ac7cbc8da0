import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import { readPublished, testPublishContext } from "../../tests/helpers/publish.ts";
import { collectPoll } from "../collect/poll.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../log.ts";
import { type BingoDataFile, publishBingoData } from "../publish/bingo-data.ts";
import { BINGO_PATHS } from "../publish/paths.ts";
import { lastClosedDay } from "../stats/ranking-day.ts";
import { fillSubjectGoalsFromHistory } from "./collection.ts";

const HOUR = 3_600_000;

/**
 * A first start (issue 28): the sandbox's history is polled without the live collector's goal hook,
 * and the daily job publishes before the first live poll. The goals are filled from the history
 * first, so the bingo data file of the history's day is not empty.
 */
describe("the bingo data file after a first start's history", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  const day = lastClosedDay(Date.now());
  const start = Date.parse(`${day}T08:00:00Z`);

  beforeAll(async () => {
    platform = await startTestPlatform({ performers: 3000, seed: 11, at: start });
    t = await createTestDatabase();
    const deps = testCollector(t.db, platform);
    for (let at = start; at <= start + 6 * HOUR; at += 10 * 60_000) {
      platform.clock.set(at);
      await collectPoll(deps, new Date(at));
    }
  }, 120_000);
  afterAll(async () => {
    platform?.sandbox.close();
    await t?.drop();
  });

  it("fills the goals from the history, so the day's file lists common items", async () => {
    const context = await testPublishContext(t.db);
    try {
      const before = await publishBingoData(context, day);
      expect(before).toHaveLength(1);
      const empty = (await readPublished(context, BINGO_PATHS.data)) as BingoDataFile;
      expect(empty.items.all).toEqual([]);

      const config = loadConfig({ POLL_INTERVAL: "600" });
      await fillSubjectGoalsFromHistory(config, t.db, createLogger("silent"), new Date(start + 7 * HOUR));
      await publishBingoData(context, day);
      const file = (await readPublished(context, BINGO_PATHS.data)) as BingoDataFile;
      expect(file.day).toBe(day);
      expect(file.items.all.length).toBeGreaterThan(0);
      for (const item of file.items.all) {
        expect(item.performers).toBeGreaterThanOrEqual(2);
        expect(item.p25).toBeLessThanOrEqual(item.median);
        expect(item.median).toBeLessThanOrEqual(item.p75);
      }
    } finally {
      await context.remove();
    }
  });
});
