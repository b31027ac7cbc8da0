import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LiveState } from "./live-state.ts";
import { searchMerged } from "./merged-search.ts";
import { type ModelQuery, PAGE_SIZE, scanModels, searchModels } from "./model-query.ts";
import { GENDER_CODES, SearchIndex } from "./search-index.ts";
import type { SearchRow } from "./search-rows.ts";

/**
 * Properties of the indexed model search: for any performers and any query, it answers exactly
 * what testing every row against every filter answers (scanModels), and what it answers
 * satisfies the filters and the order asked for.
 */

const NOW = Date.parse("2026-11-20T20:00:00Z");
const TAGS = ["asian", "cute", "bigboobs", "latina", "new", "feet"];
const pause = async () => {};

const row = (id: number) =>
  fc.record({
    username: fc
      .array(fc.constantFrom("a", "b", "an", "na", "x", "_", "1", "ab", "ba"), { minLength: 1, maxLength: 5 })
      .map((parts) => `${parts.join("")}${id}`),
    gender: fc.constantFrom("f", "m", "t", "c", null),
    age: fc.option(fc.integer({ min: 18, max: 70 }), { freq: 3 }),
    tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 4 }),
    followers: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { freq: 8 }),
    peakViewers: fc.option(fc.oneof(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 60_000 })), {
      freq: 3,
    }),
    seenMinutesAgo: fc.oneof(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 100_000 })),
    online: fc.boolean(),
  });

const dataset = fc
  .integer({ min: 0, max: 160 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => row(i + 1))));

const range = (min: number, max: number) =>
  fc.option(
    fc
      .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
      .map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) })),
    { freq: 2 },
  );

const query: fc.Arbitrary<ModelQuery> = fc.record({
  offset: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200 })),
  orderBy: fc.constantFrom("name", "viewers", "followers"),
  sortOrder: fc.constantFrom("asc", "desc"),
  terms: fc.uniqueArray(fc.constantFrom("a", "an", "ab", "ba", "na", "b1", "x_", "an1", "zz", "1"), {
    maxLength: 2,
  }),
  liveOnly: fc.boolean(),
  gender: fc.constantFrom(null, ...GENDER_CODES),
  tags: fc.uniqueArray(fc.constantFrom(...TAGS, "unknown"), { maxLength: 3 }),
  requireAllTags: fc.boolean(),
  age: range(18, 99),
  followers: range(0, 2_000_000),
  viewers: range(0, 50_000),
});

/** A generated performer: a search row without what the test sets itself, and when it was seen. */
type Generated = Pick<SearchRow, "username" | "gender" | "age" | "followers" | "peakViewers"> & {
  tags: string[];
  seenMinutesAgo: number;
  online: boolean;
};

async function build(rows: Generated[], firstId = 1) {
  const loaded: (SearchRow & { online: boolean })[] = rows.map((r, i) => ({
    ...r,
    performerId: firstId + i,
    displayName: null,
    country: null,
    tags: r.tags.join(" "),
    lastSeen: NOW - r.seenMinutesAgo * 60_000,
  }));
  const index = await SearchIndex.build(loaded, pause);
  const live = new LiveState(
    index,
    {
      observedAt: new Date(NOW),
      online: loaded.filter((r) => r.online).map((r) => r.performerId),
      recent: [],
    },
    NOW,
  );
  return { loaded, live };
}

describe("the indexed model search", () => {
  it("answers exactly what a scan of every row answers", async () => {
    await fc.assert(
      fc.asyncProperty(dataset, fc.array(query, { minLength: 1, maxLength: 8 }), async (rows, queries) => {
        const { live } = await build(rows);
        for (const q of queries)
          expect(searchModels(live, q, NOW), JSON.stringify(q)).toEqual(scanModels(live, q, NOW));
      }),
      { numRuns: 300 },
    );
  });

  it("answers only rows that satisfy every filter, in the order asked for, 50 at most", async () => {
    await fc.assert(
      fc.asyncProperty(dataset, query, async (rows, q) => {
        const { live } = await build(rows);
        const { index } = live;
        const page = searchModels(live, q, NOW);
        expect(page.rows.length).toBeLessThanOrEqual(PAGE_SIZE);
        expect(page.rows.length).toBe(Math.max(0, Math.min(PAGE_SIZE, page.resultCount - q.offset)));
        for (const r of page.rows) {
          const name = index.nameOf(r);
          const tags = index.tagsOf(r);
          for (const term of q.terms) expect(name).toContain(term);
          if (q.gender !== null) expect(index.genderCodeOf(r)).toBe(q.gender);
          if (q.tags.length > 0) {
            const hits = q.tags.filter((t) => tags.includes(t)).length;
            expect(q.requireAllTags ? hits === q.tags.length : hits > 0).toBe(true);
          }
          if (q.liveOnly) expect(live.isLive(r, NOW)).toBe(true);
          if (q.age) expect(index.age[r]).toBeGreaterThanOrEqual(Math.max(18, q.age.min));
          if (q.age) expect(index.age[r]).toBeLessThanOrEqual(q.age.max);
          if (q.followers) expect(index.followers[r]).toBeGreaterThanOrEqual(q.followers.min);
          if (q.followers) expect(index.followers[r]).toBeLessThanOrEqual(q.followers.max);
          if (q.viewers) expect(live.maxViewers[r]).toBeGreaterThanOrEqual(q.viewers.min);
          if (q.viewers) expect(live.maxViewers[r]).toBeLessThanOrEqual(q.viewers.max);
        }
        const key = (r: number) =>
          q.orderBy === "name"
            ? index.nameOf(r)
            : ((q.orderBy === "followers" ? index.followers[r] : live.maxViewers[r]) as number);
        for (let k = 1; k < page.rows.length; k++) {
          const [a, b] = [key(page.rows[k - 1] as number), key(page.rows[k] as number)];
          if (q.sortOrder === "asc") expect(a <= b, `${a} then ${b}`).toBe(true);
          else expect(a >= b, `${a} then ${b}`).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("the model search over the index and the performers added since it was built", () => {
  it("answers exactly what one index of all of them answers", async () => {
    const split = dataset.chain((rows) =>
      fc.tuple(fc.constant(rows), fc.integer({ min: 0, max: rows.length })),
    );
    await fc.assert(
      fc.asyncProperty(split, fc.array(query, { minLength: 1, maxLength: 8 }), async ([rows, k], queries) => {
        const { live: all } = await build(rows);
        const { live: main } = await build(rows.slice(0, k));
        const { live: added } = await build(rows.slice(k), k + 1);
        for (const q of queries) {
          const expected = scanModels(all, q, NOW);
          const merged = searchMerged(searchModels, main, added, q, NOW);
          expect(merged.resultCount, JSON.stringify(q)).toBe(expected.resultCount);
          expect(
            merged.rows.map(({ live, row }) => live.index.nameOf(row)),
            JSON.stringify(q),
          ).toEqual(expected.rows.map((r) => all.index.nameOf(r)));
        }
      }),
      { numRuns: 300 },
    );
  });
});
