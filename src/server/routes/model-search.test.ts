import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiGet, testApp } from "../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import {
  confirmOptout,
  insertBio,
  insertLivePoll,
  insertPerformer,
  insertSession,
} from "../../../tests/helpers/fixtures.ts";
import { createSearchService } from "../../search/search-service.ts";
import { SUMMARY_TOO_SHORT } from "../../search/summary-rules.ts";

const NOW = Date.parse("2026-11-20T20:00:00Z");
const at = (minutesBefore: number) => new Date(NOW - minutesBefore * 60_000).toISOString();

/** Names of a search's results. */
const names = (body: { results: { name: string }[] }) => body.results.map((r) => r.name);

describe("GET /api/model_search", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let clock = NOW;

  beforeAll(async () => {
    t = await createTestDatabase();
    const ann = await insertPerformer(t.db, {
      username: "ann",
      displayName: "Ann A",
      gender: "f",
      age: 23,
      country: "JP",
      followers: 5000,
      tags: ["asian", "cute"],
      lastSeen: at(5),
    });
    const bob = await insertPerformer(t.db, {
      username: "bob",
      gender: "m",
      followers: 700,
      tags: ["muscle"],
      lastSeen: at(10),
    });
    const cara = await insertPerformer(t.db, {
      username: "cara",
      gender: "c",
      age: 30,
      followers: 12_000,
      tags: ["cute", "couple"],
      lastSeen: at(10),
    });
    const dee = await insertPerformer(t.db, {
      username: "dee",
      gender: "t",
      age: 25,
      followers: 300,
      tags: ["asian"],
      lastSeen: at(3 * 1440),
    });
    const gone = await insertPerformer(t.db, {
      username: "gone",
      gender: "f",
      followers: 99_999,
      tags: ["asian"],
    });
    // 120 more, so that pages and ranges have something to cut: fill000..fill119.
    await sql`
      INSERT INTO performers (username, display_name, gender, age, tags, followers, first_seen, last_seen)
      SELECT 'fill' || lpad(i::text, 3, '0'), NULL, 'f', 18 + i % 40, ARRAY['bulk'], i * 10, ${at(20_000)}, ${at(20_000)}
      FROM generate_series(0, 119) i`.execute(t.db);
    await sql`
      INSERT INTO performer_peaks (performer_id, peak_viewers, through_day)
      VALUES (${ann}, 120, '2026-11-19'), (${bob}, 40, '2026-11-19'), (${cara}, 900, '2026-11-19')`.execute(
      t.db,
    );
    // Today's session lifts ann's max viewers above her 30-day peak; bob was seen 4 minutes ago, cara 6.
    await insertSession(t.db, { performerId: ann, start: at(60), end: at(0), maxViewers: 300 });
    await insertSession(t.db, { performerId: bob, start: at(30), end: at(4), maxViewers: 20 });
    await insertSession(t.db, { performerId: cara, start: at(30), end: at(6), maxViewers: 50 });
    await insertLivePoll(t.db, at(0), [{ performerId: ann, viewers: 280 }]);
    await confirmOptout(t.db, "gone");

    await insertBio(t.db, ann, "I love dancing and travel");
    await insertBio(t.db, cara, "We love cooking together");
    await insertBio(t.db, dee, "");
    await insertBio(t.db, gone, "dancing queen");
    await sql`
      INSERT INTO summary_suggestions (username, summary, status, reviewed_at)
      VALUES ('bob', 'Gym lover and dancer', 'approved', now()), ('dee', 'dance dance', 'pending', NULL)`.execute(
      t.db,
    );
    await sql`INSERT INTO fan_quotes (performer_id, quote, status) VALUES (${cara}, 'best dancers on the site', 'approved')`.execute(
      t.db,
    );

    app = testApp(t.db, { search: createSearchService(t.db, { now: () => clock }) });
  });
  afterAll(async () => {
    await app?.close();
    await t.drop();
  });

  it("answers the SPEC's fields, most followed first, 50 a page, without opted-out performers", async () => {
    const { status, body, cache } = await apiGet(app, "/api/model_search");
    expect(status).toBe(200);
    expect(cache).toBe("public, max-age=30");
    expect(body.resultCount).toBe(124);
    expect(body.offset).toBe(0);
    expect(body.results).toHaveLength(50);
    expect(names(body).slice(0, 3)).toEqual(["cara", "ann", "fill119"]);
    expect(body.results[1]).toEqual({
      name: "ann",
      displayName: "Ann A",
      gender: "f",
      age: 23,
      country: "JP",
      maxViewers: 300,
      followerCount: 5000,
      tags: ["asian", "cute"],
      lastSeenTime: "2026-11-20T20:00:00.000Z",
    });
    expect(names(body)).not.toContain("gone");
  });

  it("pages by offset: the next 50, then the rest, then nothing", async () => {
    const first = (await apiGet(app, "/api/model_search")).body;
    const second = (await apiGet(app, "/api/model_search?offset=50")).body;
    const third = (await apiGet(app, "/api/model_search?offset=100")).body;
    const beyond = (await apiGet(app, "/api/model_search?offset=200")).body;
    expect(second.offset).toBe(50);
    expect(second.results).toHaveLength(50);
    expect(third.results).toHaveLength(24);
    expect(new Set([...names(first), ...names(second), ...names(third)]).size).toBe(124);
    expect(beyond).toEqual({ resultCount: 124, offset: 200, results: [] });
  });

  it("matches name parts of at least 2 characters, every term, in any case", async () => {
    expect(names((await apiGet(app, "/api/model_search?searchTerm=AN")).body)).toEqual(["ann"]);
    const both = (await apiGet(app, "/api/model_search?searchTerm=fill%2011&orderBy=name&sortOrder=asc"))
      .body;
    expect(names(both)).toEqual(["fill011", ...Array.from({ length: 10 }, (_, i) => `fill11${i}`)]);
    const short = await apiGet(app, "/api/model_search?searchTerm=a");
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({
      parameter: "searchTerm",
      message: "searchTerm: expected at least 2 characters",
    });
    expect((await apiGet(app, "/api/model_search?searchTerm=%20%20")).body.resultCount).toBe(124);
  });

  it("filters by gender code, trans as s", async () => {
    const trans = (await apiGet(app, "/api/model_search?gender=s")).body;
    expect(trans.results).toEqual([expect.objectContaining({ name: "dee", gender: "s" })]);
    // SPEC's gender keys: every trans kind asks for trans.
    for (const kind of ["t", "tf", "tm", "tn"])
      expect((await apiGet(app, `/api/model_search?gender=${kind}`)).body.results, kind).toEqual(
        trans.results,
      );
    expect(names((await apiGet(app, "/api/model_search?gender=c")).body)).toEqual(["cara"]);
    expect((await apiGet(app, "/api/model_search?gender=m&searchTerm=bo")).body.resultCount).toBe(1);
    const bad = await apiGet(app, "/api/model_search?gender=x");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      parameter: "gender",
      message: "gender: expected a gender code: f, m, c or s",
    });
  });

  it("matches any of the tags, or all of them with requireAllTags", async () => {
    expect(names((await apiGet(app, "/api/model_search?tag=asian&tag=couple")).body)).toEqual([
      "cara",
      "ann",
      "dee",
    ]);
    expect(
      names((await apiGet(app, "/api/model_search?tag=ASIAN&tag=cute&requireAllTags=true")).body),
    ).toEqual(["ann"]);
    expect((await apiGet(app, "/api/model_search?tag=nosuchtag")).body).toEqual({
      resultCount: 0,
      offset: 0,
      results: [],
    });
  });

  it("filters by age, leaving out performers without one, and refuses ranges outside the SPEC's", async () => {
    const older = (await apiGet(app, "/api/model_search?minAge=25&orderBy=name&sortOrder=asc")).body;
    expect(older.results.every((r: { age: number | null }) => r.age !== null && r.age >= 25)).toBe(true);
    expect(names(older).slice(0, 2)).toEqual(["cara", "dee"]);
    const young = (await apiGet(app, "/api/model_search?maxAge=23&searchTerm=ann")).body;
    expect(names(young)).toEqual(["ann"]);
    expect(names((await apiGet(app, "/api/model_search?maxAge=98&gender=m")).body)).toEqual([]);
    // A bound at its default is no filter (SPEC §5 sends bounds only beyond the defaults).
    expect(names((await apiGet(app, "/api/model_search?minAge=18&maxAge=99&gender=m")).body)).toEqual([
      "bob",
    ]);
    expect(
      (
        await apiGet(
          app,
          "/api/model_search?minFollowers=0&maxFollowers=10000000&minViewers=0&maxViewers=50000",
        )
      ).body.resultCount,
    ).toBe(124);
    for (const [query, parameter, message] of [
      ["minAge=17", "minAge", "minAge: expected at least 18"],
      ["maxAge=100", "maxAge", "maxAge: expected at most 99"],
      ["minAge=30&maxAge=20", "minAge", "minAge: expected at most maxAge (20)"],
      ["minFollowers=-1", "minFollowers", "minFollowers: expected a whole number"],
      ["maxViewers=50001", "maxViewers", "maxViewers: expected at most 50000"],
      ["offset=1.5", "offset", "offset: expected a whole number"],
    ]) {
      const { status, body } = await apiGet(app, `/api/model_search?${query}`);
      expect(status, query).toBe(400);
      expect(body.error, query).toEqual({ status: 400, code: "invalid_parameter", parameter, message });
    }
  });

  it("filters by follower and viewer ranges; max viewers include today's sessions", async () => {
    expect(names((await apiGet(app, "/api/model_search?minFollowers=1000")).body)).toEqual([
      "cara",
      "ann",
      "fill119",
      "fill118",
      "fill117",
      "fill116",
      "fill115",
      "fill114",
      "fill113",
      "fill112",
      "fill111",
      "fill110",
      "fill109",
      "fill108",
      "fill107",
      "fill106",
      "fill105",
      "fill104",
      "fill103",
      "fill102",
      "fill101",
      "fill100",
    ]);
    expect(names((await apiGet(app, "/api/model_search?minViewers=250")).body)).toEqual(["cara", "ann"]);
    // Performers with no peak on record are left out of a viewer range.
    expect(names((await apiGet(app, "/api/model_search?maxViewers=100")).body)).toEqual(["bob"]);
  });

  it("live only: in the online list or seen under 5 minutes ago; cached for half a poll interval", async () => {
    const live = await apiGet(app, "/api/model_search?liveOnly=true");
    expect(names(live.body)).toEqual(["ann", "bob"]);
    expect(live.cache).toBe("public, max-age=30");
    expect((await apiGet(app, "/api/model_search?liveOnly=maybe")).status).toBe(400);
  });

  it("orders by name, viewers or followers in either direction, from an allow-list", async () => {
    expect(
      names((await apiGet(app, "/api/model_search?orderBy=name&sortOrder=asc")).body).slice(0, 5),
    ).toEqual(["ann", "bob", "cara", "dee", "fill000"]);
    expect(names((await apiGet(app, "/api/model_search?orderBy=name")).body)[0]).toBe("fill119");
    expect(names((await apiGet(app, "/api/model_search?orderBy=viewers")).body).slice(0, 4)).toEqual([
      "cara",
      "ann",
      "bob",
      "dee",
    ]);
    expect(names((await apiGet(app, "/api/model_search?sortOrder=asc")).body)[0]).toBe("fill000");
    const bad = await apiGet(app, "/api/model_search?orderBy=username;drop%20table%20performers");
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("orderBy: expected name, viewers or followers");
    expect((await apiGet(app, "/api/model_search?sortOrder=up")).body.error.parameter).toBe("sortOrder");
  });

  describe("summaries mode", () => {
    const summaries = async (query: string) =>
      (await apiGet(app, `/api/model_search?mode=summaries&${query}`)).body;

    it("needs at least 4 characters, and says so in the SPEC's words", async () => {
      expect(await summaries("searchTerm=dan")).toEqual({
        resultCount: 0,
        results: [],
        message: SUMMARY_TOO_SHORT,
      });
      expect(SUMMARY_TOO_SHORT).toBe("Search term is not long enough, try a more substantial search.");
    });

    it("finds words by their beginning in about-me texts, approved suggestions and fan quotes, most followed first", async () => {
      expect(await summaries("searchTerm=danc")).toEqual({
        resultCount: 3,
        results: [
          { enrichedName: "cara-c-30-9-0", matchText: "best dancers on the site", kind: "fan_quote" },
          { enrichedName: "ann-f-23-3-0", matchText: "I love dancing and travel", kind: "summary" },
          { enrichedName: "bob-m--M-0", matchText: "Gym lover and dancer", kind: "summary" },
        ],
      });
    });

    it("needs every term in one text; filters by gender; never searches a pending suggestion or an opt-out", async () => {
      expect(
        (await summaries("searchTerm=love%20danc")).results.map(
          (r: { enrichedName: string }) => r.enrichedName,
        ),
      ).toEqual(["ann-f-23-3-0", "bob-m--M-0"]);
      expect((await summaries("searchTerm=dancing&gender=m")).resultCount).toBe(0);
      expect((await summaries("searchTerm=danc&gender=m")).results).toHaveLength(1);
      expect((await summaries("searchTerm=queen")).resultCount).toBe(0);
      expect(
        (await summaries("searchTerm=dance%20dance")).results.map(
          (r: { enrichedName: string }) => r.enrichedName,
        ),
      ).toEqual(["cara-c-30-9-0", "bob-m--M-0"]);
    });
  });

  it("sees new performers once its copy is older than the reload interval (stale while it reloads)", async () => {
    await insertPerformer(t.db, { username: "zed", gender: "m", followers: 1 });
    expect((await apiGet(app, "/api/model_search?searchTerm=zed")).body.resultCount).toBe(0);
    clock = NOW + 301_000;
    await vi.waitFor(async () => {
      expect((await apiGet(app, "/api/model_search?searchTerm=zed")).body.resultCount).toBe(1);
    });
    // 21 minutes on, ann's place in the online list is stale: no longer live.
    clock = NOW + 21 * 60_000;
    await vi.waitFor(async () => {
      expect(names((await apiGet(app, "/api/model_search?liveOnly=true")).body)).toEqual([]);
    });
  });
});

describe("GET /api/model_search, summaries at scale", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestDatabase();
    await sql`
      INSERT INTO performers (username, gender, tags, followers, first_seen, last_seen)
      SELECT 'p' || i, 'f', '{}', i, now(), now() FROM generate_series(1, 300) i`.execute(t.db);
    await sql`
      INSERT INTO performer_bios (performer_id, about_me, fetched_at, changed_at)
      SELECT performer_id, 'glitter and gold', now(), now() FROM performers`.execute(t.db);
    app = testApp(t.db);
  });
  afterAll(async () => {
    await app?.close();
    await t.drop();
  });

  it("answers at most 250 results, and counts them all", async () => {
    const { body } = await apiGet(app, "/api/model_search?mode=summaries&searchTerm=glitter");
    expect(body.resultCount).toBe(300);
    expect(body.results).toHaveLength(250);
    expect(body.results[0].enrichedName).toMatch(/^p300-f--F-0$/);
  });
});
