import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../src/db/embedded.ts";
import { createLogger } from "../../src/log.ts";
import { listMail } from "../../src/mail/mail-store.ts";
import { type MailSink, startMailSink } from "../../src/mail/sink.ts";
import { SANDBOX_CONTROL_PATH } from "../../src/platform/sandbox-site.ts";
import { onlineUsersPath } from "../../src/publish/paths.ts";
import { lastClosedDay } from "../../src/stats/ranking-day.ts";
import { s3Storage } from "../../src/storage/s3-storage.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { listeningPorts, spawnMain } from "../helpers/main-process.ts";
import { metricFamilies, metricSum, parseMetrics } from "../helpers/metrics-text.ts";
import { startS3Server } from "../helpers/s3-server.ts";

/**
 * A fleet as issue 32 draws it, as real processes: one PostgreSQL, one S3-compatible store (the
 * published files and the images), two workers and two web nodes on
 * their own ports and data directories. One worker leads and the other waits (decision 0052); the
 * web nodes answer alike, share accounts, lists and opt-outs through the database, and one killed
 * with SIGKILL loses nothing while the other keeps answering; the waiting worker takes over when
 * the leader stops.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const EMAIL = "fleet@example.com";
const PASSWORD = "orchid-lantern-42";

interface Node {
  name: string;
  env: Record<string, string>;
  port: number;
  metricsPort: number;
  child?: ChildProcess;
}

async function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

describe("two web nodes and two workers on one database and one store", () => {
  let t: TestDatabase;
  let root: string;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let sink: MailSink;
  let mailDir: string;
  let sandboxPort: number;
  const nodes: Node[] = [];
  let output = "";

  async function node(name: string, role: "web" | "worker", shared: Record<string, string>): Promise<Node> {
    const port = await freePort();
    const metricsPort = await freePort();
    const made: Node = {
      name,
      port,
      metricsPort,
      env: {
        ...shared,
        SITE_ROLE: role,
        DATA_DIR: path.join(root, name),
        // A node's own: every file it shares is in the bucket.
        PUBLISH_DIR: path.join(root, name, "public"),
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
      },
    };
    nodes.push(made);
    return made;
  }
  const start = (n: Node, extra: Record<string, string> = {}) => {
    n.child = spawnMain(
      { ...n.env, ...extra },
      (text) => {
        for (const line of text.split("\n")) if (line !== "") output += `[${n.name}] ${line}\n`;
      },
      { stdout: true },
    );
  };

  async function waitFor<T>(
    probe: () => Promise<T | null | undefined | false>,
    timeoutMs: number,
  ): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe().catch(() => null);
      if (value) return value;
      if (Date.now() > until) throw new Error(`timed out; the processes said:\n${output}`);
      await sleep(200);
    }
  }
  const get = (n: Node, pathname: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${n.port}${pathname}`, { headers, redirect: "manual" });
  const post = (n: Node, pathname: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${n.port}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const scrape = async (port: number) => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    return { text, samples: parseMetrics(text), families: metricFamilies(text) };
  };
  const leads = async (n: Node) => {
    const response = await fetch(`http://127.0.0.1:${n.metricsPort}/metrics`);
    return metricSum(parseMetrics(await response.text()), "camstats_worker_lead");
  };
  const livePolls = async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM polls WHERE source = 'live'`.execute(t.db))
      .rows[0]?.n ?? 0;
  const searchNames = async (n: Node, name: string) =>
    (
      (await (await get(n, `/api/model_search?searchTerm=${name}`)).json()) as { results: { name: string }[] }
    ).results.map((r) => r.name);

  let workerA: Node;
  let workerB: Node;
  let webA: Node;
  let webB: Node;

  beforeAll(async () => {
    t = await createTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), "camstats-fleet-"));
    s3 = await startS3Server();
    mailDir = path.join(root, "mail");
    sink = await startMailSink({ dir: mailDir, port: 0, log: createLogger("warn") });
    sandboxPort = await freePort();
    const { location } = s3;
    const shared = {
      DATABASE_URL: t.url,
      STORAGE_URL: `s3://${location.bucket}?endpoint=${encodeURIComponent(String(location.endpoint))}&region=${location.region}`,
      AWS_ACCESS_KEY_ID: location.accessKeyId,
      AWS_SECRET_ACCESS_KEY: location.secretAccessKey,
      SMTP_URL: sink.url,
      // The balancer's address: every node's tokens name it as their issuer.
      PUBLIC_URL: "http://localhost:3999",
      AUTH_SECRET: "f".repeat(48),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
    };
    const workerEnv = { ...shared, SANDBOX_PERFORMERS: "1000", HISTORY_DAYS: "1", POLL_INTERVAL: "2" };
    workerA = await node("worker-a", "worker", workerEnv);
    workerB = await node("worker-b", "worker", workerEnv);
    webA = await node("web-a", "web", { ...shared, WEB_PROCESSES: "1" });
    webB = await node("web-b", "web", { ...shared, WEB_PROCESSES: "1" });
    start(workerA, { SANDBOX_PORT: String(sandboxPort) });
    await waitFor(async () => (await leads(workerA)) === 1, 120_000);
    // The same sandbox port: the second worker's sandbox starts only once it leads, after the first's is gone.
    start(workerB, { SANDBOX_PORT: String(sandboxPort) });
    start(webA);
    start(webB);
  }, 240_000);

  afterAll(async () => {
    for (const n of nodes) {
      if (n.child && n.child.exitCode === null && n.child.signalCode === null) {
        n.child.kill("SIGTERM");
        await exitOf(n.child);
      }
    }
    await sink?.close();
    await s3?.stop();
    await t?.drop();
    await rm(root, { recursive: true, force: true });
  });

  it("one worker leads and the other waits; both web nodes answer alike", async () => {
    await waitFor(async () => (await leads(workerB)) === 0, 90_000);
    // Its gauge reads 0 from its start; the line follows its first try for the lock, through a pipe.
    await expect
      .poll(() => output, { timeout: 10_000 })
      .toMatch(/\[worker-b\].*another worker leads this fleet: this one waits/);
    await waitFor(async () => (await livePolls()) >= 2, 180_000);
    for (const web of [webA, webB]) await waitFor(async () => (await get(web, "/api/health")).ok, 120_000);

    // Only the leader built the history and ran the daily job.
    expect(output).toMatch(/\[worker-a\].*sandbox history/);
    expect(output).toMatch(/\[worker-a\].*daily rollup and publish: catching up/);
    expect(output).not.toMatch(/\[worker-b\].*(sandbox history|daily rollup|collector polling)/);

    // The same published files, search answers and pages from both nodes.
    // The online users' file changes with every poll: equal once both read the same edition.
    for (const file of [onlineUsersPath("cs"), "/stats/manifest.json"]) {
      await waitFor(async () => {
        const [a, b] = await Promise.all([get(webA, file), get(webB, file)]);
        if (a.status !== b.status) return false;
        return !a.ok || (await a.text()) === (await b.text());
      }, 20_000);
    }
    const { rows } = await sql<{ username: string }>`
      SELECT username FROM performers ORDER BY followers DESC NULLS LAST, username LIMIT 1`.execute(t.db);
    const top = rows[0]?.username as string;
    // Each node's index follows the polls on its own (a new one looked for every 5 s, a poll every
    // 2 s here), so their live figures seldom match at one instant; who matches a search does: the
    // same performers, in name order, from both.
    const term = encodeURIComponent(top);
    const matching = async (n: Node) =>
      (await (await get(n, `/api/model_search?searchTerm=${term}&orderBy=name&sortOrder=asc`)).json()) as {
        resultCount: number;
        results: { name: string }[];
      };
    const [onA, onB] = await Promise.all([matching(webA), matching(webB)]);
    expect(onA.results.map((r) => r.name)).toContain(top);
    expect(onB.results.map((r) => r.name)).toEqual(onA.results.map((r) => r.name));
    expect(onB.resultCount).toBe(onA.resultCount);
    for (const n of [webA, webB]) {
      const page = await get(n, `/${top}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(top);
    }
  }, 420_000);

  it("the leader collects and publishes; a web node serves it; each shows its own metrics", async () => {
    // The worker answers its health on the metrics port while it builds the history.
    const health = await waitFor(async () => {
      const response = await fetch(`http://127.0.0.1:${workerA.metricsPort}/health`);
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
      await waitFor(async () => (await get(webA, "/stats/manifest.json")).ok, 90_000);
    }

    // The web node: pages, API and files, from the same database and directory.
    const apiHealth = await waitFor(async () => {
      const response = await get(webA, "/api/health");
      return response.ok ? ((await response.json()) as { counts: { polls: number } }) : null;
    }, 60_000);
    expect(apiHealth.counts.polls).toBeGreaterThan(280);
    if (hasClosedDay) {
      const manifest = await get(webA, "/stats/manifest.json");
      expect(await manifest.text()).toBe(
        (await s3Storage({ ...s3.location, prefix: "public/" }).get("stats/manifest.json"))?.bytes.toString(
          "utf8",
        ),
      );
      const ranking = await get(webA, `/stats/${closed}/most-popular.json`);
      expect(ranking.status).toBe(200);
      const first = ((await ranking.json()) as { username?: string; u?: string }[])[0];
      expect(first).toBeDefined();
      const page = await get(webA, "/top/viewers");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("</html>");
    }
    const about = await get(webA, "/about");
    expect(about.status).toBe(200);
    expect((await get(webA, "/no-such-page-at-all/x")).status).toBe(404);
    const { rows: performers } = await sql<{ username: string }>`
      SELECT username FROM performers ORDER BY followers DESC NULLS LAST LIMIT 1`.execute(t.db);
    const name = performers[0]?.username ?? "";
    const search = await waitFor(async () => {
      const response = await get(webA, `/api/model_search?searchTerm=${encodeURIComponent(name)}`);
      return response.ok ? ((await response.json()) as { resultCount: number; results: unknown[] }) : null;
    }, 30_000);
    expect(search.resultCount).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(search.results)).toContain(name);
    expect((await get(webA, `/${name}`)).status).toBe(200);

    // The worker listens on no public port, and the metrics are never on the site's port.
    const workerPorts = await listeningPorts(workerA.child?.pid ?? 0);
    expect(workerPorts).toContain(workerA.metricsPort);
    expect(workerPorts).not.toContain(workerA.port);
    expect((await get(webA, "/metrics")).status).toBe(404);

    // The web node's metrics: requests by family and status, their latency, the page cache, the
    // search index, the pools; and no poll or daily step, which it does not run.
    const webMetrics = await scrape(webA.metricsPort);
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
      const { samples } = await scrape(workerA.metricsPort);
      return (metricSum(samples, "camstats_bio_requests_total", { outcome: "stored" }) ?? 0) > 0;
    }, 90_000);
    const workerMetrics = await scrape(workerA.metricsPort);
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

  it("an account made on one node works on the other, token and refresh cookie", async () => {
    expect((await post(webA, "/v1/auth/sign-up", { email: EMAIL, password: PASSWORD })).status).toBe(202);
    const mail = await waitFor(async () => (await listMail(mailDir, { to: EMAIL, limit: 1 }))[0], 30_000);
    const link = new URL(mail.links[0] as string);
    expect((await get(webB, `${link.pathname}${link.search}`)).status).toBe(303);
    const signIn = await post(webA, "/v1/auth/sign-in", { email: EMAIL, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect(cookie).toMatch(/^cs_refresh=./);

    const onB = await get(webB, "/v1/account", { authorization: `Bearer ${token}` });
    expect(onB.status).toBe(200);
    expect(JSON.stringify(await onB.json())).toContain(EMAIL);
    const refreshed = await post(webB, "/v1/auth/refresh", {}, { cookie });
    expect(refreshed.status).toBe(200);
    const { token: newToken } = (await refreshed.json()) as { token: string };
    expect((await get(webA, "/v1/user_info", { authorization: `Bearer ${newToken}` })).status).toBe(200);

    // A list made on B is on A at once.
    const created = await post(
      webB,
      "/v1/list_create",
      { name: "Made on B" },
      { authorization: `Bearer ${token}` },
    );
    expect(created.status).toBe(201);
    const { listId } = (await created.json()) as { listId: string };
    const owned = await get(webA, "/v1/owned_lists", { authorization: `Bearer ${token}` });
    expect(owned.status).toBe(200);
    expect(JSON.stringify(await owned.json())).toContain(listId);
  }, 120_000);

  it("an opt-out made through one node is gone from the other's search, pages and sitemap within 2 s", async () => {
    const { rows } = await sql<{ username: string }>`
      SELECT p.username FROM performers p
      WHERE p.last_seen > now() - interval '10 minutes'
      ORDER BY p.followers DESC NULLS LAST, p.username LIMIT 1`.execute(t.db);
    const x = rows[0]?.username as string;
    expect(await searchNames(webB, x)).toEqual([x]);
    const asked = await post(webA, "/v1/optout", { performer: x });
    expect(asked.status).toBe(202);
    const { code } = (await asked.json()) as { code: string };
    expect(code).toMatch(/^CS-OUT-/);
    // The performer puts the code in the room subject; the leading worker's next poll sees it.
    const set = await fetch(`http://127.0.0.1:${sandboxPort}${SANDBOX_CONTROL_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ performer: x, roomSubject: `bye ${code}`, online: true }),
    });
    expect(set.status).toBe(200);
    const confirmedAt = await waitFor(async () => {
      const found = await sql<{ at: Date | null }>`
        SELECT confirmed_at AS at FROM optouts WHERE username = ${x}`.execute(t.db);
      return found.rows[0]?.at ?? null;
    }, 30_000);
    const seenAt = Date.now();
    expect(seenAt - confirmedAt.getTime()).toBeLessThan(5_000);
    await waitFor(async () => (await searchNames(webB, x)).length === 0, 2_000);
    expect((await get(webB, `/api/streamers?modelName=${x}`)).status).toBe(404);
    await waitFor(
      async () => !(await (await get(webB, "/sitemap-performers-1.xml")).text()).includes(`/${x}</loc>`),
      2_000,
    );
    expect(await searchNames(webA, x)).toEqual([]);
  }, 120_000);

  it("a web node killed with SIGKILL loses nothing; the other keeps answering", async () => {
    const signIn = await post(webB, "/v1/auth/sign-in", { email: EMAIL, password: PASSWORD });
    const { token } = (await signIn.json()) as { token: string };
    const created = await post(
      webA,
      "/v1/list_create",
      { name: "Made on A" },
      { authorization: `Bearer ${token}` },
    );
    expect(created.status).toBe(201);
    const { listId } = (await created.json()) as { listId: string };

    let answered = 0;
    let failed = 0;
    let running = true;
    const steady = (async () => {
      while (running) {
        const response = await get(webB, "/api/health").catch(() => null);
        if (response?.ok) answered++;
        else failed++;
        await sleep(20);
      }
    })();
    await sleep(300);
    webA.child?.kill("SIGKILL");
    await exitOf(webA.child as ChildProcess);
    await sleep(1000);
    running = false;
    await steady;
    expect(failed).toBe(0);
    expect(answered).toBeGreaterThan(10);
    const owned = await get(webB, "/v1/owned_lists", { authorization: `Bearer ${token}` });
    expect(JSON.stringify(await owned.json())).toContain(listId);
  }, 60_000);

  it("the waiting worker takes over when the leader stops", async () => {
    workerA.child?.kill("SIGTERM");
    expect(await exitOf(workerA.child as ChildProcess)).toBe(0);
    await waitFor(async () => (await leads(workerB)) === 1, 30_000);
    const before = await livePolls();
    await waitFor(async () => (await livePolls()) >= before + 2, 60_000);
    expect(output).toMatch(/\[worker-b\].*the worker that led has stopped: this one leads now/);
  }, 120_000);

  it("the rest stop cleanly on SIGTERM", async () => {
    for (const n of [webB, workerB]) n.child?.kill("SIGTERM");
    expect(await exitOf(webB.child as ChildProcess)).toBe(0);
    expect(await exitOf(workerB.child as ChildProcess)).toBe(0);
  }, 60_000);
});
