import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiGet, testApp } from "../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import { collectPoll } from "../collect/poll.ts";
import { type Connection, connect } from "../db/connect.ts";
import { missingBuildMessage, webBuildExists } from "../server/pages.ts";
import { SEARCH_FOLLOWS_POLLS_SECONDS } from "../start/site-server.ts";
import { createSearchService, type SearchService } from "./search-service.ts";

/**
 * Issue 16: a performer who appears in a complete poll is found by the search within one poll
 * interval of that poll, with that poll's live state and viewers, in every server process. The
 * feed is the sandbox platform's over HTTP (shaped like the real one): performers come online
 * between two polls a minute apart, names the site has never seen.
 */

const MINUTE = 60_000;
/** The default POLL_INTERVAL: the longest a new performer may stay unfound. */
const POLL_INTERVAL_MS = 60_000;
// A weekday evening: about 860 of 10,000 performers online, a few new each minute.
const T0 = Date.UTC(2026, 10, 18, 21, 0);
const T1 = T0 + MINUTE;
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

interface Result {
  name: string;
  maxViewers: number | null;
  followerCount: number | null;
  lastSeenTime: string;
}

describe("the search follows the polls", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  /** A second connection pool: the second server process's. */
  let other: Connection;
  const services: SearchService[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    platform = await startTestPlatform({ performers: 10_000, seed: 11, at: T0 });
    t = await createTestDatabase();
    other = connect(t.url, { max: 2 });
    for (const db of [t.db, other.db]) {
      const search = createSearchService(db, {
        now: () => platform.clock.now(),
        followPollsSeconds: SEARCH_FOLLOWS_POLLS_SECONDS,
        // No refresh for the requests' sake: following the polls must do it alone.
        liveSeconds: 3600,
      });
      services.push(search);
      apps.push(testApp(db, { search, pageCache: false }));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const search of services) search.close();
    await other?.close();
    await t?.drop();
    await platform?.sandbox.close();
  });

  const find = async (app: FastifyInstance, name: string, extra = ""): Promise<Result | undefined> => {
    const { status, body } = await apiGet(app, `/api/model_search?searchTerm=${name}${extra}`);
    expect(status).toBe(200);
    return (body.results as Result[]).find((r) => r.name === name);
  };

  it("finds a performer new in a poll, with that poll's figures, in every process, within a poll interval", async () => {
    const deps = testCollector(t.db, platform);
    expect((await collectPoll(deps, new Date(T0))).status).toBe("complete");
    for (const search of services) await search.ready();

    platform.clock.set(T1);
    const seen = new Set(platform.population.truthAt(T0).map((room) => room.username));
    const fresh = platform.population.truthAt(T1).filter((room) => !seen.has(room.username));
    expect(fresh.length).toBeGreaterThan(0);
    for (const app of apps) for (const room of fresh) expect(await find(app, room.username)).toBeUndefined();

    expect((await collectPoll(deps, new Date(T1))).status).toBe("complete");
    const stored = Date.now();
    const found = async (app: FastifyInstance) => {
      for (const room of fresh) if ((await find(app, room.username)) === undefined) return false;
      return true;
    };
    for (const app of apps) {
      while (!(await found(app))) {
        expect(Date.now() - stored, "not found within one poll interval").toBeLessThan(POLL_INTERVAL_MS);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    for (const app of apps) {
      for (const room of fresh) {
        expect(await find(app, room.username, "&liveOnly=true")).toEqual(
          expect.objectContaining({
            name: room.username,
            maxViewers: room.viewers,
            followerCount: room.followers,
            lastSeenTime: new Date(T1).toISOString(),
          }),
        );
      }
    }

    // The search page reads the same search: the new performer's card is on it.
    const room = fresh[0] as (typeof fresh)[number];
    const page = await (apps[1] as FastifyInstance).inject({
      method: "GET",
      url: `/search?search=${room.username}`,
      headers: { "user-agent": BROWSER },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<span class="search-card__name">${room.username}</span>`);
  });

  it("leaves a first start's history polls alone, and follows the first live poll after them", async () => {
    // Decision 0048: the servers listen while the history is written, and following its polls
    // rebuilt the live state several times a second for nobody.
    // Within the index's reload time (300 s of the platform's clock, which the service reads): no reload does it.
    const T2 = T1 + MINUTE;
    const T3 = T2 + MINUTE;
    const live = testCollector(t.db, platform);
    const seenBefore = new Set(platform.population.truthAt(T1).map((room) => room.username));
    platform.clock.set(T2);
    const fresh = platform.population.truthAt(T2).filter((room) => !seenBefore.has(room.username));
    expect(fresh.length).toBeGreaterThan(0);
    expect((await collectPoll({ ...live, source: "simulated" }, new Date(T2))).status).toBe("complete");
    // Two of the follower's looks and a margin: a followed poll would be found by then.
    await new Promise((resolve) => setTimeout(resolve, (2 * SEARCH_FOLLOWS_POLLS_SECONDS + 2) * 1000));
    for (const app of apps) for (const room of fresh) expect(await find(app, room.username)).toBeUndefined();

    platform.clock.set(T3);
    expect((await collectPoll(live, new Date(T3))).status).toBe("complete");
    const stored = Date.now();
    // Found now, whether or not still online: the live poll's refresh indexes whoever is new since.
    const someone = fresh[0] as (typeof fresh)[number];
    for (const app of apps) {
      while ((await find(app, someone.username)) === undefined) {
        expect(Date.now() - stored, "not found within one poll interval").toBeLessThan(POLL_INTERVAL_MS);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
});
