import { type ChildProcess, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../src/db/embedded.ts";
import { WEB_PROCESS_V8_FLAGS } from "../../src/start/web-processes.ts";
import { accepts, spawnMain } from "../helpers/main-process.ts";
import { metricSum, parseMetrics } from "../helpers/metrics-text.ts";

/**
 * `npm start` with WEB_PROCESSES=2 as a real process: two server processes on one port, one rate
 * limit for both, the mail sink's messages in both, a crashed one replaced, and all of them (and
 * the sink) stopped with the main process.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server processes the main process forked (src/web-process.ts), by pid. */
function serverProcesses(mainPid: number): number[] {
  let out = "";
  try {
    out = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(mainPid)], { encoding: "utf8" });
  } catch {
    return []; // ps exits 1 when there are none
  }
  return out
    .split("\n")
    .filter((line) => line.includes("web-process.ts"))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** A GET on a connection of its own, so that each may reach another server process. */
function get(port: number, pathname: string): Promise<number> {
  return getBody(port, pathname).then(({ status }) => status);
}

function getBody(port: number, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname, agent: false }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

describe("the site served by several processes", () => {
  let dataDir: string;
  let port: number;
  let metricsPort: number;
  let child: ChildProcess;
  let output = "";

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "camstats-web-"));
    port = await freePort();
    metricsPort = await freePort();
    child = spawnMain(
      {
        DATA_DIR: dataDir,
        PUBLISH_DIR: path.join(dataDir, "public"),
        PORT: String(port),
        HOST: "127.0.0.1",
        SANDBOX_PERFORMERS: "200",
        HISTORY_DAYS: "0",
        COLLECT: "false",
        WEB_PROCESSES: "2",
        API_RATE_LIMIT_PER_MINUTE: "6",
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: "info",
      },
      (text) => {
        output += text;
      },
      { stdout: true },
    );
    const until = Date.now() + 90_000;
    while (!output.includes("site listening")) {
      if (Date.now() > until || child.exitCode !== null)
        throw new Error(`no start; the process said:\n${output}`);
      await sleep(200);
    }
  }, 120_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it("listens with two server processes sharing one rate limit", async () => {
    expect(output).toContain(`site listening on http://127.0.0.1:${port} (2 server processes)`);
    expect(serverProcesses(child.pid as number)).toHaveLength(2);
    // Each runs with the server processes' V8 flags (no memory reducer).
    for (const pid of serverProcesses(child.pid as number)) {
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      for (const flag of WEB_PROCESS_V8_FLAGS) expect(args).toContain(flag);
    }
    // Eight requests on eight connections, handed out in turn to the two processes: six pass.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await get(port, "/api/geoip"));
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  }, 30_000);

  it("shows the live rooms in both server processes, from the main process's one proxy", async () => {
    // Two connections, one to each process: each page is drawn from what the main process asked.
    const pages = [await getBody(port, "/female-cams"), await getBody(port, "/female-cams")];
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.body).toContain('<li class="room-card">');
    }
    // One copy for both: the same rooms in the same order.
    const names = (body: string) =>
      [...body.matchAll(/class="room-card__page-link" href="\/([^"]+)"/g)].map((m) => m[1]);
    expect(names(pages[0]?.body ?? "").length).toBeGreaterThan(0);
    expect(names(pages[1]?.body ?? "")).toEqual(names(pages[0]?.body ?? ""));
  }, 30_000);

  it("serves the metrics of its server processes summed with its own, apart from the site's port", async () => {
    // The eight requests above went to both processes in turn; the main process counts none.
    const scraped = await getBody(metricsPort, "/metrics");
    expect(scraped.status).toBe(200);
    const samples = parseMetrics(scraped.body);
    expect(metricSum(samples, "camstats_http_requests_total", { family: "api", status: "200" })).toBe(6);
    expect(metricSum(samples, "camstats_http_requests_total", { family: "api", status: "429" })).toBe(2);
    expect(metricSum(samples, "camstats_http_request_duration_seconds_count", { family: "api" })).toBe(8);
    // Each server process's pool and the main process's, by name.
    expect(metricSum(samples, "camstats_db_pool_max", { pool: "web" })).toBe(20);
    expect(metricSum(samples, "camstats_db_pool_max", { pool: "main" })).toBe(10);
    expect(JSON.parse((await getBody(metricsPort, "/health")).body)).toEqual({
      status: "ok",
      role: "all",
      database: { reachable: true },
    });
    expect(await get(port, "/metrics")).toBe(404);
  }, 30_000);

  let sinkPort = 0;

  it("runs the mail sink without SMTP_URL, and every server process shows its mail", async () => {
    const sinkUrl = /the local sink at (smtp:\/\/127\.0\.0\.1:(\d+))/.exec(output);
    expect(sinkUrl, output).not.toBeNull();
    sinkPort = Number(sinkUrl?.[2]);
    const transport = nodemailer.createTransport({ url: sinkUrl?.[1] });
    await transport.sendMail({
      from: "camstats <no-reply@localhost>",
      to: "Dev@Example.com",
      subject: "Seen by both",
      text: "Confirm: http://127.0.0.1/verify?token=1",
    });
    transport.close();
    // Four connections, handed out in turn: each process reads the sink's files. The envelope's
    // address is kept as sent (the domain lowercased by the SMTP server); the filter ignores case.
    for (let i = 0; i < 4; i++) {
      const { status, body } = await getBody(port, "/dev/mail.json?to=dev@example.com");
      expect(status).toBe(200);
      expect(JSON.parse(body)).toMatchObject([
        { to: ["Dev@example.com"], subject: "Seen by both", links: ["http://127.0.0.1/verify?token=1"] },
      ]);
    }
    expect(output).toContain("mail to Dev@example.com: Seen by both http://127.0.0.1/verify?token=1");
  }, 30_000);

  it("replaces a server process that dies, and stops them all with the main process", async () => {
    const [victim, survivor] = serverProcesses(child.pid as number) as [number, number];
    process.kill(victim, "SIGKILL");
    const until = Date.now() + 30_000;
    let now = serverProcesses(child.pid as number);
    while (!(now.length === 2 && !now.includes(victim))) {
      if (Date.now() > until) throw new Error(`no replacement; the process said:\n${output}`);
      await sleep(200);
      now = serverProcesses(child.pid as number);
    }
    expect(now).toContain(survivor);
    expect(output).toContain("a server process exited (SIGKILL); starting another");
    // The site answers (a page, not only the API).
    expect(await get(port, "/about")).toBeLessThan(500);

    const pids = serverProcesses(child.pid as number);
    child.kill("SIGTERM");
    expect(await new Promise((r) => child.once("exit", r))).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect(sinkPort).toBeGreaterThan(0);
    expect(await accepts(sinkPort)).toBe(false);
  }, 60_000);
});
