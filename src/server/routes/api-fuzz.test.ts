import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { FILTER_DEFAULTS } from "../../search/search-query-string.ts";
import { buildApp } from "../app.ts";

/**
 * Hostile input (issue 4): random and malicious parameter sets thrown at every API call. Whatever
 * arrives, the answer is a success or a 4xx in the one error shape, never a 500.
 */

const ENDPOINTS = [
  "/api/streams",
  "/api/stream_details",
  "/api/stream_hourlystats",
  "/api/streamers",
  "/api/model_search",
];
const NAMES = [
  "modelName",
  "streamId",
  "weeksBack",
  "offset",
  "tag",
  "",
  "modelName[]",
  "mode",
  "orderBy",
  "sortOrder",
  "searchTerm",
  "liveOnly",
  "gender",
  "requireAllTags",
  "minAge",
  "maxAge",
  "minFollowers",
  "maxFollowers",
  "minViewers",
  "maxViewers",
  "__proto__",
  "constructor",
];

const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.constantFrom(
    "ann",
    "ANN",
    " ann ",
    "'; DROP TABLE performers; --",
    "%",
    "_",
    "\\",
    "\u0000",
    "0",
    "-1",
    "54",
    "2026-11-20",
    "2026-02-30",
    "asian",
    "55",
    "1e3",
    "NaN",
    "9".repeat(40),
    "a".repeat(5000),
    "[]",
    "{}",
    "null",
    "summaries",
    "models",
    "name",
    "viewers",
    "asc",
    "true",
    "s",
    "99",
    "18",
    "10000000",
    "50000",
  ),
);

