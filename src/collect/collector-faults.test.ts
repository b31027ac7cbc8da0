import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { consistencyViolations } from "../../tests/helpers/consistency.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import { PartitionCache } from "../db/queries/partitions.ts";
import type { PollError } from "../db/schema.ts";
import { FeedClient } from "../platform/feed-client.ts";
import { collectPoll } from "./poll.ts";
import { PollWriter } from "./write-poll.ts";

const T0 = Date.UTC(2026, 10, 18, 21, 0);

async function pollRow(t: TestDatabase) {
  const { rows } = await sql<{
    status: string;
    rooms: number;
    expected_rooms: number | null;
    requests: number;
    pages: number;
    duplicates: number;
    malformed: number;
    errors: PollError[];
  }>`SELECT status, rooms, expected_rooms, requests, pages, duplicates, malformed, errors FROM polls`.execute(
    t.db,
  );
  expect(rows).toHaveLength(1);
  return rows[0] as NonNullable<(typeof rows)[0]>;
}

describe("collector faults", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  let online: number;
  beforeAll(async () => {
    platform = await startTestPlatform({ performers: 3000, seed: 5, at: T0 });
    online = platform.population.truthAt(T0).length;
  });
  afterAll(() => platform.sandbox.close());
  beforeEach(async () => {
    t = await createTestDatabase();
    platform.sandbox.faults.clear();
    platform.sandbox.faults.set({ extraFields: true });
  });
  afterEach(() => t.drop());

  // 100 rooms a page, so a sweep of the few hundred online takes several pages.
  const collector = (options = {}) => testCollector(t.db, platform, { pageSize: 100, ...options });

  it("retries a 5xx and completes the poll, recording the error", async () => {
    platform.sandbox.faults.enqueue({ kind: "status", status: 503 }, { kind: "status", status: 502 });
    const summary = await collectPoll(collector(), new Date(T0));
    expect(summary).toMatchObject({ status: "complete", rooms: online });
    const poll = await pollRow(t);
    expect(poll.errors.map((e) => [e.offset, e.attempt, e.error])).toEqual([
      [0, 1, "HTTP 503"],
      [0, 2, "HTTP 502"],
    ]);
    expect(poll.requests).toBe(poll.pages + 2);
  });

  it("honours Retry-After on a 429", async () => {
    platform.sandbox.faults.enqueue({ kind: "rateLimit", retryAfterSeconds: 1 });
    const started = Date.now();
    const summary = await collectPoll(collector({ retryBaseMs: 1 }), new Date(T0));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(summary).toMatchObject({ status: "complete", rooms: online });
    expect((await pollRow(t)).errors).toEqual([{ offset: 0, attempt: 1, error: "HTTP 429" }]);
  });

  it("retries a page that answers too slowly", async () => {
    platform.sandbox.faults.enqueue({ kind: "slow", delayMs: 800 });
    const summary = await collectPoll(collector({ timeoutMs: 300 }), new Date(T0));
    expect(summary).toMatchObject({ status: "complete", rooms: online });
    expect((await pollRow(t)).errors[0]?.error).toBe("timeout after 300 ms");
  });

  it("retries a truncated JSON body", async () => {
    platform.sandbox.faults.enqueue({ kind: "truncate" });
    const summary = await collectPoll(collector(), new Date(T0));
    expect(summary).toMatchObject({ status: "complete", rooms: online });
    expect((await pollRow(t)).errors[0]?.error).toMatch(/^unparseable JSON/);
  });

  it("marks a poll partial when a page fails every retry, keeps what it got and ranks nobody", async () => {
    // First page fine, second page fails 1 + 3 retries.
    platform.sandbox.faults.enqueue(
      { kind: "slow", delayMs: 0 },
      { kind: "status", status: 500 },
      { kind: "status", status: 500 },
      { kind: "status", status: 500 },
      { kind: "status", status: 500 },
    );
    const summary = await collectPoll(collector(), new Date(T0));
    expect(summary.status).toBe("partial");
    expect(summary.rooms).toBe(online - 100);
    const poll = await pollRow(t);
    expect(poll).toMatchObject({ status: "partial", rooms: online - 100, expected_rooms: online });
    expect(poll.errors).toHaveLength(4);
    const { rows } = await sql<{ ranked: number }>`
      SELECT COUNT(*) FILTER (WHERE rank IS NOT NULL OR gender_rank IS NOT NULL) AS ranked FROM snapshots`.execute(
      t.db,
    );
    expect(rows[0]?.ranked).toBe(0);
    // Not published as complete: health's last complete poll stays empty.
    const { rows: complete } = await sql<{ n: number }>`
      SELECT COUNT(*) AS n FROM polls WHERE status = 'complete'`.execute(t.db);
    expect(complete[0]?.n).toBe(0);
    expect(await consistencyViolations(t.db)).toEqual([]);
  });

  it("records a failed poll when the feed never answers", async () => {
    platform.sandbox.faults.set({ errorRate: 1 });
    const summary = await collectPoll(collector({ maxRetries: 2 }), new Date(T0));
    expect(summary).toMatchObject({ status: "failed", rooms: 0 });
    const poll = await pollRow(t);
    expect(poll).toMatchObject({ status: "failed", rooms: 0, expected_rooms: null, requests: 3, pages: 0 });
    expect(poll.errors).toHaveLength(3);
  });

  it("keeps each room once when the feed shifts rooms between pages", async () => {
    platform.sandbox.faults.set({ shiftMax: 30, extraFields: true });
    const summary = await collectPoll(collector(), new Date(T0));
    const poll = await pollRow(t);
    expect(poll.status).toBe("complete");
    const { rows } = await sql<{ n: number; distinct: number }>`
      SELECT COUNT(*) AS n, COUNT(DISTINCT performer_id) AS distinct FROM snapshots`.execute(t.db);
    expect(rows[0]?.n).toBe(rows[0]?.distinct);
    expect(rows[0]?.n).toBe(summary.rooms);
    // Shifting windows repeat some rooms and skip others: the fault did act, and what came twice is counted.
    expect(summary.duplicates + (online - summary.rooms)).toBeGreaterThan(0);
    expect(poll.duplicates).toBe(summary.duplicates);
    expect(summary.rooms).toBeLessThanOrEqual(online);
    expect(await consistencyViolations(t.db)).toEqual([]);
  });

  it("keeps rooms with missing or null fields, with what is known, and keeps earlier values", async () => {
    const deps = collector();
    await collectPoll(deps, new Date(T0));
    const before = await sql<{ username: string; display_name: string; gender: string; tags: string[] }>`
      SELECT username, display_name, gender, tags FROM performers ORDER BY username`.execute(t.db);

    platform.sandbox.faults.set({ missingFieldRate: 0.5, nullFieldRate: 0.3, extraFields: true });
    platform.clock.set(T0 + 60_000);
    const summary = await collectPoll(deps, new Date(T0 + 60_000));
    expect(summary.rooms).toBe(platform.population.truthAt(T0 + 60_000).length);
    expect(summary.malformed).toBe(0);
    const after = await sql<{ username: string; display_name: string | null; gender: string | null }>`
      SELECT username, display_name, gender FROM performers ORDER BY username`.execute(t.db);
    const known = new Map(before.rows.map((r) => [r.username, r]));
    for (const row of after.rows) {
      const earlier = known.get(row.username);
      if (!earlier) continue;
      // Display names and genders never change in the model: a missing or null one kept its value.
      expect(row.display_name).toBe(earlier.display_name);
      expect(row.gender).toBe(earlier.gender);
    }
    const { rows } = await sql<{ nulls: number }>`
      SELECT COUNT(*) FILTER (WHERE viewers IS NULL OR followers IS NULL) AS nulls FROM snapshots
      WHERE observed_at = ${new Date(T0 + 60_000)}`.execute(t.db);
    expect(rows[0]?.nulls).toBeGreaterThan(0);
    platform.clock.set(T0);
    expect(await consistencyViolations(t.db)).toEqual([]);
  });
});

