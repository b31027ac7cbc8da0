import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { loadConfig } from "../../src/config.ts";
import { addListPerformer, createList } from "../../src/db/queries/lists.ts";
import { publishBingoData } from "../../src/publish/bingo-data.ts";
import { FIXED_PATHS, tagFrequencyPath } from "../../src/publish/paths.ts";
import { publishPublicLists } from "../../src/publish/public-lists.ts";
import { publishMonthlyReports } from "../../src/publish/reports/monthly-reports.ts";
import { publishJson } from "../../src/publish/write-file.ts";
import { addDays } from "../../src/rules/calendar.ts";
import { lastClosedDay } from "../../src/stats/ranking-day.ts";
import { accountsSite } from "../../tests/helpers/accounts.ts";
import { liveRoomsApp, NO_DATABASE, testApp } from "../../tests/helpers/api.ts";
import { insertSubjectGoal } from "../../tests/helpers/bingo-goals.ts";
import { writeCameraTrendsFixture } from "../../tests/helpers/camera-trends-file.ts";
import { FIRST_DAY, writeDailyViewerFixture } from "../../tests/helpers/daily-viewer-files.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import {
  confirmOptout,
  insertGoal,
  insertPerformer,
  insertPerformerDay,
} from "../../tests/helpers/fixtures.ts";
import { writeMorePagesFiles } from "../../tests/helpers/more-pages-files.ts";
import { seedPerformerFixture } from "../../tests/helpers/performer-fixture.ts";
import { startTestPlatform } from "../../tests/helpers/platform.ts";
import { testPublishContext } from "../../tests/helpers/publish.ts";
import { writeRankedListFixture } from "../../tests/helpers/ranked-list-files.ts";
import { insertReportHistory, REPORT_DAY } from "../../tests/helpers/report-history.ts";
import { insertSearchPerformers } from "../../tests/helpers/search-performers.ts";
import {
  insertSummaryPerformers,
  summaryDates,
  writeCelebrationsFixture,
} from "../../tests/helpers/summaries.ts";
import { writeTagOverviewFixture } from "../../tests/helpers/tag-overview-files.ts";
import { activeUserCount, writeTrafficMapFixture } from "../../tests/helpers/traffic-map-files.ts";

/**
 * The fixed data each family of pages is rendered from: the page tests' own fixtures
 * (tests/helpers), set up as those tests set them up, one app per scene. Each request names the
 * route of src/web/routes.ts it stands for, so a route without one shows (see render.ts).
 */

export interface PageRequest {
  /** The route's id in src/web/routes.ts terms: its path pattern. */
  route: string;
  url: string;
  /** A Cookie header: the signed-in shells. */
  cookie?: string;
}

export interface Scene {
  name: string;
  setup(): Promise<{
    app: FastifyInstance;
    requests: PageRequest[];
    close(): Promise<void>;
    /** Addresses that change from run to run (a server's free port), and what to write instead. */
    standIns?: ReadonlyArray<readonly [string, string]>;
  }>;
}

