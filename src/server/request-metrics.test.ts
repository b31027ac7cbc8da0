import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { requestMetrics } from "../metrics/http-metrics.ts";

/** The requests counted so far under these labels, and their latency observations. */
async function counted(family: string, status: number) {
  const { requests, duration } = requestMetrics();
  const byStatus = (await requests.get()).values.find(
    (v) => v.labels.family === family && v.labels.status === status,
  );
  const timed = (await duration.get()).values.find(
    (v) => v.metricName?.endsWith("_count") && v.labels.family === family,
  );
  return { requests: byStatus?.value ?? 0, timed: timed?.value ?? 0 };
}

describe("the app's request metrics (METRICS_PORT)", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it("counts every answer by route family and status, and times it", async () => {
    const app = testApp(t.db, { requestMetrics: true });
    try {
      const before = {
        health: await counted("health", 200),
        apiBad: await counted("api", 400),
        published: await counted("published", 404),
        page: await counted("page", 404),
      };
      expect((await app.inject("/api/health")).statusCode).toBe(200);
      expect((await app.inject("/api/health")).statusCode).toBe(200);
      expect((await app.inject("/api/model_search?minAge=old")).statusCode).toBe(400);
      expect((await app.inject("/stats/2026-11-20/nothing-here.json")).statusCode).toBe(404);
      // The metrics are never on the site's port: here /metrics is a page that does not exist.
      expect((await app.inject("/metrics")).statusCode).toBe(404);

      const health = await counted("health", 200);
      expect(health.requests - before.health.requests).toBe(2);
      expect(health.timed - before.health.timed).toBe(2);
      expect((await counted("api", 400)).requests - before.apiBad.requests).toBe(1);
      expect((await counted("published", 404)).requests - before.published.requests).toBe(1);
      expect((await counted("page", 404)).requests - before.page.requests).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("counts nothing when the metrics are off (the default)", async () => {
    const app = testApp(t.db);
    try {
      const before = await counted("health", 200);
      expect((await app.inject("/api/health")).statusCode).toBe(200);
      expect(await counted("health", 200)).toEqual(before);
    } finally {
      await app.close();
    }
  });
});
