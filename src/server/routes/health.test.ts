import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { connect } from "../../db/connect.ts";
import { drainThenClose } from "../../start/graceful-close.ts";
import { buildApp } from "../app.ts";
import { readiness } from "../readiness.ts";

describe("GET /api/health", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it("answers status, database reachability, last complete poll and counts", async () => {
    await t.db
      .insertInto("polls")
      .values([
        {
          observed_at: "2026-11-20T10:00:00Z",
          started_at: "2026-11-20T10:00:00Z",
          finished_at: "2026-11-20T10:00:02Z",
          status: "complete",
          source: "live",
          rooms: 0,
          viewers: 0,
          pages: 1,
          requests: 1,
          duration_ms: 2000,
        },
        {
          observed_at: "2026-11-20T10:01:00Z",
          started_at: "2026-11-20T10:01:00Z",
          finished_at: "2026-11-20T10:01:02Z",
          status: "partial",
          source: "live",
          rooms: 0,
          viewers: 0,
          pages: 1,
          requests: 3,
          duration_ms: 2000,
        },
      ])
      .execute();
    const app = buildApp({ db: t.db, publishDir: path.join(tmpdir(), "camstats-health-publish") });
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.json()).toEqual({
      status: "ok",
      database: { reachable: true },
      lastCompletePollAt: "2026-11-20T10:00:00.000Z",
      counts: { performers: 0, snapshots: 0, sessions: 0, polls: 2 },
    });
    await app.close();
  });

  it("answers 503 draining while the process stops, and still serves the rest", async () => {
    const app = buildApp({ db: t.db, publishDir: path.join(tmpdir(), "camstats-health-publish") });
    await app.ready();
    expect((await app.inject({ method: "GET", url: "/api/missing" })).headers.connection).not.toBe("close");
    const closing = drainThenClose(app, 2000);
    try {
      const response = await app.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: "draining", database: { reachable: true } });
      const other = await app.inject({ method: "GET", url: "/api/missing" });
      expect(other.statusCode).toBe(404);
      // Every answer closes its connection meanwhile: none is left idle for the port's close to cut.
      expect(response.headers.connection).toBe("close");
      expect(other.headers.connection).toBe("close");
    } finally {
      await closing;
      readiness.draining = false;
    }
  });

  it("answers 503 with the reason when the database cannot be reached", async () => {
    const dead = connect("postgres://postgres:postgres@127.0.0.1:1/none", { max: 1 });
    const app = buildApp({ db: dead.db, publishDir: path.join(tmpdir(), "camstats-health-publish") });
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body.status).toBe("degraded");
    expect(body.database.reachable).toBe(false);
    expect(body.database.error).toMatch(/ECONNREFUSED|connect/);
    expect(body.counts).toBeNull();
    await app.close();
    await dead.close();
  });
});
