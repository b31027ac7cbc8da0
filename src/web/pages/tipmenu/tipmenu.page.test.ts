import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { notDotSegment } from "../../../../tests/helpers/dot-segments.ts";
import { confirmOptout, insertGoal, insertPerformer } from "../../../../tests/helpers/fixtures.ts";
import { BROWSER, canonical } from "../../../../tests/helpers/page-html.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";
import { NOT_SEARCHABLE_MESSAGE } from "./page-data.ts";

/** /tipmenu and /tipmenu/{searchTerm}/{gender} with ?min= ?max=, server-rendered, through buildApp(...).inject. */

const clean = (html: string) => html.replaceAll("<!-- -->", "");
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
const section = (html: string, id: string) =>
  new RegExp(`<section [^>]*aria-labelledby="${id}"[^>]*>(.*?)</section>`, "s").exec(clean(html))?.[1] ?? "";
const rows = (html: string) =>
  [...section(html, "tipmenu-items").matchAll(/<tr>(.*?)<\/tr>/gs)]
    .slice(1)
    .map((m) =>
      [...(m[1] ?? "").matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((c) => (c[1] ?? "").replace(/<[^>]+>/g, "")),
    );

describe("the tip menu search pages", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const now = Date.now();
  const seen = new Date(now - 86_400_000);

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    const anna = await insertPerformer(t.db, { username: "anna", gender: "f", displayName: "Anna Rose" });
    const carl = await insertPerformer(t.db, { username: "carl", gender: "m" });
    const gone = await insertPerformer(t.db, { username: "gone", gender: "f" });
    const bea = await insertPerformer(t.db, { username: "bea", gender: "f" });
    await insertGoal(t.db, { performerId: anna, item: "OIL SHOW!!", key: "oil show", tokens: 500, seen });
    await insertGoal(t.db, { performerId: bea, item: "oilshow <b>", tokens: 300, kind: "left", seen });
    await insertGoal(t.db, { performerId: carl, item: "Oil show", tokens: 200, gender: "m", seen });
    await insertGoal(t.db, { performerId: gone, item: "oil show", tokens: 1, seen });
    await insertGoal(t.db, { performerId: anna, item: "dance naked", tokens: 150, seen });
    await confirmOptout(t.db, "gone");
    app = testApp(t.db);
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const get = (url: string) => app.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });

  it("renders the search form with the popular items as starting links", async () => {
    const response = await get("/tipmenu");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=300, stale-while-revalidate=300");
    expect(title(response.body)).toContain("Tip menu search");
    expect(canonical(response.body)).toMatch(/\/tipmenu$/);
    for (const field of ['name="term"', 'name="gender"', 'name="min"', 'name="max"'])
      expect(response.body).toContain(field);
    const popular = section(response.body, "tipmenu-popular");
    expect(popular).toContain('href="/tipmenu/oil%20show/all"');
    expect(popular).toContain("2 performers · median 350 tk");
    expect(popular).not.toContain("gone");
  });

  it("answers a search: prices per gender and the items, cheapest of the best matches first", async () => {
    const response = await get("/tipmenu/oil%20show/all");
    expect(response.statusCode).toBe(200);
    expect(title(response.body)).toContain("oil show: tip menu prices");
    expect(canonical(response.body)).toMatch(/\/tipmenu\/oil%20show\/all$/);
    const spread = section(response.body, "tipmenu-spread");
    expect(spread).toContain("median 300 tk · middle half 250–400 tk · 3 items");
    expect(spread).toContain("200 tk · 1 item");
    expect(rows(response.body)).toEqual([
      ["Oil show", "200 tk", "carl Male", seen.toISOString().slice(0, 10)],
      ["OIL SHOW!!", "500 tk", "Anna Rose Female", seen.toISOString().slice(0, 10)],
      ["oilshow &lt;b&gt;", "at least 300 tk", "bea Female", seen.toISOString().slice(0, 10)],
    ]);
    expect(section(response.body, "tipmenu-items")).toContain('href="/anna"');
    expect(response.body).not.toContain("<b>");
    expect(response.body).not.toContain('href="/gone"');
  });

  it("keeps to the gender and the token range of the address", async () => {
    const women = await get("/tipmenu/oil%20show/female?min=400");
    expect(women.statusCode).toBe(200);
    expect(rows(women.body).map((r) => r[2])).toEqual(["Anna Rose Female"]);
    expect(women.body).toContain('aria-current="page"');
    expect(women.body).toContain('content="noindex"');
    expect(women.body).toContain('href="/tipmenu/oil%20show/male?min=400"');
    const none = await get("/tipmenu/xylophone/all");
    expect(none.statusCode).toBe(200);
    expect(section(none.body, "tipmenu-spread")).toContain("No performer asked for this in the last 90 days");
  });

  it("moves the form's fields, a ranking gender word and a missing gender to the search's address", async () => {
    const form = await get("/tipmenu?term=Oil%20Show&gender=male&min=10&max=");
    expect(form.statusCode).toBe(302);
    expect(form.headers.location).toBe("/tipmenu/Oil%20Show/male?min=10");
    const women = await get("/tipmenu/oil/women?max=9");
    expect(women.statusCode).toBe(301);
    expect(women.headers.location).toBe("/tipmenu/oil/female?max=9");
    const bare = await get("/tipmenu/oil");
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe("/tipmenu/oil/all");
  });

  it("answers an unknown gender with the 404 page and a term or range it cannot search with 400", async () => {
    expect((await get("/tipmenu/oil/robots")).statusCode).toBe(404);
    for (const [url, reason] of [
      ["/tipmenu/o/all", "expected at least 2 characters"],
      [`/tipmenu/${"o".repeat(61)}/all`, "expected at most 60 characters"],
      ["/tipmenu/%21%21%21/all", "expected letters or digits"],
      ["/tipmenu/oil/all?min=abc", "min expected a whole number of tokens from 0 to 1,000,000"],
      ["/tipmenu/oil/all?max=2000000", "max expected a whole number of tokens from 0 to 1,000,000"],
      ["/tipmenu/oil/all?min=50&max=10", "expected min at most max"],
    ]) {
      const response = await get(url as string);
      expect(response.statusCode, url).toBe(400);
      expect(clean(response.body)).toContain(`${NOT_SEARCHABLE_MESSAGE}: `);
      expect(clean(response.body), url).toContain(reason);
      expect(response.body).toContain('content="noindex"');
    }
    const hostile = await get(`/tipmenu/${encodeURIComponent("<script>x</script>")}/all`);
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).not.toContain("<script>x");
  });

  it("never answers a hostile term, gender or range with a server error", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof(fc.string({ maxLength: 80 }), fc.string({ unit: "grapheme", maxLength: 40 }))
          .filter(notDotSegment),
        fc.oneof(
          fc.constantFrom("all", "female", "male", "couples", "trans", "women"),
          fc.string({ maxLength: 10 }).filter(notDotSegment),
        ),
        fc.oneof(
          fc.constant(""),
          fc.string({ maxLength: 12 }),
          fc.integer({ min: -5, max: 2_000_000 }).map(String),
        ),
        async (term, gender, min) => {
          const query = min === "" ? "" : `?min=${encodeURIComponent(min)}`;
          const response = await get(
            `/tipmenu/${encodeURIComponent(term)}/${encodeURIComponent(gender)}${query}`,
          );
          expect([200, 301, 302, 400, 404]).toContain(response.statusCode);
          if (response.statusCode === 400) expect(clean(response.body)).toContain(NOT_SEARCHABLE_MESSAGE);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("reads its own row count for the popular items once in a while, not per request", async () => {
    await sql`DELETE FROM subject_goals WHERE item_key = 'dance naked'`.execute(t.db);
    expect(section((await get("/tipmenu")).body, "tipmenu-popular")).toContain("dance naked");
  });
});
