import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { buildApp } from "../app.ts";

/**
 * Hostile input (issue 4): random and malicious parameter sets thrown at every API call. Whatever
 * arrives, the answer is a success or a 4xx in the one error shape, never a 500.
 */

const ENDPOINTS = ["/api/streams", "/api/stream_details", "/api/stream_hourlystats", "/api/streamers"];
const NAMES = [
  "modelName",
  "streamId",
  "weeksBack",
  "offset",
  "tag",
  "",
  "modelName[]",
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
          "/v1/tag_suggestion",
          "/v1/summary_suggestion",
          "/v1/optout",
        ),
        fc.oneof(
          fc.jsonValue(),
          fc.record({ searchTerm: hostile, gender: hostile }, { requiredKeys: [] }),
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
