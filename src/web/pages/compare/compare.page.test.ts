import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { BROWSER } from "../../../../tests/helpers/page-html.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";
import { BAD_DAYS_TEXT, notANameText } from "../../lib/compare/compare-query.ts";

/** /compare (issue 20), server-rendered through buildApp(...).inject: the choice, never a 500. */

const clean = (html: string) => html.replaceAll("<!-- -->", "");
const chosen = (html: string) =>
  [...clean(html).matchAll(/<li><a href="\/([^"]*)">([^<]*)<\/a><button type="submit" value=/g)].map(
    (m) => m[2],
  );

describe("the compare page", () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    app = testApp(t.db);
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const get = (url: string) => app.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });

  it("renders the empty choice, kept by no cache and by no index", async () => {
    const response = await get("/compare");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.body).toContain('<meta name="robots" content="noindex"/>');
    expect(response.body).toContain("<h1>Compare performers</h1>");
    expect(response.body).toContain('name="add"');
    expect(response.body).toContain('name="days"');
    expect(clean(response.body)).toContain("today so far is not included");
    // Nobody is known to be signed in on the server.
    expect(response.body).toContain("Checking whether you are signed in");
  });

  it("shows the names and the days of the address", async () => {
    const response = await get("/compare?performers=Ann,bea,ann&days=90");
    expect(response.statusCode).toBe(200);
    expect(chosen(response.body)).toEqual(["ann", "bea"]);
    expect(response.body).toContain('<input type="hidden" name="performers" value="ann,bea"/>');
    expect(response.body).toMatch(/<option value="90" selected="">90 days<\/option>/);
    expect(response.body).toContain("<title>Compare ann, bea");
  });

  it("says what it could not use, as text", async () => {
    const response = await get("/compare?performers=ann,%3Cscript%3Ex&days=8");
    expect(response.statusCode).toBe(200);
    const body = clean(response.body);
    expect(body).toContain(
      notANameText("<script>x").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;"),
    );
    expect(body).toContain(BAD_DAYS_TEXT);
    expect(body).not.toContain("<script>x");
  });

  it("moves the no-script form's add and remove to the clean address", async () => {
    const added = await get("/compare?performers=ann&add=Bea&days=7");
    expect(added.statusCode).toBe(302);
    expect(added.headers.location).toBe("/compare?performers=ann,bea&days=7");
    const removed = await get("/compare?performers=ann,bea&add=&remove=ann&days=365");
    expect(removed.headers.location).toBe("/compare?performers=bea&days=365");
  });

  it("answers any query string without a 500", async () => {
    const part = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        "ann",
        "a,b,c,d,e,f,g",
        "%",
        "%00",
        "%E0%A4%A",
        "<script>",
        "'; DROP TABLE x; --",
        "7",
        "365",
      ),
    );
    const key = fc.constantFrom("performers", "days", "add", "remove", "", "performers[]", "__proto__");
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, part), { maxLength: 6 }), async (pairs) => {
        const search = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
        const response = await get(`/compare?${search}`);
        expect([200, 302]).toContain(response.statusCode);
      }),
      { numRuns: 60 },
    );
    for (const raw of [
      "/compare?performers=%",
      "/compare?days=%E0%A4%A",
      "/compare?performers=a&performers=b",
    ])
      expect([200, 302, 400]).toContain((await get(raw)).statusCode);
  });
});