describe("malformed rooms", () => {
  it("are skipped and counted; the rest is kept", async () => {
    const t = await createTestDatabase();
    const good = (username: string, num_users: number) => ({
      username,
      num_users,
      num_followers: 5,
      gender: "f",
    });
    const server = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          count: 5,
          results: [good("alpha", 30), { display_name: "no username" }, "not a room", null, good("beta", 10)],
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    const deps = {
      db: t.db,
      source: "live" as const,
      now: () => T0,
      partitions: new PartitionCache(),
      writer: new PollWriter(t.db, { graceWindowPolls: 3 }),
      client: new FeedClient({
        baseUrl: `http://127.0.0.1:${port}`,
        wm: "x",
        clientIp: "request_ip",
        maxRequestsPerSecond: Number.POSITIVE_INFINITY,
        timeoutMs: 2000,
        maxRetries: 0,
      }),
    };
    const summary = await collectPoll(deps, new Date(T0));
    expect(summary).toMatchObject({ status: "complete", rooms: 2, malformed: 3 });
    const { rows } = await sql<{ username: string; rank: number }>`
      SELECT p.username, s.rank FROM snapshots s JOIN performers p USING (performer_id) ORDER BY s.rank`.execute(
      t.db,
    );
    expect(rows).toEqual([
      { username: "alpha", rank: 1 },
      { username: "beta", rank: 2 },
    ]);
    server.close();
    await t.drop();
  });
});
