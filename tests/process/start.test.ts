import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HISTORY_TIERS } from "../../src/collect/history.ts";
import { freePort } from "../../src/db/embedded.ts";
import { lastClosedDay } from "../../src/stats/ranking-day.ts";
import { spawnMain } from "../helpers/main-process.ts";

/**
 * `npm start`'s entry as a real process: the embedded PostgreSQL under DATA_DIR, the sandbox, the
 * first-start history, the live collector and /api/health; a kill -9 and a second start that reuses
 * the data (and the PostgreSQL the killed process left running); a clean stop on SIGTERM.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the site's process", () => {
  let dataDir: string;
  let port: number;
  let pgPort: number;
  let stderr = "";
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "camstats-start-"));
    port = await freePort();
    pgPort = await freePort();
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  function start(): ChildProcess {
    return spawnMain(
      {
        DATA_DIR: dataDir,
        PUBLISH_DIR: path.join(dataDir, "public"),
        PORT: String(port),
        HOST: "127.0.0.1",
        EMBEDDED_PG_PORT: String(pgPort),
        SANDBOX_PERFORMERS: "1000",
        HISTORY_DAYS: "1",
        POLL_INTERVAL: "2",
        LOG_LEVEL: "warn",
      },
      (text) => {
        stderr += text;
      },
    );
  }

  async function health(): Promise<{ status: number; body: Record<string, unknown> } | null> {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    } catch {
      return null;
    }
  }

  async function pollsBySource(): Promise<{
    simulated?: number;
    live?: number;
    simulatedGaps: number[];
    simulatedSpan: number;
    largestLaterGap: number | null;
  }> {
    const client = new pg.Client(`postgres://postgres:postgres@127.0.0.1:${pgPort}/camstats`);
    await client.connect();
    try {
      const { rows } = await client.query("SELECT source, COUNT(*)::int AS n FROM polls GROUP BY source");
      // Gaps between consecutive simulated polls, in seconds, after the first one.
      const gaps = await client.query(
        `SELECT ARRAY_AGG(DISTINCT gap ORDER BY gap) AS gaps, EXTRACT(EPOCH FROM MAX(observed_at) - MIN(observed_at))::int AS span
         FROM (SELECT observed_at, EXTRACT(EPOCH FROM observed_at - LAG(observed_at) OVER (ORDER BY observed_at))::int AS gap
               FROM polls WHERE source = 'simulated') g WHERE gap IS NOT NULL`,
      );
      // The largest gap after the first one (which may cross from an older, sparser tier).
      const later = await client.query(
        `SELECT MAX(gap) AS gap FROM (
           SELECT EXTRACT(EPOCH FROM observed_at - LAG(observed_at) OVER (ORDER BY observed_at))::int AS gap,
                  ROW_NUMBER() OVER (ORDER BY observed_at) AS n
           FROM polls WHERE source = 'simulated') g WHERE n > 2`,
      );
      return {
        ...Object.fromEntries(rows.map((r) => [r.source, r.n])),
        simulatedGaps: gaps.rows[0]?.gaps ?? [],
        simulatedSpan: gaps.rows[0]?.span ?? 0,
        largestLaterGap: later.rows[0]?.gap ?? null,
      };
    } finally {
      await client.end();
    }
  }

  /** How many about-me texts the bio fetcher has stored. */
  async function storedBios(): Promise<number> {
    const client = new pg.Client(`postgres://postgres:postgres@127.0.0.1:${pgPort}/camstats`);
    await client.connect();
    try {
      const { rows } = await client.query("SELECT COUNT(*)::int AS n FROM performer_bios");
      return rows[0].n;
    } finally {
      await client.end();
    }
  }

  /** The UTC day of the first poll (the history's oldest edge depends on the time of day). */
  async function firstPolledDay(): Promise<string> {
    const client = new pg.Client(`postgres://postgres:postgres@127.0.0.1:${pgPort}/camstats`);
    await client.connect();
    try {
      const { rows } = await client.query(
        "SELECT (MIN(observed_at) AT TIME ZONE 'UTC')::date::text AS day FROM polls",
      );
      return rows[0].day;
    } finally {
      await client.end();
    }
  }

  async function waitFor<T>(
    probe: () => Promise<T | null | undefined | false>,
    timeoutMs: number,
  ): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > until) throw new Error(`timed out; process said:\n${stderr}`);
      await sleep(200);
    }
  }

  it("starts with history, survives kill -9, reuses its data and stops cleanly", async () => {
    const first = start();
    const ready = await waitFor(async () => {
      const h = await health();
      return h?.status === 200 ? h : null;
    }, 120_000);
    expect(ready.body).toMatchObject({ status: "ok", database: { reachable: true } });
    const counts = ready.body.counts as Record<string, number>;
    // One day of history, through the collector: a poll every 5 minutes.
    expect(counts.polls).toBeGreaterThanOrEqual(280);
    expect(counts.performers).toBeGreaterThan(0);
    expect(counts.snapshots).toBeGreaterThan(counts.performers ?? 0);
    expect(counts.sessions).toBeGreaterThan(0);
    expect(typeof ready.body.lastCompletePollAt).toBe("string");
    // The pages render in the started process (React and its server renderer agree on their build).
    const about = await fetch(`http://127.0.0.1:${port}/about`);
    expect(about.status).toBe(200);
    expect(await about.text()).toContain("</html>");

    // The site's live-room proxy reads the platform the collector reads (here the sandbox).
    const rooms = await fetch(`http://127.0.0.1:${port}/api/online_rooms`);
    expect(rooms.status).toBe(200);
    const online = (await rooms.json()) as { count: number; results: unknown[] };
    expect(online.count).toBeGreaterThan(0);
    expect(online.results).toHaveLength(Math.min(90, online.count));

    // The bingo data file is there from the start, whether or not a day has closed yet.
    const bingo = await fetch(`http://127.0.0.1:${port}/api/bingo_data.json`);
    expect(bingo.status).toBe(200);
    const creator = await fetch(`http://127.0.0.1:${port}/bingo-card-creator`);
    expect(creator.status).toBe(200);

    // The daily job catches up in the background: every closed day the history polled gets its files.
    // (From about 23:20 to 00:20 UTC a one-day history has no closed day yet; tests/process/daily-job.test.ts
    // covers the job itself at any hour.)
    const closed = lastClosedDay(Date.now());
    const firstPolled = await firstPolledDay();
    if (firstPolled <= closed) {
      const manifest = await waitFor(async () => {
        const response = await fetch(`http://127.0.0.1:${port}/stats/manifest.json`);
        return response.ok ? response.json() : null;
      }, 60_000);
      const days = [firstPolled, closed].filter((d, i, all) => all.indexOf(d) === i);
      expect(manifest).toEqual({ latest: closed, days });
      const ranking = await fetch(`http://127.0.0.1:${port}/stats/${closed}/most-popular.json`);
      expect(ranking.status).toBe(200);
      expect(((await ranking.json()) as unknown[]).length).toBeGreaterThan(0);
    }

    const afterHistory = await waitFor(async () => {
      const bySource = await pollsBySource();
      return (bySource.live ?? 0) >= 1 ? bySource : null;
    }, 30_000);
    // Every 5 minutes over the whole day (its oldest edge may fall in the next, sparser tier).
    const newest = (HISTORY_TIERS[0]?.everyMinutes ?? 0) * 60;
    const next = (HISTORY_TIERS[1]?.everyMinutes ?? 0) * 60;
    const [newestGap, ...edgeGaps] = afterHistory.simulatedGaps;
    expect(newestGap).toBe(newest);
    expect(edgeGaps.every((gap) => gap > newest && gap <= next)).toBe(true);
    expect(edgeGaps.length).toBeLessThanOrEqual(1);
    expect(afterHistory.largestLaterGap).toBe(newest);
    expect(afterHistory.simulatedSpan).toBeGreaterThan(86_400 - 2 * next);
    // The bio fetcher runs once the collector is live (5 profiles a second by default).
    await waitFor(async () => (await storedBios()) >= 5, 30_000);

    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));

    const second = start();
    await waitFor(async () => (await health())?.status === 200, 60_000);
    const again = await waitFor(async () => {
      const bySource = await pollsBySource();
      return (bySource.live ?? 0) > (afterHistory.live ?? 0) ? bySource : null;
    }, 30_000);
    // The history is not built again; the live collector carries on.
    expect(again.simulated).toBe(afterHistory.simulated);

    second.kill("SIGTERM");
    const code = await new Promise((r) => second.once("exit", r));
    expect(code).toBe(0);
    // Its PostgreSQL stopped with it.
    await expect(pollsBySource()).rejects.toThrow();
  }, 240_000);

  it("stops cleanly when interrupted during the history build, and the next start resumes it", async () => {
    await rm(dataDir, { recursive: true, force: true });
    const first = start();
    // Interrupt once some simulated polls are committed, well before the day is built.
    await waitFor(async () => {
      try {
        return ((await pollsBySource()).simulated ?? 0) >= 20;
      } catch {
        return false;
      }
    }, 60_000);
    first.kill("SIGINT");
    expect(await new Promise((r) => first.once("exit", r))).toBe(0);
    await expect(pollsBySource()).rejects.toThrow();

    const second = start();
    await waitFor(async () => (await health())?.status === 200, 90_000);
    const resumed = await pollsBySource();
    // Resumed from the last poll: the same 5-minute grid, no gap, nothing twice (observed_at is unique).
    expect(resumed.largestLaterGap).toBe((HISTORY_TIERS[0]?.everyMinutes ?? 0) * 60);
    expect(resumed.simulatedSpan).toBeGreaterThan(86_400 - 2 * (HISTORY_TIERS[1]?.everyMinutes ?? 0) * 60);
    second.kill("SIGTERM");
    expect(await new Promise((r) => second.once("exit", r))).toBe(0);
  }, 240_000);

  it("stops at boot with the variable's name, what it expects and what it got", async () => {
    let output = "";
    const child = spawnMain({ PORT: "eighty", POLL_INTERVAL: "0" }, (text) => {
      output += text;
    });
    const code = await new Promise((r) => child.once("exit", r));
    expect(code).toBe(1);
    expect(output).toContain('PORT: expected a port number; got "eighty"');
    expect(output).toContain('POLL_INTERVAL: expected a whole number of at least 1; got "0"');
  }, 30_000);

  it("refuses to start accounts beside the real platform without SMTP_URL", async () => {
    let output = "";
    const child = spawnMain({ PLATFORM_FEED_URL: "http://127.0.0.1:9/", AFFILIATE_WM: "abc" }, (text) => {
      output += text;
    });
    const code = await new Promise((r) => child.once("exit", r));
    expect(code).toBe(1);
    expect(output).toContain(
      "SMTP_URL: expected the SMTP server that sends account mail (sign-up confirmations, password resets) whenever PLATFORM_FEED_URL is set",
    );
  }, 30_000);
});
