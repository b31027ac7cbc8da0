import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FIRST_DAY,
  LATEST_DAY,
  MIDDLE_DAY,
  type RankedListFixture,
  rankedRows,
  supporterRows,
  writeRankedListFixture,
} from "../../../../tests/helpers/ranked-list-files.ts";
import { loadConfig } from "../../../config.ts";
import type { PageContext } from "../../../page-context.ts";
import { loadFollowerList } from "./follower-lists.server.ts";
import { loadScoreList } from "./score-lists.server.ts";
import { loadSupporters } from "./supporters.server.ts";

/**
 * The loaders' page data over fixture files. Requests come from a crawler, which skips the live
 * lookups (SPEC §6), so no database is needed; the live states are tested through the server
 * (src/web/pages/ranked-lists/ranked-lists.page.test.ts).
 */
const GOOGLEBOT = "Googlebot/2.1 (+http://www.google.com/bot.html)";
const request = (path: string) =>
  new Request(`http://localhost${path}`, { headers: { "user-agent": GOOGLEBOT } });

/** Crawlers' pages never reach the database: anything that does fails, saying so. */
const NO_DATABASE = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`these loaders' tests have no database (something read db.${String(property)})`);
    },
  },
) as PageContext["db"];

/** The status a loader threw (a 404 is React Router's data(null, {status: 404})). */
async function thrownStatus(promise: Promise<unknown>): Promise<number | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status === undefined) throw error;
    return init.status;
  }
}