describe("the API under hostile input", () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase();
    await insertPerformer(t.db, { username: "ann" });
    app = buildApp({ db: t.db, publishDir: "/nonexistent", rateLimitPerMinute: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await t.drop();
  });

  it("never answers 500, and every error has the one shape", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        fc.array(fc.tuple(fc.oneof(fc.constantFrom(...NAMES), fc.string()), hostile), { maxLength: 5 }),
        async (endpoint, params) => {
          const query = new URLSearchParams(params).toString();
          const response = await app.inject({ method: "GET", url: `${endpoint}?${query}` });
          expect(response.statusCode, `${endpoint}?${query}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.json()).toEqual({
              error: expect.objectContaining({
                status: response.statusCode,
                code: expect.any(String),
                message: expect.any(String),
              }),
            });
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("never answers 500 to any JSON body on the POST calls", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "/v1/model-search",
          "/v1/name-checker",
          "/v1/tipmenu-search",
          "/v1/tag_suggestion",
          "/v1/summary_suggestion",
          "/v1/optout",
        ),
        fc.oneof(
          fc.jsonValue(),
          fc.record({ searchTerm: hostile, gender: hostile }, { requiredKeys: [] }),
          fc.record(
            { searchTerm: hostile, gender: hostile, minTokens: hostile, maxTokens: hostile },
            { requiredKeys: [] },
          ),
          fc.record({ name: hostile }, { requiredKeys: [] }),
          fc.record(
            { performer: hostile, suggested_tag: hostile, suggested_summary: hostile },
            { requiredKeys: [] },
          ),
        ),
        async (url, body) => {
          const response = await app.inject({
            method: "POST",
            url,
            payload: JSON.stringify(body) ?? "null",
            headers: { "content-type": "application/json" },
          });
          expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(response.json().error.status).toBe(response.statusCode);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuses raw junk in the URL itself in the same shape", async () => {
    for (const url of [
      "/v1/public/wrapped/%E0%A4%A",
      "/v1/wrapped/%00",
      "/api/streams?modelName=%E0%A4%A",
      "/api/streams?%",
      "/api/stream_details?streamId=%00",
    ]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.json().error.status).toBe(response.statusCode);
    }
  });
});

/** What a model search answer's results carry, as far as the filters go. */
interface Result {
  name: string;
  gender: string | null;
  age: number | null;
  maxViewers: number | null;
  followerCount: number | null;
  tags: string[];
}

/** Checks a 200 answer of /api/model_search against the parameters that produced it. */
function expectSatisfied(params: URLSearchParams, body: { resultCount: number; results: Result[] }) {
  const one = (name: string) => params.get(name);
  // A bound at its default is no filter (SPEC §5).
  const DEFAULTS: Record<string, number> = FILTER_DEFAULTS;

  const num = (name: string) => {
    const value = params.has(name) ? Number(params.get(name)) : undefined;
    return value === DEFAULTS[name] ? undefined : value;
  };
  const yes = (name: string) => ["true", "1"].includes(one(name) ?? "");
  expect(body.results.length).toBeLessThanOrEqual(50);
  const gender = one("gender");
  const terms = (one("searchTerm") ?? "").trim().toLowerCase().split(/\s+/).filter(Boolean);
  // Repeated tags are one tag to the search.
  const tags = [...new Set(params.getAll("tag").map((t) => t.trim().toLowerCase()))];
  for (const r of body.results) {
    if (gender && gender !== "all") expect(r.gender).toBe(gender === "t" ? "s" : gender);
    for (const term of terms) expect(r.name).toContain(term);
    if (tags.length > 0) {
      const hits = tags.filter((t) => r.tags.includes(t)).length;
      expect(yes("requireAllTags") ? hits === tags.length : hits > 0).toBe(true);
    }
    const within = (value: number | null, min?: number, max?: number) => {
      if (min === undefined && max === undefined) return;
      expect(value).not.toBeNull();
      if (min !== undefined) expect(value).toBeGreaterThanOrEqual(min);
      if (max !== undefined) expect(value).toBeLessThanOrEqual(max);
    };
    within(r.age, num("minAge"), num("maxAge"));
    within(r.followerCount, num("minFollowers"), num("maxFollowers"));
    within(r.maxViewers, num("minViewers"), num("maxViewers"));
  }
  const orderBy = one("orderBy") ?? "followers";
  const key = (r: Result) =>
    orderBy === "name" ? r.name : ((orderBy === "viewers" ? r.maxViewers : r.followerCount) ?? -1);
  for (let k = 1; k < body.results.length; k++) {
    const [a, b] = [key(body.results[k - 1] as Result), key(body.results[k] as Result)];
    expect(one("sortOrder") === "asc" ? a <= b : a >= b).toBe(true);
  }
}

describe("the model search under random and hostile parameters", () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase();
    // 300 performers whose fields vary with a hash of their number: every filter has something to cut.
    await sql`
      INSERT INTO performers (username, display_name, gender, age, tags, followers, first_seen, last_seen)
      SELECT (ARRAY['ann', 'bo', 'nina', 'xo_', 'an.na'])[1 + h % 5] || i,
        NULL, (ARRAY['f', 'm', 'c', 't'])[1 + h % 4], CASE WHEN h % 3 = 0 THEN NULL ELSE 18 + h % 60 END,
        CASE (h / 7) % 4 WHEN 0 THEN ARRAY['asian', 'cute'] WHEN 1 THEN ARRAY['cute'] WHEN 2 THEN ARRAY['latina', 'new'] ELSE ARRAY[]::text[] END,
        CASE WHEN h % 11 = 0 THEN NULL ELSE (h * 37) % 2000000 END, now(), now() - (h % 100) * interval '1 hour'
      FROM (SELECT i, abs(hashint4(i)::bigint) % 1000000007 AS h FROM generate_series(1, 300) i) s`.execute(
      t.db,
    );
    await sql`
      INSERT INTO performer_peaks (performer_id, peak_viewers, through_day)
      SELECT performer_id, abs(hashint4(performer_id::int)::bigint) % 60000, '2026-11-19' FROM performers WHERE performer_id % 4 <> 0`.execute(
      t.db,
    );
    app = buildApp({ db: t.db, publishDir: "/nonexistent", rateLimitPerMinute: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await t.drop();
  });

  const values: Record<string, fc.Arbitrary<string>> = {
    mode: fc.constantFrom("models", "models", "summaries", "other"),
    offset: fc.constantFrom("0", "50", "100", "250", "-5", "x"),
    orderBy: fc.constantFrom("name", "viewers", "followers", "rank", "name;--"),
    sortOrder: fc.constantFrom("asc", "desc", "sideways"),
    searchTerm: fc.oneof(
      fc.constantFrom("an", "AN", "ann 1", "xo_", "n.n", "a", "", " bo ", "cute love"),
      fc.string(),
    ),
    liveOnly: fc.constantFrom("true", "false", "1", "yes"),
    gender: fc.constantFrom("f", "m", "c", "s", "t", "all", "", "x"),
    tag: fc.constantFrom("asian", "Cute", "latina", "new", "none", " cute "),
    requireAllTags: fc.constantFrom("true", "false"),
    minAge: fc.constantFrom("18", "30", "45", "17", "99"),
    maxAge: fc.constantFrom("25", "40", "99", "100"),
    minFollowers: fc.constantFrom("0", "1000", "500000", "10000001"),
    maxFollowers: fc.constantFrom("5000", "1500000", "10000000"),
    minViewers: fc.constantFrom("0", "100", "20000"),
    maxViewers: fc.constantFrom("500", "50000", "50001"),
  };

  it("never answers 500; every 200 satisfies the filters and the order asked for", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc
              .constantFrom(...Object.keys(values))
              .chain((name) =>
                (values[name] as fc.Arbitrary<string>).map((value) => [name, value] as [string, string]),
              ),
            fc.tuple(fc.string(), hostile),
          ),
          { maxLength: 7 },
        ),
        async (pairs) => {
          const params = new URLSearchParams(pairs);
          const response = await app.inject({ method: "GET", url: `/api/model_search?${params}` });
          expect(response.statusCode, params.toString()).toBeLessThan(500);
          if (response.statusCode !== 200) {
            expect(response.json().error.status).toBe(response.statusCode);
            return;
          }
          if (params.get("mode") !== "summaries") expectSatisfied(params, response.json());
        },
      ),
      { numRuns: 2000 },
    );
  });
});
