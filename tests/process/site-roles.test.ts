import type { ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../src/db/embedded.ts";
import { lastClosedDay } from "../../src/stats/ranking-day.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { spawnMain } from "../helpers/main-process.ts";
import { metricFamilies, metricSum, parseMetrics } from "../helpers/metrics-text.ts";

/**
 * SITE_ROLE (decision 0037) as real processes over one PostgreSQL and one publish directory: a
 * worker that builds the sandbox's history, collects and publishes, listening only for its
 * metrics and health; a web node that serves the pages, the API and the files from what the
 * worker wrote, running no collector or job of its own; both scraped. And the roles' boot errors.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether something accepts connections on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

describe("a web node and a worker on one database", () => {
  let t: TestDatabase;
  let dataDir: string;
  const ports = { web: 0, webMetrics: 0, worker: 0, workerMetrics: 0 };
  let worker: ChildProcess;
  let web: ChildProcess;
  let output = "";

  beforeAll(async () => {
    t = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), "camstats-roles-"));
    for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort();
    const shared = {
      DATABASE_URL: t.url,
      DATA_DIR: dataDir,
      PUBLISH_DIR: path.join(dataDir, "public"),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
    };
    const say = (who: string) => (text: string) => {
      output += `[${who}] ${text}`;
    };
    worker = spawnMain(
      {
        ...shared,
        SITE_ROLE: "worker",
        // Given, to show that the worker does not listen on it.
        PORT: String(ports.worker),
        METRICS_PORT: String(ports.workerMetrics),
        SANDBOX_PERFORMERS: "1000",
        HISTORY_DAYS: "1",
        POLL_INTERVAL: "2",
      },
      say("worker"),
    );
    web = spawnMain(
      {
        ...shared,
        SITE_ROLE: "web",
        PORT: String(ports.web),
        METRICS_PORT: String(ports.webMetrics),
        // One server process: the node's metrics are still its main process's and its server's merged.
        WEB_PROCESSES: "1",
      },
      say("web"),
    );
  });

  afterAll(async () => {
    for (const child of [web, worker]) {
      if (child && child.exitCode === null) {
        child.kill("SIGTERM");
        await exitOf(child);
      }
    }
    await t?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function waitFor<T>(
    probe: () => Promise<T | null | undefined | false>,
    timeoutMs: number,
  ): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe().catch(() => null);
      if (value) return value;
      if (Date.now() > until) throw new Error(`timed out; the processes said:\n${output}`);
      await sleep(250);
    }
  }

  const get = (port: number, pathname: string) => fetch(`http://127.0.0.1:${port}${pathname}`);
  const scrape = async (port: number) => {
    const response = await get(port, "/metrics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    return { text, samples: parseMetrics(text), families: metricFamilies(text) };
  };
  const livePolls = async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM polls WHERE source = 'live'`.execute(t.db))
      .rows[0]?.n ?? 0;

  it("the worker collects and publishes; the web node serves it; each shows its own metrics", async () => {
    // The worker answers its health on the metrics port while it builds the history.
    const health = await waitFor(async () => {
      const response = await get(ports.workerMetrics, "/health");
      return response.ok ? response.json() : null;
    }, 60_000);
    expect(health).toEqual({ status: "ok", role: "worker", database: { reachable: true } });

    // It collects live once the history is built.
    await waitFor(async () => (await livePolls()) >= 2, 150_000);
    // It publishes: the daily job's files (when the one-day history holds a closed day), and at
    // every poll the online users.
    const closed = lastClosedDay(Date.now());
    const { rows } = await sql<{ day: string }>`
      SELECT (min(observed_at) AT TIME ZONE 'UTC')::date::text AS day FROM polls`.execute(t.db);
    const hasClosedDay = (rows[0]?.day ?? closed) <= closed;
    if (hasClosedDay) {
      await waitFor(async () => (await get(ports.web, "/stats/manifest.json")).ok, 90_000);
    }

    // The web node: pages, API and files, from the same database and directory.
    const apiHealth = await waitFor(async () => {
      const response = await get(ports.web, "/api/health");
      return response.ok ? ((await response.json()) as { counts: { polls: number } }) : null;
    }, 60_000);
    expect(apiHealth.counts.polls).toBeGreaterThan(280);
    if (hasClosedDay) {
      const manifest = await get(ports.web, "/stats/manifest.json");
      expect(await manifest.text()).toBe(
        await readFile(path.join(dataDir, "public", "stats", "manifest.json"), "utf8"),
      );
      const ranking = await get(ports.web, `/stats/${closed}/most-popular.json`);
      expect(ranking.status).toBe(200);
      const first = ((await ranking.json()) as { username?: string; u?: string }[])[0];
      expect(first).toBeDefined();
      const page = await get(ports.web, "/top/viewers");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("</html>");
    }
    const about = await get(ports.web, "/about");
    expect(about.status).toBe(200);
    expect((await get(ports.web, "/no-such-page-at-all/x")).status).toBe(404);
    const { rows: performers } = await sql<{ username: string }>`
      SELECT username FROM performers ORDER BY followers DESC NULLS LAST LIMIT 1`.execute(t.db);
    const name = performers[0]?.username ?? "";
    const search = await waitFor(async () => {
      const response = await get(ports.web, `/api/model_search?searchTerm=${encodeURIComponent(name)}`);
      return response.ok ? ((await response.json()) as { resultCount: number; results: unknown[] }) : null;
    }, 30_000);
    expect(search.resultCount).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(search.results)).toContain(name);
    expect((await get(ports.web, `/${name}`)).status).toBe(200);

    // The worker listens on no public port, and the metrics are never on the site's port.
    expect(await accepts(ports.worker)).toBe(false);
    expect((await get(ports.web, "/metrics")).status).toBe(404);

    // The web node's metrics: requests by family and status, their latency, the page cache, the
    // search index, the pools; and no poll or daily step, which it does not run.
    const webMetrics = await scrape(ports.webMetrics);
    const s = webMetrics.samples;
    expect(
      metricSum(s, "camstats_http_requests_total", { family: "page", status: "200" }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      metricSum(s, "camstats_http_requests_total", { family: "page", status: "404" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      metricSum(s, "camstats_http_requests_total", { family: "api", status: "200" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      metricSum(s, "camstats_http_requests_total", { family: "health", status: "200" }),
    ).toBeGreaterThanOrEqual(1);
    const pageCount = metricSum(s, "camstats_http_request_duration_seconds_count", { family: "page" }) ?? 0;
    expect(pageCount).toBeGreaterThanOrEqual(3);
    // Every page answered within the histogram's top bucket, and took some time.
    expect(
      metricSum(s, "camstats_http_request_duration_seconds_bucket", { family: "page", le: "+Inf" }),
    ).toBe(pageCount);
    expect(metricSum(s, "camstats_http_request_duration_seconds_sum", { family: "page" })).toBeGreaterThan(0);
    expect(metricSum(s, "camstats_page_cache_requests_total")).toBeGreaterThanOrEqual(3);
    expect(metricSum(s, "camstats_page_cache_requests_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
    // The sandbox's 1,000 performers, of whom a day's polls saw a few hundred.
    expect(metricSum(s, "camstats_search_index_performers")).toBeGreaterThan(100);
    const indexAge = metricSum(s, "camstats_search_index_age_seconds") ?? -1;
    expect(indexAge).toBeGreaterThanOrEqual(0);
    expect(indexAge).toBeLessThan(600);
    expect(metricSum(s, "camstats_db_pool_max", { pool: "web" })).toBe(10);
    expect(metricSum(s, "camstats_db_pool_max", { pool: "main" })).toBe(10);
    expect(metricSum(s, "camstats_db_pool_connections", { pool: "web" })).not.toBeNull();
    expect(metricSum(s, "camstats_db_pool_waiting", { pool: "web" })).toBe(0);
    expect(metricSum(s, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(webMetrics.families.has("camstats_polls_total")).toBe(false);
    expect(webMetrics.families.has("camstats_daily_step_duration_seconds")).toBe(false);

    // The worker's: each poll's rooms, duration and errors, the daily steps, the fetchers, the
    // pool; no requests, since it serves none.
    await waitFor(async () => {
      const { samples } = await scrape(ports.workerMetrics);
      return (metricSum(samples, "camstats_bio_requests_total", { outcome: "stored" }) ?? 0) > 0;
    }, 90_000);
    const workerMetrics = await scrape(ports.workerMetrics);
    const w = workerMetrics.samples;
    expect(metricSum(w, "camstats_polls_total", { status: "complete" })).toBeGreaterThanOrEqual(1);
    expect(metricSum(w, "camstats_polls_total", { status: "error" })).toBe(0);
    // The sandbox at 1,000 performers has a few dozen rooms online at a time; how many varies by hour.
    expect(metricSum(w, "camstats_poll_rooms")).toBeGreaterThan(0);
    expect(metricSum(w, "camstats_poll_duration_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(metricSum(w, "camstats_poll_feed_errors_total")).toBe(0);
    const lastStored = metricSum(w, "camstats_poll_last_stored_timestamp_seconds") ?? 0;
    expect(Math.abs(Date.now() / 1000 - lastStored)).toBeLessThan(120);
    if (hasClosedDay) {
      expect(
        metricSum(w, "camstats_daily_step_duration_seconds_count", { step: "performer_days" }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        metricSum(w, "camstats_daily_step_duration_seconds_count", { step: "daily viewer rankings" }),
      ).toBeGreaterThanOrEqual(1);
    }
    expect(metricSum(w, "camstats_daily_job_failures_total")).toBe(0);
    expect(metricSum(w, "camstats_bio_requests_total", { outcome: "failed" })).toBe(0);
    expect(metricSum(w, "camstats_bio_queue")).toBeGreaterThan(0);
    expect(metricSum(w, "camstats_thumb_queue")).toBeGreaterThanOrEqual(0);
    expect(metricSum(w, "camstats_db_pool_max", { pool: "main" })).toBe(10);
    expect(workerMetrics.families.has("camstats_http_requests_total")).toBe(false);
    expect(workerMetrics.families.has("camstats_search_index_performers")).toBe(false);
  }, 360_000);

  it("both stop cleanly on SIGTERM", async () => {
    for (const child of [web, worker]) child.kill("SIGTERM");
    expect(await exitOf(web)).toBe(0);
    expect(await exitOf(worker)).toBe(0);
  }, 60_000);
});

describe("a role's boot errors", () => {
  async function bootError(env: Record<string, string>): Promise<string> {
    let output = "";
    const child = spawnMain(env, (text) => {
      output += text;
    });
    expect(await exitOf(child)).toBe(1);
    return output;
  }

  it("names a role that does not exist", async () => {
    expect(await bootError({ SITE_ROLE: "cluster" })).toContain(
      'SITE_ROLE: expected all (the whole site), web (pages, API and published files) or worker (collector, daily job, bios, thumbnails, alerts, mail); got "cluster"',
    );
  }, 90_000);

  it.each(["web", "worker"])(
    "wants DATABASE_URL for SITE_ROLE=%s, and says what else a fleet needs",
    async (role) => {
      const output = await bootError({ SITE_ROLE: role });
      expect(output).toContain(
        `DATABASE_URL: expected the fleet's PostgreSQL URL whenever SITE_ROLE is ${role}: every node of a fleet shares one PostgreSQL (a web node or the worker never starts the embedded one), one store for files (an s3:// STORAGE_URL, or PUBLISH_DIR and DATA_DIR on storage every node sees), and AUTH_SECRET set alike on every node or unset on all (then the database keeps one); got nothing (not set)`,
      );
    },
    90_000,
  );
});
