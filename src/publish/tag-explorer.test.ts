import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../tests/helpers/fixtures.ts";
import {
  publishTwice,
  readPublished,
  readPublishedBytes,
  testPublishContext,
} from "../../tests/helpers/publish.ts";
import { isValidDate } from "../site/shown-days.ts";
import { rollupTagDays } from "../stats/tag-days.ts";
import { schemaForPath } from "./file-schemas.ts";
import {
  TAG_EXPLORER_DATASETS,
  TAG_EXPLORER_DIR,
  TAG_RELATED_PATH,
  tagExplorerDayPath,
  tagExplorerPath,
} from "./paths.ts";
import { EXPLORER_EDITIONS_KEPT, publishTagExplorer } from "./tag-explorer.ts";
import {
  allTagsFileSchema,
  monthlyFileSchema,
  relatedTagsFileSchema,
  tagCountsFileSchema,
  tagFigureFileSchema,
  tagMapFileSchema,
} from "./tag-explorer-schemas.ts";
import { resolveUnder } from "./write-file.ts";

const DAY = "2026-11-20";
const LATER = "2026-12-05";
const MANY_TAGS = Array.from({ length: 201 }, (_, i) => `t${String(i).padStart(3, "0")}`);

const SCHEMAS = {
  tagMap: tagMapFileSchema,
  tagCounts: tagCountsFileSchema,
  allTags: allTagsFileSchema,
  monthly: monthlyFileSchema,
  viewers: tagFigureFileSchema,
  follower_count: tagFigureFileSchema,
  follower_gain: tagFigureFileSchema,
} as const;

const MONTHS = ["2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07"];
const figure = (total: number, average: number | null) => ({ total, average });
const none = figure(0, null);

