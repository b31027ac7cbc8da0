import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../tests/helpers/api.ts";
import {
  type DailyViewerFixture,
  writeDailyViewerFixture,
} from "../../../tests/helpers/daily-viewer-files.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { type RankedListFixture, writeRankedListFixture } from "../../../tests/helpers/ranked-list-files.ts";
import { type TrafficMapFixture, writeTrafficMapFixture } from "../../../tests/helpers/traffic-map-files.ts";
import { loadConfig } from "../../config.ts";
import { missingBuildMessage, webBuildExists } from "../pages.ts";

/**
 * Issue 27, point 6, for the pages: a URL segment or query value that should be a date or a
 * number (/traffic/{date}, /top/viewers/{gender}/{tag}/{date}, /popular/{tag}/{date}, ?page=, …)
 * is never answered with a 5xx, whatever it holds. Each family runs over the published files it
 * reads, so that a 503 "not published yet" cannot hide a failure or stand in for one.
 */

/**
 * Percent-encoded as a URL carries them; some deliberately broken. Dot segments are left out: the
 * URL resolves them to another page (/traffic/.. is the home page).
 */
const DATES = [
  "0000-01-01",
  "9999-12-31",
  "2024-02-30",
  "2026-13-01",
  "2026-1-9",
  "1900-01-01",
  "-000001-01-01",
  "%2B010000-01-01",
  "275760-09-13",
  "99999",
  "1e308",
  "NaN",
  "%00",
  "%ED%A0%80",
  "%E0%A4%A",
  "2026-01-09",
  "2026-01-10",
];
const NUMBERS = [
  "-1",
  "0",
  "1",
  "2",
  "1.5",
  "1e308",
  "NaN",
  "Infinity",
  "-Infinity",
  "99999999999999999999",
  "0x10",
  "%00",
  "%ED%A0%80",
  "",
];
const TAGS = [
  "asian",
  "women",
  "all",
  "trans",
  "latina",
  "x".repeat(300),
  "%00",
  "%ED%A0%80",
  "%F0%9F%98%80",
];
const GENDERS = ["all", "women", "men", "couples", "trans", "f", "x"];

const date = fc.oneof(
  fc.constantFrom(...DATES),
  fc
    .date({ min: new Date("0001-01-01"), max: new Date("9999-12-31"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
);
const number = fc.oneof(fc.constantFrom(...NUMBERS), fc.integer().map(String), fc.double().map(String));
const tag = fc.constantFrom(...TAGS);
const gender = fc.constantFrom(...GENDERS);

/** Each family's URLs from hostile parts. */
type Parts = { date: string; start: string; number: string; tag: string; gender: string };
const FAMILIES: Record<"viewers" | "ranked" | "traffic", ((p: Parts) => string)[]> = {
  viewers: [
    (p) => `/top/viewers/${p.date}`,
    (p) => `/top/viewers/${p.tag}/${p.date}`,
    (p) => `/top/viewers/${p.gender}/${p.tag}/${p.date}`,
    (p) => `/popular/${p.tag}/${p.date}`,
    (p) => `/top/viewers?page=${p.number}`,
    (p) => `/top/viewers/${p.gender}?live=${p.number}`,
  ],
  ranked: [
    (p) => `/top/followers/${p.date}`,
    (p) => `/top/followers/${p.tag}/${p.date}`,
    (p) => `/top/growing/${p.tag}/${p.date}`,
    (p) => `/top/supporters/${p.tag}/${p.date}`,
    (p) => `/top/performers/${p.gender}/${p.date}`,
    (p) => `/lists?page=${p.number}`,
    (p) => `/lists?tab=${p.number}`,
    (p) => `/search?page=${p.number}`,
    // The search's filters, sort and mode (issue 28): ignored or clamped, never refused.
    (p) => `/search?minAge=${p.number}&maxAge=${p.number}&liveOnly=${p.number}`,
    (p) => `/search/all/${p.tag}?minFollowers=${p.number}&maxFollowers=${p.number}&tag=${p.tag}`,
    (p) => `/search/${p.gender}?minViewers=${p.number}&maxViewers=${p.number}&requireAllTags=${p.number}`,
    (p) => `/search?orderBy=${p.tag}&sortOrder=${p.number}&mode=${p.tag}&tag=${p.tag}&tag=${p.tag}`,
    (p) => `/search?search=${p.tag}&mode=summaries&tag=${p.date}&minAge=${p.date}`,
    (p) => `/tipmenu?min=${p.number}&max=${p.number}`,
    (p) => `/monthly_summary/alice?month=${p.date}`,
    (p) => `/stats/${p.date}/most-popular.json`,
  ],
  traffic: [
    (p) => `/traffic/${p.date}`,
    (p) => `/traffic/${p.start}/${p.tag}`,
    (p) => `/traffic/${p.date}?tag=${p.tag}`,
    (p) => `/traffic?gender=${p.gender}`,
  ],
};

describe("the pages under hostile date and number segments (issue 27)", () => {
  let t: TestDatabase;
  let fixtures: [DailyViewerFixture, RankedListFixture, TrafficMapFixture];
  const apps: Partial<Record<keyof typeof FAMILIES, FastifyInstance>> = {};

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    await insertPerformer(t.db, { username: "alice" });
    fixtures = await Promise.all([
      writeDailyViewerFixture(),
      writeRankedListFixture(),
      writeTrafficMapFixture(),
    ]);
    const config = loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_ABBR: "tc" });
    const [viewers, ranked, traffic] = fixtures;
    apps.viewers = testApp(t.db, { publishDir: viewers.root, config, pageCache: false });
    apps.ranked = testApp(t.db, { publishDir: ranked.root, config, pageCache: false });
    apps.traffic = testApp(t.db, { publishDir: traffic.root, config, pageCache: false });
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) await app?.close();
    for (const fixture of fixtures ?? []) await fixture.remove();
    await t?.drop();
  });

  const expectNo5xx = async (app: FastifyInstance, url: string) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode, url).toBeLessThan(500);
  };

  it.each(Object.keys(FAMILIES) as (keyof typeof FAMILIES)[])(
    "%s: every template with every listed date and number, then random ones: never a 5xx",
    async (family) => {
      const app = apps[family] as FastifyInstance;
      const templates = FAMILIES[family];
      for (const url of templates) {
        for (const d of DATES)
          await expectNo5xx(app, url({ date: d, start: d, number: "1", tag: "asian", gender: "all" }));
        for (const n of NUMBERS)
          await expectNo5xx(
            app,
            url({ date: "2026-01-10", start: "2026-01-05", number: n, tag: "asian", gender: "all" }),
          );
      }
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...templates),
          fc.record({ date, start: date, number, tag, gender }),
          async (url, parts) => expectNo5xx(app, url(parts)),
        ),
        { numRuns: 25 },
      );
    },
    // Hundreds of uncached renders: a minute is too short on a loaded 2-core machine.
    180_000,
  );
});
