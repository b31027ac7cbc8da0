import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { insertPerformer, insertPerformerDay } from "../../tests/helpers/fixtures.ts";
import { readPublished, testPublishContext } from "../../tests/helpers/publish.ts";
import { recordThumbFailure, recordThumbStored } from "../db/queries/performer-thumbs.ts";
import { publishDailyViewerRankings } from "./daily-viewer-files.ts";
import { schemaForPath } from "./file-schemas.ts";
import { dailyViewerRankingPath } from "./paths.ts";

const DAY = "2026-03-04";

describe("hasThumb in the daily viewer ranking files (decision 0023)", () => {
  let t: TestDatabase;
  let context: Awaited<ReturnType<typeof testPublishContext>>;

  beforeAll(async () => {
    t = await createTestDatabase();
    context = await testPublishContext(t.db);
    const ann = await insertPerformer(t.db, { username: "ann" });
    const bea = await insertPerformer(t.db, { username: "bea" });
    const cid = await insertPerformer(t.db, { username: "cid" });
    for (const [id, viewers] of [
      [ann, 300],
      [bea, 200],
      [cid, 100],
    ] as const) {
      await insertPerformerDay(t.db, { performerId: id, day: DAY, peakViewers: viewers, followers: 10 });
    }
    // ann: a thumbnail kept; bea: only a failed request; cid: never asked for.
    await recordThumbStored(t.db, { performerId: ann, day: DAY, storedAt: new Date(), hash: "a".repeat(64) });
    await recordThumbFailure(t.db, { performerId: bea, day: DAY, error: "HTTP 404" }, () => 2);
  });
  afterAll(async () => {
    await context.remove();
    await t.drop();
  });

  it("is true exactly where a profile thumbnail is kept", async () => {
    await publishDailyViewerRankings(context, DAY);
    const path = dailyViewerRankingPath(DAY, "women", undefined);
    const entries = schemaForPath(path)?.parse(await readPublished(context, path));
    expect(entries).toEqual([
      expect.objectContaining({ u: "ann", hasThumb: true }),
      expect.objectContaining({ u: "bea", hasThumb: false }),
      expect.objectContaining({ u: "cid", hasThumb: false }),
    ]);
  });

  it("turns false once the kept thumbnail is gone", async () => {
    await sql`DELETE FROM performer_thumbs`.execute(t.db);
    await publishDailyViewerRankings(context, DAY);
    const path = dailyViewerRankingPath(DAY, "all", undefined);
    const entries = (await readPublished(context, path)) as { hasThumb: boolean }[];
    expect(entries.map((e) => e.hasThumb)).toEqual([false, false, false]);
  });
});
