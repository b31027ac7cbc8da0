import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, testApp } from "../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../../tests/helpers/fixtures.ts";

describe("the name lookups", () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase();
    for (const [username, gender, followers] of [
      ["rose", "f", 10],
      ["rosemary", "f", 500],
      ["primrose", "f", 900],
      ["rosey_boy", "m", 50],
      ["ro_se", "c", 5],
      ["rosa", "f", 70],
      ["rosie", "t", 30],
      ["rose_gone", "f", 99_999],
    ] as const) {
      await insertPerformer(t.db, { username, gender, followers, displayName: username.toUpperCase() });
    }
    await confirmOptout(t.db, "rose_gone");
    app = testApp(t.db);
  });
  afterAll(async () => {
    await app?.close();
    await t.drop();
  });

  const post = (url: string, payload: unknown) => apiPost(app, url, payload);

  it("finds names containing the term: exact first, then prefixes, then by followers", async () => {
    const { status, body } = await post("/v1/model-search", { searchTerm: "Rose" });
    expect(status).toBe(200);
    expect(body.results.map((r: { name: string }) => r.name)).toEqual([
      "rose",
      "rosemary",
      "rosey_boy",
      "primrose",
    ]);
    expect(body.results[0]).toEqual({ name: "rose", displayName: "ROSE", gender: "f", followers: 10 });
  });

  it("filters by gender code, trans as s, and takes _ and % literally", async () => {
    const women = await post("/v1/model-search", { searchTerm: "ros", gender: "f" });
    expect(women.body.results.map((r: { name: string }) => r.name)).toEqual([
      "rosemary",
      "rosa",
      "rose",
      "primrose",
    ]);
    const trans = await post("/v1/model-search", { searchTerm: "ros", gender: "s" });
    expect(trans.body.results.map((r: { name: string }) => r.name)).toEqual(["rosie"]);
    const underscore = await post("/v1/model-search", { searchTerm: "o_e" });
    expect(underscore.body.results.map((r: { name: string }) => r.name)).toEqual([]);
    const literal = await post("/v1/model-search", { searchTerm: "o_se" });
    expect(literal.body.results.map((r: { name: string }) => r.name)).toEqual(["ro_se"]);
  });

  it("checks a name: taken or not, with the closest seen names", async () => {
    expect((await post("/v1/name-checker", { name: "rose" })).body).toMatchObject({
      name: "rose",
      taken: true,
      lastSeen: Date.parse("2026-01-01T00:00:00Z"),
    });
    const free = (await post("/v1/name-checker", { name: "Rosey" })).body;
    expect(free).toMatchObject({ name: "rosey", taken: false });
    expect(free.similar).toContain("rosey_boy");
    expect(free.similar).not.toContain("rose_gone");
    expect(free.lastSeen).toBeNull();
    expect(free.closest.map((c: { name: string }) => c.name)).toEqual(free.similar);
    expect(free.closest[0]).toEqual({ name: free.similar[0], lastSeen: Date.parse("2026-01-01T00:00:00Z") });
    // An opted-out performer's name is still taken on the platform, but nothing of them is shown.
    const gone = (await post("/v1/name-checker", { name: "rose_gone" })).body;
    expect(gone).toMatchObject({ taken: true, lastSeen: null });
  });

  it.each([
    ["/v1/model-search", {}, "searchTerm", "searchTerm: expected a search term"],
    ["/v1/model-search", { searchTerm: "r" }, "searchTerm", "searchTerm: expected at least 2 characters"],
    [
      "/v1/model-search",
      { searchTerm: "ro", gender: "x" },
      "gender",
      "gender: expected a gender code: f, m, c or s",
    ],
    [
      "/v1/name-checker",
      { name: "a b" },
      "name",
      "name: expected a performer name: letters, digits, _ . and -",
    ],
    ["/v1/name-checker", { name: 5 }, "name", "name: expected a performer name"],
  ])("%s %j is refused, naming %s", async (url, payload, parameter, message) => {
    expect(await post(url, payload)).toEqual({
      status: 400,
      body: { error: { status: 400, code: "invalid_parameter", parameter, message } },
    });
  });

  it("refuses a body that is not JSON in the same shape", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/v1/name-checker",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ status: 400, code: "bad_request" });
  });

  it("answers any body to the name checker with a result or a clear 400, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({
            name: fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: "grapheme", maxLength: 40 })),
          }),
        ),
        async (payload) => {
          const { status, body } = await post("/v1/name-checker", payload);
          expect([200, 400]).toContain(status);
          if (status === 400) expect(body.error.message).toEqual(expect.any(String));
          else expect(body).toMatchObject({ taken: expect.any(Boolean), closest: expect.any(Array) });
        },
      ),
      { numRuns: 80 },
    );
  });
});