describe("the ranked lists' loaders", () => {
  let fixture: RankedListFixture;
  let withYear: RankedListFixture;
  const contextOf = (root: string): PageContext =>
    ({
      db: NO_DATABASE,
      publishDir: root,
      imageHost: "http://images.test/",
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_ABBR: "tc" }),
    }) as Partial<PageContext> as PageContext;

  beforeAll(async () => {
    fixture = await writeRankedListFixture();
    withYear = await writeRankedListFixture({ year: true });
  });
  afterAll(async () => {
    await fixture?.remove();
    await withYear?.remove();
  });

  const followers = (list: "followers" | "growing", path: string) =>
    loadFollowerList(
      list,
      request(path),
      path.split("?")[0]?.replace(/^\/top\/\w+\/?/, ""),
      contextOf(fixture.root),
    );

  it("gives one page of 50 rows of most followed, with tabs, Prev and the page count", async () => {
    const data = await followers("followers", "/top/followers");
    expect(data.heading).toBe("Most followed models on TestCams");
    expect(data.listPath).toBe("/top/followers");
    expect(data.path).toBe("/top/followers");
    expect([data.page, data.pageCount, data.total]).toEqual([1, 3, 120]);
    expect(data.rows.map((r) => r.u)).toEqual(
      rankedRows("f", LATEST_DAY, "all")
        .slice(0, 50)
        .map((r) => r.u),
    );
    expect(data.mode).toBe("followers");
    expect(data.scoreLabel).toBeNull();
    expect(data.genderTabs).toEqual([
      { gender: "all", path: "/top/followers" },
      { gender: "couples", path: "/top/followers/couples" },
      { gender: "women", path: "/top/followers/women" },
      { gender: "men", path: "/top/followers/men" },
      { gender: "trans", path: "/top/followers/trans" },
    ]);
    expect(data.day).toEqual({ day: LATEST_DAY, prevPath: `/top/followers/${MIDDLE_DAY}`, nextPath: null });
    expect(data.imageHost).toBe("http://images.test");
    // A crawler: no live state at all.
    expect(data.crawler).toBe(true);
    expect(data.rows.every((r) => !r.live && r.liveText === null)).toBe(true);
  });

  it("pages with ?page (the last page holds the rest) and has no page past the last", async () => {
    const third = await followers("followers", "/top/followers?page=3");
    expect(third.rows.map((r) => r.rank)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
    expect(third.path).toBe("/top/followers?page=3");
    expect(third.heading).toBe("Most followed models on TestCams (page 3)");
    for (const bad of ["?page=4", "?page=0", "?page=x", "?page=1.5"]) {
      expect(await thrownStatus(followers("followers", `/top/followers${bad}`)), bad).toBe(404);
    }
  });

  it("reads a gender's list of an earlier day, with Prev and Next around it", async () => {
    const data = await followers("growing", `/top/growing/women/${MIDDLE_DAY}`);
    expect(data.heading).toBe(`Fastest rising Female models on TestCams in the week to ${MIDDLE_DAY}`);
    expect(data.rows.map((r) => r.u)).toEqual(rankedRows("g", MIDDLE_DAY, "women").map((r) => r.u));
    expect(data.day).toEqual({
      day: MIDDLE_DAY,
      prevPath: `/top/growing/women/${FIRST_DAY}`,
      nextPath: "/top/growing/women",
    });
    expect(data.pageCount).toBe(1);
  });

  it("reads a tag's list (every gender), keeping the tag on the days that have it", async () => {
    const asian = await followers("followers", `/top/followers/all/asian/${MIDDLE_DAY}`);
    expect(asian.listPath).toBe(`/top/followers/asian/${MIDDLE_DAY}`);
    expect(asian.rows).toHaveLength(12);
    expect(asian.rows[0]?.u).toBe(`fpasian_9_001`);
    expect(asian.day).toEqual({
      day: MIDDLE_DAY,
      prevPath: `/top/followers/asian/${FIRST_DAY}`,
      nextPath: "/top/followers/asian",
    });
    // The All tab keeps the tag; the others go to their gender's list that day.
    expect(asian.genderTabs?.slice(0, 3)).toEqual([
      { gender: "all", path: `/top/followers/asian/${MIDDLE_DAY}` },
      { gender: "couples", path: `/top/followers/couples/${MIDDLE_DAY}` },
      { gender: "women", path: `/top/followers/women/${MIDDLE_DAY}` },
    ]);
    const latina = await followers("growing", "/top/growing/latina");
    expect(latina.heading).toBe("Fastest rising latina models on TestCams this week");
    expect(latina.day?.prevPath).toBe(`/top/growing/${MIDDLE_DAY}`);
  });

  for (const [path, why] of [
    ["/top/followers/women/asian", "another gender with a tag"],
    ["/top/followers/nosuchtag", "an unknown tag"],
    [`/top/followers/latina/${MIDDLE_DAY}`, "a tag without a list that day"],
    ["/top/followers/2026-01-07", "a day the manifest does not list"],
    ["/top/followers/2026-02-30", "a date that is no calendar day (read as a tag)"],
    ["/top/followers/asian/latina", "two tags"],
  ] as const) {
    it(`is a 404 for ${why}`, async () => {
      expect(await thrownStatus(followers("followers", path))).toBe(404);
    });
  }

  it("is a 503 before anything is published (a 404 would tell a crawler the page does not exist)", async () => {
    const empty = { ...contextOf("/nonexistent/publish") };
    expect(await thrownStatus(loadFollowerList("followers", request("/top/followers"), "", empty))).toBe(503);
    expect(await thrownStatus(loadSupporters(request("/top/supporters"), "", empty))).toBe(503);
    expect(await thrownStatus(loadScoreList("performers", request("/top/performers"), "", empty))).toBe(503);
    // What the address rules refuse stays a 404 whatever is published.
    expect(await thrownStatus(loadSupporters(request("/top/supporters/nope/x"), "nope/x", empty))).toBe(404);
  });

  const score = (list: "performers" | "2021", path: string, root = fixture.root) =>
    loadScoreList(list, request(path), path.split("?")[0]?.replace(/^\/top\/\w+\/?/, ""), contextOf(root));

  it("gives top monthly with its score, period and tabs keeping the tag where the gender has it", async () => {
    const data = await score("performers", "/top/performers/asian");
    expect(data.heading).toBe("Top asian models on TestCams in the last 30 days");
    expect(data.mode).toBe("viewers");
    expect(data.scoreLabel).toBe("Score");
    expect(data.rows[0]?.score).toBe("95.00");
    expect(data.period).toBe(`the 30 days to ${LATEST_DAY}`);
    expect(data.day).toBeNull();
    expect(data.genderTabs?.map((t) => t.path)).toEqual([
      "/top/performers/asian",
      "/top/performers/couples",
      "/top/performers/women/asian",
      "/top/performers/men",
      "/top/performers/trans",
    ]);
    const women = await score("performers", "/top/performers/women/asian");
    expect(women.rows.map((r) => r.u)).toEqual(rankedRows("s", LATEST_DAY, "women", "asian").map((r) => r.u));
    const second = await score("performers", "/top/performers?page=2");
    expect(second.rows[0]?.rank).toBe(51);
    expect(await thrownStatus(score("performers", "/top/performers/men/asian"))).toBe(404);
    expect(await thrownStatus(score("performers", "/top/performers/asian/women"))).toBe(404);
  });

  it("answers /top/2021 without the year's lists with its empty state, from our first day", async () => {
    const data = await score("2021", "/top/2021");
    expect(data.heading).toBe("Top models on TestCams in 2021");
    expect(data.noYearData).toEqual({ year: "2021", firstDay: FIRST_DAY });
    expect(data.rows).toEqual([]);
    expect((await score("2021", "/top/2021/women")).noYearData).not.toBeNull();
    expect(await thrownStatus(score("2021", "/top/2021/asian"))).toBe(404);
    expect(await thrownStatus(score("2021", "/top/2021/women/asian"))).toBe(404);
    expect(await thrownStatus(score("2021", "/top/2021?page=2"))).toBe(404);
  });

  it("reads the year's lists when they exist", async () => {
    const data = await score("2021", "/top/2021/women/asian", withYear.root);
    expect(data.noYearData).toBeNull();
    expect(data.period).toBe("2021-01-01 to 2021-12-31");
    expect(data.rows.map((r) => r.u)).toEqual(
      rankedRows("y", "2021-12-31", "women", "asian").map((r) => r.u),
    );
  });

  const supporters = (path: string) =>
    loadSupporters(
      request(path),
      path.split("?")[0]?.replace(/^\/top\/supporters\/?/, ""),
      contextOf(fixture.root),
    );

  it("gives the supporters of a day in either order, the order kept by Prev and Next", async () => {
    const gained = await supporters("/top/supporters");
    expect(gained.heading).toBe("Models who won the most new followers on TestCams for the last day");
    expect(gained.scoreLabel).toBe("New followers");
    expect(gained.mode).toBe("followers");
    expect(gained.pageCount).toBe(2);
    expect(gained.rows.map((r) => r.u)).toEqual(
      supporterRows(LATEST_DAY, "gained")
        .slice(0, 50)
        .map((r) => r.u),
    );
    expect(gained.orderTabs).toEqual([
      { order: "gained", label: "New followers", path: "/top/supporters", current: true },
      { order: "per-hour", label: "Per hour online", path: "/top/supporters/per-hour", current: false },
    ]);
    const perHour = await supporters(`/top/supporters/per-hour/${MIDDLE_DAY}?page=2`);
    expect(perHour.scoreLabel).toBe("Per hour online");
    expect(perHour.rows[0]?.score).toBe("55.0");
    expect(perHour.path).toBe(`/top/supporters/per-hour/${MIDDLE_DAY}?page=2`);
    expect(perHour.day).toEqual({
      day: MIDDLE_DAY,
      prevPath: `/top/supporters/per-hour/${FIRST_DAY}`,
      nextPath: "/top/supporters/per-hour",
    });
    expect(await thrownStatus(supporters("/top/supporters/best"))).toBe(404);
    expect(await thrownStatus(supporters("/top/supporters?page=3"))).toBe(404);
  });
});
