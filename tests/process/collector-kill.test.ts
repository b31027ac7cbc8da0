import { type ChildProcess, spawn } from "node:child_process";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPopulation } from "../../src/sandbox/population.ts";
import { type SandboxServer, startSandbox } from "../../src/sandbox/server.ts";
import { consistencyViolations } from "../helpers/consistency.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

/**
 * kill -9 of a real collector process at moments chosen inside its polls: while it pages the feed,
 * and around the database write. After every kill the stored history must be consistent, nothing
 * committed may be lost, and the next process must carry on without duplicating anything.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startCollector(t: TestDatabase, sandbox: SandboxServer): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/collector.ts"], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: t.url,
      PLATFORM_FEED_URL: sandbox.url,
      AFFILIATE_WM: "killtest",
      POLL_INTERVAL: "1",
      FEED_MAX_REQUESTS_PER_SECOND: "1000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}

describe("kill -9 of the collector", () => {
  let t: TestDatabase;
  let sandbox: SandboxServer;
  beforeAll(async () => {
    t = await createTestDatabase();
    // Real time: the collector polls whole seconds of the wall clock.
    const population = createPopulation({ seed: 3, performers: 20_000 });
    sandbox = await startSandbox({ population, clock: { now: () => Date.now() } });
    // Each page answers after 150 ms, so a sweep of several pages takes a while to kill inside.
    sandbox.faults.set({ slowMs: 150, extraFields: true });
  });
  afterAll(async () => {
    await sandbox.close();
    await t.drop();
  });

  it("loses nothing committed and duplicates nothing", async () => {
    const polls = async () =>
      (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM polls`.execute(t.db)).rows[0]?.n ?? 0;
    // Kill points, in ms after a sweep's first request: early paging, late paging, and the write.
    const killPoints = [20, 200, 350, 480, 520, 560, 600, 700];
    let committed = 0;
    for (const delay of killPoints) {
      const child = startCollector(t, sandbox);
      const exited = new Promise((r) => child.once("exit", r));
      // Let it commit at least one poll, then catch the start of the next sweep.
      await waitFor(async () => (await polls()) > committed, 20_000);
      const requestsBefore = sandbox.requestCount;
      await waitFor(() => sandbox.requestCount > requestsBefore, 5_000);
      await sleep(delay);
      child.kill("SIGKILL");
      await exited;

      const now = await polls();
      expect(now).toBeGreaterThan(committed);
      committed = now;
      expect(await consistencyViolations(t.db)).toEqual([]);
    }

    // Every poll stored is whole: its snapshots are all there, and the sweep was multi-page.
    const { rows } = await sql<{ status: string; pages: number }>`
      SELECT status, pages FROM polls ORDER BY observed_at`.execute(t.db);
    expect(rows.every((r) => r.status === "complete")).toBe(true);
    expect(Math.max(...rows.map((r) => r.pages))).toBeGreaterThanOrEqual(2);
  }, 180_000);
});