describe("tag explorer datasets", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.db;
    const ann = await insertPerformer(db, { username: "ann", gender: "f" });
    const bob = await insertPerformer(db, { username: "bob", gender: "m" });
    const cou = await insertPerformer(db, { username: "cou", gender: "c" });
    const tra = await insertPerformer(db, { username: "tra", gender: "t" });
    const unk = await insertPerformer(db, { username: "unk", gender: null });
    const dee = await insertPerformer(db, { username: "dee", gender: "f" });
    const many = await insertPerformer(db, { username: "many", gender: "f" });
    await confirmOptout(db, "dee");
    const day = (performerId: number, d: string, tags: string[], figures: [number, number, number | null]) =>
      insertPerformerDay(db, {
        performerId,
        day: d,
        tags,
        peakViewers: figures[0],
        followers: figures[1],
        followerGain: figures[2],
      });
    await day(ann, DAY, ["cute", "asian"], [100, 1000, 10]);
    await day(bob, DAY, ["cute"], [50, 200, -5]);
    await day(cou, DAY, ["cute", "couple"], [30, 300, 3]);
    await day(tra, DAY, ["asian"], [10, 100, 1]);
    await day(unk, DAY, ["cute"], [3, 5, null]);
    await day(dee, DAY, ["cute", "secret"], [900, 9000, 90]);
    await day(ann, "2026-11-10", ["cute"], [1, 1, 0]);
    // In the 30 days but never rolled up into tag_days: counts for related.json only.
    const eve = await insertPerformer(db, { username: "eve", gender: "f" });
    await day(eve, "2026-11-15", ["asian", "cute"], [1, 1, 0]);
    await day(ann, "2026-10-05", ["cute", "old"], [1, 1, 0]);
    await day(bob, "2026-10-05", ["cute"], [1, 1, 0]);
    await day(ann, "2026-10-06", ["old"], [1, 1, 0]);
    await day(ann, "2026-10-07", ["old"], [1, 1, 0]);
    // Before the 12 months, and after the day: neither counts for the day.
    await day(ann, "2025-11-30", ["cute"], [1, 1, 0]);
    await day(many, LATER, MANY_TAGS, [1, 1, 0]);
    await day(ann, LATER, ["t200"], [1, 1, 0]);
    for (const d of ["2025-11-30", "2026-10-05", "2026-10-06", "2026-10-07", "2026-11-10", DAY, LATER]) {
      await rollupTagDays(db, d);
    }
  });
  afterAll(() => t.drop());

  it("publishes the seven datasets of the day, exactly, byte-stable", async () => {
    const context = await testPublishContext(t.db);
    try {
      const { first, second } = await publishTwice(publishTagExplorer, context, DAY);
      // Each at SPEC §3's path and in the day's folder (the pages' day, SPEC §5); tagCounts last,
      // since the pages take a day's edition as whole once its tagCounts is there.
      expect(first.map((f) => f.urlPath)).toEqual(
        [...TAG_EXPLORER_DATASETS.filter((d) => d !== "tagCounts"), "related", "tagCounts"].flatMap((d) => [
          `/api/tag_explorer/${d}.json`,
          `/api/tag_explorer/${DAY}/${d}.json`,
        ]),
      );
      for (const file of first.filter((f) => f.urlPath.includes(DAY)))
        expect(await readPublishedBytes(context, file.urlPath)).toEqual(
          await readPublishedBytes(context, file.urlPath.replace(`/${DAY}`, "")),
        );
      expect(second).toEqual(first.map((f) => ({ ...f, changed: false })));
      const files: Record<string, unknown> = {};
      for (const dataset of TAG_EXPLORER_DATASETS) {
        const json = await readPublished(context, tagExplorerPath(dataset));
        expect(SCHEMAS[dataset].parse(json)).toEqual(json);
        files[dataset] = json;
      }
      expect(files).toEqual({
        tagMap: {
          day: DAY,
          tags: {
            cute: { rank: 1, count: 4, couples: 1, women: 1, men: 1, trans: 0 },
            asian: { rank: 2, count: 2, couples: 0, women: 1, men: 0, trans: 1 },
            couple: { rank: 3, count: 1, couples: 1, women: 0, men: 0, trans: 0 },
          },
        },
        tagCounts: {
          day: DAY,
          tags: [
            { tag: "cute", count: 4, couples: 1, women: 1, men: 1, trans: 0 },
            { tag: "asian", count: 2, couples: 0, women: 1, men: 0, trans: 1 },
            { tag: "couple", count: 1, couples: 1, women: 0, men: 0, trans: 0 },
          ],
        },
        allTags: { day: DAY, from: "2026-10-22", tags: ["asian", "couple", "cute"] },
        monthly: {
          day: DAY,
          months: [...MONTHS, "2026-08", "2026-09", "2026-10", "2026-11"],
          tags: {
            cute: [...MONTHS.map(() => null), null, null, 0.67, 2.5],
            asian: [...MONTHS.map(() => null), null, null, 0, 1],
            couple: [...MONTHS.map(() => null), null, null, 0, 0.5],
          },
        },
        viewers: {
          day: DAY,
          tags: {
            cute: {
              all: figure(183, 45.75),
              couples: figure(30, 30),
              women: figure(100, 100),
              men: figure(50, 50),
              trans: none,
            },
            asian: {
              all: figure(110, 55),
              couples: none,
              women: figure(100, 100),
              men: none,
              trans: figure(10, 10),
            },
            couple: { all: figure(30, 30), couples: figure(30, 30), women: none, men: none, trans: none },
          },
        },
        follower_count: {
          day: DAY,
          tags: {
            cute: {
              all: figure(1505, 376.25),
              couples: figure(300, 300),
              women: figure(1000, 1000),
              men: figure(200, 200),
              trans: none,
            },
            asian: {
              all: figure(1100, 550),
              couples: none,
              women: figure(1000, 1000),
              men: none,
              trans: figure(100, 100),
            },
            couple: { all: figure(300, 300), couples: figure(300, 300), women: none, men: none, trans: none },
          },
        },
        follower_gain: {
          day: DAY,
          tags: {
            cute: {
              all: figure(8, 2),
              couples: figure(3, 3),
              women: figure(10, 10),
              men: figure(-5, -5),
              trans: none,
            },
            asian: {
              all: figure(11, 5.5),
              couples: none,
              women: figure(10, 10),
              men: none,
              trans: figure(1, 1),
            },
            couple: { all: figure(3, 3), couples: figure(3, 3), women: none, men: none, trans: none },
          },
        },
      });
    } finally {
      await context.remove();
    }
  });

  it(`keeps the editions of the last ${EXPLORER_EDITIONS_KEPT} days beside the latest`, async () => {
    const context = await testPublishContext(t.db);
    try {
      const days = ["2026-11-18", "2026-11-19", DAY, "2026-11-21"];
      for (const day of days) await publishTagExplorer(context, day);
      const kept = async () =>
        (await readdir(resolveUnder(context.root, TAG_EXPLORER_DIR)))
          .filter((name) => isValidDate(name))
          .sort();
      expect(await kept()).toEqual(days.slice(-EXPLORER_EDITIONS_KEPT));
      // A rebuild of an older day writes that day's folder and drops none of the newer ones.
      await publishTagExplorer(context, "2026-11-17");
      expect(await kept()).toEqual(["2026-11-17", ...days.slice(-EXPLORER_EDITIONS_KEPT)]);
      const dated = tagCountsFileSchema.parse(
        await readPublished(context, tagExplorerDayPath(DAY, tagExplorerPath("tagCounts"))),
      );
      expect(dated.day).toBe(DAY);
      // check-published knows the kept editions' files by their latest edition's schema.
      for (const name of [...TAG_EXPLORER_DATASETS, "related"])
        expect(schemaForPath(`/api/tag_explorer/${DAY}/${name}.json`), name).toBe(
          schemaForPath(`/api/tag_explorer/${name}.json`),
        );
    } finally {
      await context.remove();
    }
  });

  it("publishes the tags each top tag's performers also used over the 30 days, opted-out ones left out", async () => {
    const context = await testPublishContext(t.db);
    try {
      await publishTagExplorer(context, DAY);
      const related = relatedTagsFileSchema.parse(await readPublished(context, TAG_RELATED_PATH));
      // cute and asian share ann and eve; couple shares only cou with cute (a coincidence: left out);
      // dee (opted out) and her "secret" count nowhere.
      expect(related).toEqual({
        day: DAY,
        from: "2026-10-22",
        tags: {
          cute: { performers: 5, related: [{ tag: "asian", performers: 2 }] },
          asian: { performers: 3, related: [{ tag: "cute", performers: 2 }] },
          couple: { performers: 1, related: [] },
        },
      });
    } finally {
      await context.remove();
    }
  });

  it("gives figures to the top 200 tags only, and ranks every tag of the day", async () => {
    const context = await testPublishContext(t.db);
    try {
      await publishTagExplorer(context, LATER);
      const counts = tagCountsFileSchema.parse(await readPublished(context, tagExplorerPath("tagCounts")));
      expect(counts.tags.map((c) => c.tag)).toEqual(["t200", ...MANY_TAGS.slice(0, 199)]);
      expect(counts.tags[0]).toEqual({ tag: "t200", count: 2, couples: 0, women: 2, men: 0, trans: 0 });
      const map = tagMapFileSchema.parse(await readPublished(context, tagExplorerPath("tagMap")));
      expect(Object.keys(map.tags)).toHaveLength(201);
      expect(map.tags.t199).toEqual({ rank: 201, count: 1, couples: 0, women: 1, men: 0, trans: 0 });
      for (const dataset of ["viewers", "follower_count", "follower_gain", "monthly"] as const) {
        const json = SCHEMAS[dataset].parse(await readPublished(context, tagExplorerPath(dataset)));
        expect(Object.keys(json.tags).sort()).toEqual(counts.tags.map((c) => c.tag).sort());
      }
      const monthly = monthlyFileSchema.parse(await readPublished(context, tagExplorerPath("monthly")));
      expect(monthly.months.slice(-3)).toEqual(["2026-10", "2026-11", "2026-12"]);
      expect(monthly.tags.t200?.slice(-3)).toEqual([0, 0, 2]);
    } finally {
      await context.remove();
    }
  });
});