const TESTCAMS = { PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" };

/** A scene on a fresh test database; `more` cleans up what the scene made besides. */
async function withDatabase(
  build: (
    t: TestDatabase,
  ) => Promise<{ app: FastifyInstance; requests: PageRequest[]; more?: () => Promise<unknown> }>,
) {
  const t = await createTestDatabase();
  const { app, requests, more } = await build(t);
  return {
    app,
    requests,
    close: async () => {
      await app.close();
      await more?.();
      await t.drop();
    },
  };
}

const r = (route: string, ...urls: string[]): PageRequest[] => urls.map((url) => ({ route, url }));

export const SCENES: Scene[] = [
  {
    // The pages that read nothing but configuration (and the 404 page).
    name: "plain",
    setup: () =>
      withDatabase(async (t) => ({
        app: testApp(t.db, {
          config: loadConfig({ PLATFORM_NAME: "TestCams", FEEDBACK_EMAIL: "hello@camstats.test" }),
        }),
        requests: [
          ...r("about", "/about"),
          ...r("privacy", "/privacy"),
          ...r("settings", "/settings", "/settings?email=verified"),
          ...r("logout", "/logout"),
          // Signed out: the 404 page (the queue itself is moderation.page.test.ts's).
          ...r("moderation", "/moderation"),
          ...r("live-stats", "/live-stats"),
          ...r("compare", "/compare", "/compare?performers=ann&add=Bea&days=7"),
          ...r("*", "/no/such/page"),
        ],
      })),
  },
  {
    // Accounts on: the shells a signed-in visitor is served (the server renders nothing personal).
    name: "signed-in",
    setup: () =>
      withDatabase(async (t) => {
        await seedPerformerFixture(t.db);
        const site = accountsSite(t.db, { config: loadConfig({ PLATFORM_NAME: "TestCams" }) });
        await site.confirmedAccount("owner@example.com");
        const { cookie } = await site.signedIn("owner@example.com");
        const signedIn = (route: string, url: string): PageRequest => ({ route, url, cookie });
        return {
          app: site.app,
          requests: [
            signedIn("settings", "/settings"),
            signedIn("compare", "/compare?performers=alice_cam,bob_cam"),
            signedIn("mylists", "/mylists"),
            signedIn("lists/import", "/lists/import"),
            signedIn("claim/:user", "/claim/alice_cam"),
            signedIn("claim/:user/schedule", "/claim/alice_cam/schedule"),
            signedIn("optout/:user", "/optout/alice_cam"),
            signedIn(":performerName", "/alice_cam"),
            ...r("claim/:user", "/claim/SomePerformer"),
            ...r("optout/:user", "/optout/someperformer"),
          ],
        };
      }),
  },
  {
    name: "live-rooms",
    setup: async () => {
      const platform = await startTestPlatform({
        performers: 3000,
        seed: 5,
        at: Date.UTC(2026, 10, 18, 21, 0),
      });
      const app = liveRoomsApp(platform.sandbox.url, { ageVerificationRegions: ["GB"] });
      return {
        app,
        standIns: [[platform.sandbox.url, "http://sandbox.test"]],
        requests: [
          ...r("", "/", "/?page=2"),
          ...r("tag/:tags", "/tag/asian"),
          ...r("tag/:tags/*", "/tag/latina/f/extra"),
          ...r("female-cams", "/female-cams"),
          ...r("male-cams", "/male-cams"),
          ...r("teen-cams", "/teen-cams"),
          ...r("18to21-cams", "/18to21-cams"),
          ...r("20to30-cams", "/20to30-cams"),
          ...r("30to50-cams", "/30to50-cams"),
          ...r("mature-cams", "/mature-cams"),
          ...r("go/:user", "/go/someone"),
          ...r("1080p", "/1080p"),
          ...r("4k", "/4k"),
        ],
        close: async () => {
          await app.close();
          await platform.sandbox.close();
        },
      };
    },
  },
  {
    name: "daily-viewers-and-more",
    setup: () =>
      withDatabase(async (t) => {
        const fixture = await writeDailyViewerFixture({ abbr: "tc", online: ["asian_f_1"] });
        await writeMorePagesFiles(fixture.root);
        return {
          app: testApp(t.db, {
            publishDir: fixture.root,
            imageHost: "http://images.test",
            config: loadConfig(TESTCAMS),
          }),
          requests: [
            ...r("top/viewers/*", "/top/viewers", "/top/viewers/women/asian", "/top/viewers?live=1"),
            ...r("popular/:tag", "/popular/asian"),
            ...r("popular/:tag/:date", `/popular/asian/${FIRST_DAY}`),
            ...r("race", "/race"),
            ...r("race/:gender", "/race/women"),
            ...r("logos", "/logos"),
          ],
          more: fixture.remove,
        };
      }),
  },
  {
    name: "ranked-lists",
    setup: () =>
      withDatabase(async (t) => {
        const fixture = await writeRankedListFixture({ abbr: "tc", online: ["someone_else"], year: true });
        return {
          app: testApp(t.db, {
            publishDir: fixture.root,
            imageHost: "http://images.test",
            config: loadConfig(TESTCAMS),
          }),
          requests: [
            ...r("top/followers/*", "/top/followers", "/top/followers?page=2"),
            ...r("top/growing/*", "/top/growing/women"),
            ...r("top/performers/*", "/top/performers"),
            ...r("top/2021/*", "/top/2021"),
            ...r("top/supporters/*", "/top/supporters/per-hour"),
          ],
          more: fixture.remove,
        };
      }),
  },
  {
    name: "tag-overview-and-explorer",
    setup: () =>
      withDatabase(async (t) => {
        const fixture = await writeTagOverviewFixture({ abbr: "tc", online: ["someone_else"] });
        return {
          app: testApp(t.db, { publishDir: fixture.root, config: loadConfig(TESTCAMS) }),
          requests: [
            ...r("top", "/top"),
            ...r("top/:first", "/top/asian", "/top/women"),
            ...r("top/:first/:second", "/top/asian/women"),
            ...r("tags", "/tags", "/tags?sort=name&gender=ALL"),
            ...r("tags/:tag", "/tags/asian"),
          ],
          more: fixture.remove,
        };
      }),
  },
  {
    name: "traffic-map-locations",
    setup: () =>
      withDatabase(async (t) => {
        const poll = (at: string, rooms: number, viewers: number) =>
          sql`INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, rooms_f, rooms_m,
              rooms_c, rooms_t, viewers_f, viewers_m, viewers_c, viewers_t, pages, requests, duration_ms)
            VALUES (${at}, ${at}, ${at}, 'complete', 'live', ${rooms}, ${viewers}, ${rooms}, 0, 0, 0, ${viewers},
              0, 0, 0, 1, 1, 5)`.execute(t.db);
        await poll("2026-01-05T10:00:00Z", 10, 100);
        await poll("2026-01-05T11:00:00Z", 4, 40);
        await sql`INSERT INTO tag_traffic_hours (hour, tag, sessions, rooms, viewers)
          VALUES ('2026-01-05T10:00:00Z', 'asian', 3, 2.25, 40.125)`.execute(t.db);
        const fixture = await writeTrafficMapFixture({ abbr: "tc", online: [] });
        return {
          app: testApp(t.db, {
            publishDir: fixture.root,
            imageHost: "http://images.test",
            config: loadConfig(TESTCAMS),
          }),
          requests: [
            ...r("traffic", "/traffic", "/traffic?gender=female"),
            ...r("traffic/:date", "/traffic/2026-01-05"),
            ...r("traffic/:startDate/:tag", "/traffic/2026-01-01/asian"),
            ...r("map", "/map"),
            ...r("map/:gender", "/map/female"),
            ...r("location/:location", "/location/colombia"),
            ...r("location/:location/:gender", "/location/colombia/women"),
            ...r("world-locations", "/world-locations", "/world-locations?country=malta"),
          ],
          more: fixture.remove,
        };
      }),
  },
  {
    name: "camera-trends",
    setup: async () => {
      const fixture = await writeCameraTrendsFixture();
      const app = testApp(NO_DATABASE, {
        publishDir: fixture.root,
        config: loadConfig({ PLATFORM_NAME: "TestCams" }),
      });
      return {
        app,
        requests: r("camera-trends", "/camera-trends"),
        close: async () => {
          await app.close();
          await fixture.remove();
        },
      };
    },
  },
  {
    name: "performer",
    setup: () =>
      withDatabase(async (t) => {
        const f = await seedPerformerFixture(t.db);
        // The own-profile parts: alice_cam's verified owner with a profile.
        const user = await t.db
          .insertInto("users")
          .values({ email: "alice@example.com" })
          .returning("id")
          .executeTakeFirstOrThrow();
        await sql`INSERT INTO performer_owners (performer_id, user_id, verified_at)
          VALUES (${f.live.id}, ${user.id}, ${new Date().toISOString()})`.execute(t.db);
        return {
          app: testApp(t.db, {
            imageHost: "http://images.test",
            config: loadConfig({ PLATFORM_NAME: "TestCams" }),
          }),
          requests: [
            ...r(
              ":performerName",
              "/alice_cam",
              "/alice_cam?weeks=12",
              "/bob_cam",
              "/camsandbox-tokens",
              "/gone_cam",
            ),
            ...r("model/:user", "/model/alice_cam"),
            ...r("schedule/:user", "/schedule/alice_cam", "/schedule/bob_cam?weeks=1"),
            ...r("claim/:user", "/claim/alice_cam"),
            ...r("claim/:user/schedule", "/claim/alice_cam/schedule"),
            ...r("optout/:user", "/optout/bob_cam"),
          ],
        };
      }),
  },
  {
    name: "search",
    setup: () =>
      withDatabase(async (t) => {
        await insertSearchPerformers(t.db);
        const app = testApp(t.db, { pageCache: false });
        // The index loads in the background: wait for it, as a visitor after the start would.
        await app.inject({ method: "GET", url: "/api/model_search" });
        return {
          app,
          requests: [
            ...r("search", "/search", "/search?page=2", "/search?orderBy=name&sortOrder=asc"),
            ...r("search/:gender", "/search/female?minFollowers=100&page=2"),
            ...r("search/:gender/:tag", "/search/all/asian?tag=cute"),
            ...r("schedule", "/schedule"),
          ],
        };
      }),
  },
  {
    name: "summaries-celebrations",
    setup: () =>
      withDatabase(async (t) => {
        await insertSummaryPerformers(t.db);
        const publish = await writeCelebrationsFixture();
        const d = summaryDates();
        return {
          app: testApp(t.db, { publishDir: publish.root, config: loadConfig(TESTCAMS), pageCache: false }),
          requests: [
            ...r(
              ":wrapped/:performerName",
              "/testcams_wrapped/alice",
              `/testcams_wrapped/alice?year=${d.lastYear}`,
            ),
            ...r(
              "monthly_summary/:performerName",
              "/monthly_summary/alice",
              `/monthly_summary/alice?month=${d.lastYear}-06`,
            ),
            ...r("celebrations", "/celebrations", "/celebrations?kind=rank"),
            ...r("performerbadges", "/performerbadges", "/performerbadges?name=%20Alice%20"),
          ],
          more: publish.remove,
        };
      }),
  },
  {
    name: "lists",
    setup: () =>
      withDatabase(async (t) => {
        const publishDir = await mkdtemp(path.join(tmpdir(), "page-snapshots-lists-"));
        const now = Date.now();
        const ann = await insertPerformer(t.db, {
          username: "ann_live",
          lastSeen: new Date(now - 60_000).toISOString(),
        });
        const bea = await insertPerformer(t.db, {
          username: "bea",
          followers: 1200,
          lastSeen: new Date(now - 3 * 86_400_000).toISOString(),
        });
        const user = await t.db
          .insertInto("users")
          .values({ email: "owner@example.com" })
          .returning("id")
          .executeTakeFirstOrThrow();
        // Fixed ids (the API draws them at random), so the addresses are the same on every run.
        const list = async (listId: string, name: string, description: string, isPublic: boolean) => {
          if ((await createList(t.db, user.id, { listId, name, description, isPublic }, 100)) !== "ok")
            throw new Error(`the list ${listId} was not created`);
        };
        await list("PublicList01", "Evening favourites", "", true);
        await list(
          "HostileList1",
          `<script>alert("name")</script> & friends`,
          `<img src=x onerror="alert(1)">`,
          true,
        );
        await list("PrivateList1", "Secret picks", "mine only", false);
        for (const id of [ann, bea]) await addListPerformer(t.db, user.id, "PublicList01", id, 1000);
        // The lists' times are the database's; the pages show them, so they are fixed too.
        await sql`UPDATE lists SET created_at = ${new Date(now - 86_400_000).toISOString()},
          updated_at = ${new Date(now - 3_600_000).toISOString()}`.execute(t.db);
        await sql`UPDATE list_performers SET added_at = ${new Date(now - 7_200_000).toISOString()}`.execute(
          t.db,
        );
        await publishPublicLists(t.db, publishDir);
        return {
          app: testApp(t.db, { config: loadConfig({ PLATFORM_NAME: "TestCams" }), publishDir }),
          requests: [
            ...r("lists", "/lists", "/lists?tab=1"),
            ...r("mylists", "/mylists"),
            ...r("lists/import", "/lists/import"),
            ...r("lists/:listId", "/lists/PublicList01", "/lists/HostileList1", "/lists/PrivateList1"),
          ],
          more: () => rm(publishDir, { recursive: true, force: true }),
        };
      }),
  },
  {
    name: "tools",
    setup: () =>
      withDatabase(async (t) => {
        const now = Date.now();
        const seen = new Date(now - 86_400_000);
        const anna = await insertPerformer(t.db, { username: "anna", gender: "f", displayName: "Anna Rose" });
        const carl = await insertPerformer(t.db, { username: "carl", gender: "m" });
        await insertGoal(t.db, { performerId: anna, item: "OIL SHOW!!", key: "oil show", tokens: 500, seen });
        await insertGoal(t.db, { performerId: carl, item: "Oil show", tokens: 200, gender: "m", seen });
        await insertPerformer(t.db, {
          username: "rosegold",
          lastSeen: new Date(now - 3 * 86_400_000).toISOString(),
        });
        await insertPerformer(t.db, {
          username: "rosegold7",
          lastSeen: new Date(now - 60_000).toISOString(),
        });
        await insertPerformer(t.db, { username: "rosegoldx" });
        await confirmOptout(t.db, "rosegoldx");
        const ann = await insertPerformer(t.db, { username: "ann" });
        await insertPerformerDay(t.db, {
          performerId: ann,
          day: "2026-03-01",
          bestRank: 40,
          peakViewers: 900,
        });
        await insertPerformerDay(t.db, {
          performerId: ann,
          day: "2026-03-02",
          bestRank: 4,
          peakViewers: 5_200,
        });
        const day = lastClosedDay(now);
        for (const [i, tokens] of [80, 100, 120].entries()) {
          const id = await insertPerformer(t.db, { username: `p${i}` });
          await insertSubjectGoal(t.db, {
            performerId: id,
            item: "Oil Show",
            key: "oil show",
            tokens,
            lastSeen: `${addDays(day, -1)}T12:00:00Z`,
          });
        }
        const context = await testPublishContext(t.db);
        await publishBingoData(context, day);
        await insertReportHistory(t.db);
        await publishMonthlyReports(context, REPORT_DAY);
        await publishJson(context.root, FIXED_PATHS.activeUserCount, activeUserCount());
        await publishJson(context.root, tagFrequencyPath("30days"), [
          { tag: "asian", rank: 1, count: 420 },
          { tag: "couples", rank: 2, count: 12 },
        ]);
        const config = loadConfig({ PLATFORM_NAME: "TestCams", PUBLIC_URL: "https://stats.example" });
        return {
          app: testApp(t.db, { publishDir: context.root, config, pageCache: false }),
          requests: [
            ...r("tipmenu", "/tipmenu"),
            ...r("tipmenu/:term", "/tipmenu/oil"),
            ...r("tipmenu/:term/:gender", "/tipmenu/oil%20show/all", "/tipmenu/oil%20show/female?min=400"),
            ...r("namepicker", "/namepicker", "/namepicker?words=Rose%20Gold"),
            ...r("namepicker/:name", "/namepicker/rosegold", "/namepicker/rosegoldx"),
            ...r("socialmedia", "/socialmedia"),
            ...r("socialmedia/:user", "/socialmedia/ann", "/socialmedia/ann?edit=1&trophy=top-1"),
            ...r("socialmedia/:user/:trophy", "/socialmedia/ann/top-1"),
            ...r("social-media-buttons", "/social-media-buttons"),
            ...r("social-media-buttons/:user", "/social-media-buttons/ann"),
            ...r("bingo-card-creator", "/bingo-card-creator"),
            ...r("resources", "/resources"),
            ...r("blog", "/blog", "/blog?tag=data-report"),
            ...r("blog/:slug", "/blog/how-the-top-monthly-score-works", "/blog/the-platform-in-october-2026"),
          ],
          more: context.remove,
        };
      }),
  },
];
