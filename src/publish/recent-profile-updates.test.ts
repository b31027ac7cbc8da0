import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../tests/helpers/fixtures.ts";
import { publishTwice, readPublished, testPublishContext } from "../../tests/helpers/publish.ts";
import { tagChangeDays } from "../db/queries/profile-updates.ts";
import { EXTRA_PATHS } from "./paths.ts";
import { publishRecentProfileUpdates, recentProfileUpdatesFileSchema } from "./recent-profile-updates.ts";

const DAY = "2026-11-20";

describe("recent profile updates file", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.db;
    const ann = await insertPerformer(db, { username: "ann" });
    await insertPerformerDay(db, { performerId: ann, day: "2026-11-10", tags: ["asian", "cute"] });
    await insertPerformerDay(db, { performerId: ann, day: "2026-11-15", tags: ["asian", "cute"] });
    // A day without tags says nothing; the 17th is compared with the 15th.
    await insertPerformerDay(db, { performerId: ann, day: "2026-11-16", tags: [] });
    await insertPerformerDay(db, {
      performerId: ann,
      day: "2026-11-17",
      followers: 500,
      tags: ["latina", "cute"],
    });
    await insertPerformerDay(db, { performerId: ann, day: "2026-11-21", tags: ["after"] });

    const bob = await insertPerformer(db, { username: "bob" });
    await insertPerformerDay(db, { performerId: bob, day: DAY, followers: 100, tags: ["b", "a"] });
    const hal = await insertPerformer(db, { username: "hal" });
    await insertPerformerDay(db, { performerId: hal, day: DAY, followers: 5000, tags: ["solo"] });
    const ida = await insertPerformer(db, { username: "ida" });
    await insertPerformerDay(db, { performerId: ida, day: "2026-11-19", followers: 90, tags: ["a"] });
    await insertPerformerDay(db, { performerId: ida, day: DAY, followers: 100, tags: ["a", "b"] });

    // Seen before the window: its change on the window's first day counts, its first day does not.
    const cat = await insertPerformer(db, { username: "cat" });
    await insertPerformerDay(db, { performerId: cat, day: "2026-11-13", tags: ["x"] });
    await insertPerformerDay(db, { performerId: cat, day: "2026-11-14", followers: null, tags: ["x", "y"] });
    const dan = await insertPerformer(db, { username: "dan" });
    await insertPerformerDay(db, { performerId: dan, day: "2026-11-14", followers: 900, tags: [] });

    const dee = await insertPerformer(db, { username: "dee" });
    await insertPerformerDay(db, { performerId: dee, day: DAY, followers: 9000, tags: ["gone"] });
    await confirmOptout(db, "dee");
    const eve = await insertPerformer(db, { username: "eve" });
    await insertPerformerDay(db, { performerId: eve, day: "2026-11-21", followers: 9000, tags: ["later"] });
  });
  afterAll(() => t.drop());

  it("lists new performers and tag changes, newest first, then by followers, then username", async () => {
    const context = await testPublishContext(t.db);
    try {
      const { first, second } = await publishTwice(publishRecentProfileUpdates, context, DAY);
      expect(first.map((f) => [f.urlPath, f.changed])).toEqual([["/api/recent_profile_updates.json", true]]);
      expect(second).toEqual([{ ...first[0], changed: false }]);
      const json = await readPublished(context, EXTRA_PATHS.recentProfileUpdates);
      expect(recentProfileUpdatesFileSchema.parse(json)).toEqual(json);
      expect(json).toEqual({
        day: DAY,
        from: "2026-11-14",
        updates: [
          { day: DAY, username: "hal", followers: 5000, kind: "new", tags: ["solo"] },
          { day: DAY, username: "bob", followers: 100, kind: "new", tags: ["a", "b"] },
          { day: DAY, username: "ida", followers: 100, kind: "tags", added: ["b"], removed: [] },
          { day: "2026-11-19", username: "ida", followers: 90, kind: "new", tags: ["a"] },
          {
            day: "2026-11-17",
            username: "ann",
            followers: 500,
            kind: "tags",
            added: ["latina"],
            removed: ["asian"],
          },
          { day: "2026-11-14", username: "dan", followers: 900, kind: "new", tags: [] },
          { day: "2026-11-14", username: "cat", followers: null, kind: "tags", added: ["y"], removed: [] },
        ],
      });
    } finally {
      await context.remove();
    }
  });

  it("keeps the first entries in that order when there are more than the limit", async () => {
    const rows = await tagChangeDays(t.db, "2026-11-14", DAY, 2);
    expect(rows.map((r) => r.username)).toEqual(["hal", "bob"]);
  });
});
