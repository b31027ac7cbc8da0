import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../src/db/embedded.ts";
import { spawnMain } from "../helpers/main-process.ts";

/**
 * `npm start` on a fresh DATA_DIR with no Google client and the sandbox as the data source: the
 * sandbox's stand-in for Google runs, its client reaches the server process (WEB_PROCESSES=1), and
 * the Google button's whole flow works over real HTTP; Ctrl-C (SIGTERM) stops the stand-in too
 * (decision 0019).
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The Cookie header's part of each cookie a response set (cleared ones left out). */
const cookiesOf = (response: Response): string[] =>
  response.headers
    .getSetCookie()
    .filter((cookie) => !/Max-Age=0/i.test(cookie))
    .map((cookie) => cookie.split(";")[0] as string);

describe("npm start's Google sign-in with the sandbox", () => {
  let dataDir: string;
  let port: number;
  let standInPort: number;
  let output = "";
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "camstats-google-"));
    port = await freePort();
    standInPort = await freePort();
  });
  afterAll(async () => {
    if (child?.exitCode === null) {
      child.kill("SIGKILL");
      await new Promise((r) => child?.once("exit", r));
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  const site = (pathAndQuery: string) => `http://127.0.0.1:${port}${pathAndQuery}`;

  async function waitFor<T>(
    probe: () => Promise<T | null | undefined | false>,
    timeoutMs: number,
  ): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe().catch(() => null);
      if (value) return value;
      if (Date.now() > until) throw new Error(`timed out; process said:\n${output}`);
      await sleep(200);
    }
  }

  it("runs the stand-in, signs a new person in through it, and stops it on SIGTERM", async () => {
    child = spawnMain(
      {
        DATA_DIR: dataDir,
        PUBLISH_DIR: path.join(dataDir, "public"),
        PORT: String(port),
        HOST: "127.0.0.1",
        EMBEDDED_PG_PORT: String(await freePort()),
        GOOGLE_STAND_IN_PORT: String(standInPort),
        SANDBOX_PERFORMERS: "200",
        HISTORY_DAYS: "0",
        COLLECT: "false",
        WEB_PROCESSES: "1",
        LOG_LEVEL: "warn",
      },
      (text) => {
        output += text;
      },
    );
    await waitFor(async () => (await fetch(site("/api/health"))).status === 200, 120_000);

    const start = await fetch(site("/v1/auth/google/start"), { redirect: "manual" });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location") as string);
    expect(authorize.origin).toBe(`http://127.0.0.1:${standInPort}`);
    expect(authorize.pathname).toBe("/authorize");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("redirect_uri")).toBe(
      `http://localhost:${port}/v1/auth/callback/google`,
    );

    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("sandbox stand-in for Google");

    // The page's form, then the stand-in's redirect back to the site with a code.
    const chosen = await fetch(new URL("/authorize", authorize), {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({
        authorize: authorize.searchParams.toString(),
        email: "nia@example.com",
        verified: "yes",
        action: "sign-in",
      }),
    });
    const granted = await fetch(new URL(chosen.headers.get("location") as string, authorize), {
      redirect: "manual",
    });
    const back = new URL(granted.headers.get("location") as string);
    expect(back.pathname).toBe("/v1/auth/callback/google");
    const callback = await fetch(site(`${back.pathname}${back.search}`), {
      redirect: "manual",
      headers: { cookie: cookiesOf(start).join("; ") },
    });
    expect(callback.status).toBe(302);
    const finish = await fetch(site("/v1/auth/google/finish"), {
      redirect: "manual",
      headers: { cookie: cookiesOf(callback).join("; ") },
    });
    expect(finish.status).toBe(303);
    expect(finish.headers.get("location")).toBe("/settings?signin=google");
    const refresh = await fetch(site("/v1/auth/refresh"), {
      method: "POST",
      headers: { cookie: cookiesOf(finish).join("; ") },
    });
    expect(refresh.status).toBe(200);
    const { token } = (await refresh.json()) as { token: string };
    const info = await fetch(site("/v1/user_info"), { headers: { authorization: `Bearer ${token}` } });
    expect(info.status).toBe(200);

    child.kill("SIGTERM");
    const code = await new Promise((r) => child?.once("exit", r));
    expect(code).toBe(0);
    await expect(fetch(`http://127.0.0.1:${standInPort}/.well-known/openid-configuration`)).rejects.toThrow();
  });
});
