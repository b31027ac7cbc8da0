import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSubjectGoal } from "../../tests/helpers/bingo-goals.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../tests/helpers/fixtures.ts";
import {
  publishTwice,
  readPublished,
  readPublishedBytes,
  testPublishContext,
} from "../../tests/helpers/publish.ts";
import { bingoDataFileSchema, publishBingoData, publishBingoDataIfMissing } from "./bingo-data.ts";
import { schemaForPath } from "./file-schemas.ts";
import { BINGO_PATHS } from "./paths.ts";

const DAY = "2026-11-20";

/** /api/bingo_data.json: the common goal items with their prices, per gender, from subject_goals. */
describe("bingo data file", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.db;
    const seen = "2026-11-18T12:00:00Z";
    const ids: number[] = [];
    for (const [i, gender] of (["f", "f", "f", "m", "c"] as const).entries())
      ids.push(await insertPerformer(db, { username: `p${i}`, gender }));
    const [a, b, c, d, e] = ids as [number, number, number, number, number];
    // "dance": four performers at 50, 100, 150, 200 (three spell it "Dance").
    await insertSubjectGoal(db, { performerId: a, item: "Dance", key: "dance", tokens: 50, lastSeen: seen });
    await insertSubjectGoal(db, { performerId: b, item: "Dance", key: "dance", tokens: 100, lastSeen: seen });
    await insertSubjectGoal(db, { performerId: c, item: "dance", key: "dance", tokens: 150, lastSeen: seen });
    await insertSubjectGoal(db, {
      performerId: d,
      item: "Dance",
      key: "dance",
      tokens: 200,
      gender: "m",
      lastSeen: seen,
    });
    // "oil show": two performers, one more only as tokens left (not a price: left out).
    await insertSubjectGoal(db, { performerId: a, item: "oil show", tokens: 300, lastSeen: seen });
    await insertSubjectGoal(db, {
      performerId: e,
      item: "Oil Show",
      key: "oil show",
      tokens: 500,
      gender: "c",
      lastSeen: seen,
    });
    await insertSubjectGoal(db, {
      performerId: b,
      item: "oil show",
      tokens: 5,
      kind: "left",
      lastSeen: seen,
    });
    // One performer alone: not common.
    await insertSubjectGoal(db, { performerId: c, item: "spin", tokens: 25, lastSeen: seen });
    // Before the 30 days and after the day: not counted.
    await insertSubjectGoal(db, {
      performerId: c,
      item: "flash",
      tokens: 99,
      lastSeen: "2026-10-21T23:00:00Z",
    });
    await insertSubjectGoal(db, {
      performerId: d,
      item: "flash",
      tokens: 99,
      gender: "m",
      lastSeen: "2026-11-21T00:00:00Z",
    });
    // An opted-out performer's goals count nowhere.
    const gone = await insertPerformer(db, { username: "gone" });
    await confirmOptout(db, "gone");
    await insertSubjectGoal(db, {
      performerId: gone,
      item: "Dance",
      key: "dance",
      tokens: 9999,
      lastSeen: seen,
    });
    await insertSubjectGoal(db, { performerId: gone, item: "spin", tokens: 30, lastSeen: seen });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("lists the items most performers asked for, with the most common spelling and their prices", async () => {
    const context = await testPublishContext(t.db);
    try {
      const { first, second } = await publishTwice(publishBingoData, context, DAY);
      expect(first.map((f) => f.urlPath)).toEqual([BINGO_PATHS.data]);
      // The same data gives the same bytes: the second run finds the file as it was.
      expect(second[0]?.changed).toBe(false);
      expect(second[0]?.etag).toBe(first[0]?.etag);
      const file = bingoDataFileSchema.parse(await readPublished(context, BINGO_PATHS.data));
      expect(schemaForPath(BINGO_PATHS.data)).toBe(bingoDataFileSchema);
      expect(file.day).toBe(DAY);
      expect(file.from).toBe("2026-10-22");
      expect(file.items.all).toEqual([
        { item: "Dance", key: "dance", performers: 4, p25: 88, median: 125, p75: 163 },
        { item: "Oil Show", key: "oil show", performers: 2, p25: 350, median: 400, p75: 450 },
      ]);
      expect(file.items.women).toEqual([
        { item: "Dance", key: "dance", performers: 3, p25: 75, median: 100, p75: 125 },
      ]);
      expect(file.items.men).toEqual([]);
      expect(file.items.couples).toEqual([]);
      expect(file.items.trans).toEqual([]);
      expect(JSON.stringify(file)).not.toContain("9999");
    } finally {
      await context.remove();
    }
  });

  it("is written at start when missing, and left alone when there", async () => {
    const context = await testPublishContext(t.db);
    try {
      const now = Date.parse("2026-11-21T12:00:00Z");
      const written = await publishBingoDataIfMissing(context, now);
      expect(written?.urlPath).toBe(BINGO_PATHS.data);
      const file = bingoDataFileSchema.parse(await readPublished(context, BINGO_PATHS.data));
      expect(file.day).toBe(DAY);
      const bytes = await readPublishedBytes(context, BINGO_PATHS.data);
      expect(await publishBingoDataIfMissing(context, now + 86_400_000)).toBeNull();
      expect((await readPublishedBytes(context, BINGO_PATHS.data)).equals(bytes)).toBe(true);
    } finally {
      await context.remove();
    }
  });
});
