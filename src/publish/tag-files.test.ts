import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../tests/helpers/fixtures.ts";
import { publishTwice, readPublished, testPublishContext } from "../../tests/helpers/publish.ts";
import type { Db } from "../db/connect.ts";
import {
  additionalTagsFileSchema,
  additionalTagsPublisher,
  publishAdditionalTags,
} from "./additional-tags.ts";
import { EXTRA_PATHS } from "./paths.ts";
import { possibleTagsFileSchema, publishPossibleTags } from "./possible-tags.ts";

const DAY = "2026-11-20";

async function suggest(
  db: Db,
  username: string,
  tag: string,
  status: "pending" | "approved" | "rejected",
  reviewedAt: string | null,
): Promise<void> {
  await sql`INSERT INTO tag_suggestions (username, tag, status, reviewed_at)
    VALUES (${username}, ${tag}, ${status}, ${reviewedAt}::timestamptz)`.execute(db);
}

describe("tag files", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.db;
    const performer = (username: string) => insertPerformer(db, { username });
    const ann = await performer("ann");
    await insertPerformerDay(db, { performerId: ann, day: "2026-10-22", tags: ["asian", "cute"] });
    await insertPerformerDay(db, { performerId: ann, day: DAY, tags: ["cute"] });
    const bob = await performer("bob");
    await insertPerformerDay(db, { performerId: bob, day: "2026-11-01", tags: ["cute", "latina"] });
    const cat = await performer("cat");
    await insertPerformerDay(db, { performerId: cat, day: "2026-10-21", tags: ["asian"] });
    await insertPerformerDay(db, { performerId: cat, day: "2026-11-05", tags: ["latina", "blonde"] });
    const fay = await performer("fay");
    await insertPerformerDay(db, { performerId: fay, day: "2026-11-10", tags: ["cute", "solo", "blonde"] });
    const dee = await performer("dee");
    await insertPerformerDay(db, { performerId: dee, day: "2026-11-10", tags: ["asian"] });
    await confirmOptout(db, "dee");
    const eve = await performer("eve");
    await insertPerformerDay(db, { performerId: eve, day: "2026-11-21", tags: ["asian"] });

    await suggest(db, "ann", "tattoo", "approved", "2026-11-20T23:59:59Z");
    await suggest(db, "ann", "bbw", "approved", "2026-11-19T10:00:00Z");
    await suggest(db, "ann", "zzz", "pending", null);
    await suggest(db, "ann", "nope", "rejected", "2026-11-18T10:00:00Z");
    await suggest(db, "bob", "glasses", "approved", "2026-11-21T00:00:00Z");
    await suggest(db, "dee", "gone", "approved", "2026-11-01T00:00:00Z");
    await suggest(db, "zed", "new", "approved", "2026-11-01T00:00:00Z");
  });
  afterAll(() => t.drop());

  it("possible tags: those at least tagMinPerformers performers used in the 30 days, most used first", async () => {
    const context = await testPublishContext(t.db, { tagMinPerformers: 2 });
    try {
      const { first, second } = await publishTwice(publishPossibleTags, context, DAY);
      expect(first.map((f) => [f.urlPath, f.changed])).toEqual([["/api/tags/possible_tags.json", true]]);
      expect(second).toEqual([{ ...first[0], changed: false }]);
      const json = await readPublished(context, EXTRA_PATHS.possibleTags);
      expect(possibleTagsFileSchema.parse(json)).toEqual(json);
      expect(json).toEqual({
        day: DAY,
        from: "2026-10-22",
        minPerformers: 2,
        tags: [
          { tag: "cute", count: 3 },
          { tag: "blonde", count: 2 },
          { tag: "latina", count: 2 },
        ],
      });
    } finally {
      await context.remove();
    }
  });

  it("possible tags: the minimum is the option's", async () => {
    const context = await testPublishContext(t.db, { tagMinPerformers: 3 });
    try {
      await publishPossibleTags(context, DAY);
      const json = possibleTagsFileSchema.parse(await readPublished(context, EXTRA_PATHS.possibleTags));
      expect(json.tags).toEqual([{ tag: "cute", count: 3 }]);
    } finally {
      await context.remove();
    }
  });

  it("additional tags: the suggestions approved now, per performer, whatever the day", async () => {
    const context = await testPublishContext(t.db);
    try {
      const { first, second } = await publishTwice(publishAdditionalTags, context, DAY);
      expect(first.map((f) => [f.urlPath, f.changed])).toEqual([["/api/tags/additional_tags.json", true]]);
      expect(second).toEqual([{ ...first[0], changed: false }]);
      const json = await readPublished(context, EXTRA_PATHS.additionalTags);
      expect(additionalTagsFileSchema.parse(json)).toEqual(json);
      expect(json).toEqual({
        updatedAt: "2026-11-21T00:00:00.000Z",
        performers: { ann: ["bbw", "tattoo"], bob: ["glasses"], zed: ["new"] },
      });
    } finally {
      await context.remove();
    }
  });

  it("additional tags: the watcher republishes only when a tag decision or an opt-out changed it", async () => {
    const context = await testPublishContext(t.db);
    try {
      const publish = additionalTagsPublisher(t.db, context.root);
      expect((await publish())?.changed).toBe(true);
      expect(await publish()).toBeNull();
      await sql`UPDATE tag_suggestions SET status = 'approved', reviewed_at = '2026-11-22T00:00:00Z' WHERE tag = 'zzz'`.execute(
        t.db,
      );
      await sql`INSERT INTO moderation_decisions (kind, item_id, action, decided_as)
        SELECT 'tag', id, 'approve', 'moderator' FROM tag_suggestions WHERE tag = 'zzz'`.execute(t.db);
      expect((await publish())?.changed).toBe(true);
      const json = (await readPublished(context, EXTRA_PATHS.additionalTags)) as {
        performers: Record<string, string[]>;
      };
      expect(json.performers.ann).toEqual(["bbw", "tattoo", "zzz"]);
    } finally {
      await sql`UPDATE tag_suggestions SET status = 'pending', reviewed_at = NULL WHERE tag = 'zzz'`.execute(
        t.db,
      );
      await context.remove();
    }
  });

  it("tag_suggestions holds one suggestion per username and tag, reviewed exactly when decided", async () => {
    await expect(suggest(t.db, "ann", "tattoo", "pending", null)).rejects.toThrow(/unique/);
    await expect(suggest(t.db, "ann", "other", "approved", null)).rejects.toThrow(/check/);
    await expect(suggest(t.db, "ann", "other", "pending", "2026-11-01T00:00:00Z")).rejects.toThrow(/check/);
  });
});
