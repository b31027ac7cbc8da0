import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../src/db/embedded.ts";
import { spawnMain } from "../helpers/main-process.ts";

/**
 * `npm run backup` of a running site with an account, a list with an uploaded-free performer and
 * a claim, `npm run restore` of it into a fresh DATA_DIR, and a site started on that: the same
 * person signs in with the same password, the token the first site issued still works (the
 * identity secret came along), the list and the claim are there, and so are the history's rows,
 * the published files and the snapshot partitions (decision 0046).
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const EMAIL = "keeper@example.com";
const PASSWORD = "orchid-lantern-42";

interface Site {
  dataDir: string;
  port: number;
  pgPort: number;
  env: Record<string, string>;
  child?: ChildProcess;
  output: string;
}

async function newSite(root: string, name: string, publicUrl?: string): Promise<Site> {
  const dataDir = path.join(root, name);
  const port = await freePort();
  const pgPort = await freePort();
  return {
    dataDir,
    port,
    pgPort,
    output: "",
    env: {
      DATA_DIR: dataDir,
      PUBLISH_DIR: path.join(dataDir, "public"),
      // One public address for both: it is the identity tokens' issuer, as for a site moved to new
      // hardware. A loopback one, so that the development tools (the mail sink) stay on.
      PUBLIC_URL: publicUrl ?? `http://localhost:${port}`,
      PORT: String(port),
      HOST: "127.0.0.1",
      EMBEDDED_PG_PORT: String(pgPort),
      SANDBOX_PERFORMERS: "300",
      HISTORY_DAYS: "1",
      POLL_INTERVAL: "2",
      WEB_PROCESSES: "1",
      LOG_LEVEL: "warn",
    },
  };
}

async function waitFor<T>(
  site: Site,
  probe: () => Promise<T | null | undefined | false>,
  ms: number,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > until || site.child?.exitCode != null)
      throw new Error(`timed out; the site said:\n${site.output}`);
    await sleep(250);
  }
}

async function startSite(site: Site): Promise<void> {
  site.child = spawnMain(site.env, (text) => {
    site.output += text;
  });
  await waitFor(
    site,
    async () => (await fetch(`http://127.0.0.1:${site.port}/api/health`)).status === 200,
    180_000,
  );
}

async function stopSite(site: Site): Promise<void> {
  const child = site.child;
  if (!child || child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

/** `npm run backup`/`restore`'s entry as a process with the site's environment; its exit code and output. */
async function runTool(
  entry: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", entry, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr.on("data", (chunk) => {
    output += String(chunk);
  });
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  return { code, output };
}

async function call(site: Site, method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(`http://127.0.0.1:${site.port}${url}`, {
    method,
    redirect: "manual",
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text), text };
}

async function query<T extends pg.QueryResultRow>(site: Site, text: string): Promise<T[]> {
  const client = new pg.Client(`postgres://postgres:postgres@127.0.0.1:${site.pgPort}/camstats`);
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function fileCount(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) n++;
  return n;
}

describe("a backup of a running site, restored elsewhere", () => {
  let root: string;
  let first: Site;
  let second: Site;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "camstats-backup-"));
    // As root, the embedded PostgreSQL runs as "postgres", which must enter the sites' parent.
    await chmod(root, 0o755);
    first = await newSite(root, "first");
    second = await newSite(root, "second", first.env.PUBLIC_URL);
  });
  afterAll(async () => {
    if (first) await stopSite(first);
    if (second) await stopSite(second);
    await rm(root, { recursive: true, force: true });
  });

  it("brings back the accounts, lists, claims, history, files and secret", async () => {
    await startSite(first);

    expect((await call(first, "POST", "/v1/auth/sign-up", { email: EMAIL, password: PASSWORD })).status).toBe(
      202,
    );
    const mail = await waitFor(
      first,
      async () => {
        const found = (await call(first, "GET", `/dev/mail.json?to=${EMAIL}`)).json() as {
          links: string[];
        }[];
        return found[0]?.links[0];
      },
      30_000,
    );
    const confirm = new URL(mail);
    expect((await call(first, "GET", `${confirm.pathname}${confirm.search}`)).status).toBe(303);
    const signIn = await call(first, "POST", "/v1/auth/sign-in", { email: EMAIL, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const token = signIn.json().token as string;

    const [performer, other] = (
      await query<{ username: string }>(first, "SELECT username FROM performers ORDER BY username LIMIT 2")
    ).map((p) => p.username) as [string, string];
    const created = await call(first, "POST", "/v1/list_create", { name: "Kept across a restore" }, token);
    expect(created.status).toBe(201);
    const listId = created.json().listId as string;
    expect(
      (await call(first, "POST", "/v1/list_add_performer", { listId, performerName: performer }, token))
        .status,
    ).toBe(200);
    const claim = await call(first, "POST", "/v1/verify_account", { performer: other }, token);
    expect(claim.status, claim.text).toBeLessThan(300);
    const claimState = (
      await call(first, "GET", `/v1/verify_account?performer=${other}`, undefined, token)
    ).json();
    expect(claimState.code).toEqual(expect.any(String));

    // While the site runs (and polls every 2 s).
    const backupDir = path.join(root, "backup");
    const backup = await runTool("src/backup.ts", ["--to", backupDir], first.env);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain("the site is running: joining its PostgreSQL");
    expect((await stat(backupDir)).mode & 0o777).toBe(0o700);
    const manifest = JSON.parse(await readFile(path.join(backupDir, "manifest.json"), "utf8"));
    expect(manifest.authSecret).toBe(true);
    const partitions = manifest.tables.filter((t: { partitionOf?: unknown }) => t.partitionOf);
    expect(partitions.length).toBeGreaterThan(0);

    // The first site's counts as the backup saw them are at most what the site has now (it polls on).
    const rowsIn = (name: string) =>
      manifest.tables.find((t: { name: string }) => t.name === name)?.rows as number | undefined;
    expect(rowsIn("users")).toBe(1);
    expect(rowsIn("lists")).toBe(1);
    expect(rowsIn("performer_claims")).toBe(1);
    const polls = rowsIn("polls") ?? 0;
    expect(polls).toBeGreaterThan(0);
    const publishedFiles = await fileCount(path.join(backupDir, "store", "publish"));
    expect(publishedFiles).toBeGreaterThan(0);

    // Refused: a backup into a folder that holds one, and a restore into a database with rows.
    expect((await runTool("src/backup.ts", ["--to", backupDir], first.env)).code).toBe(1);
    const intoRunning = await runTool("src/restore.ts", ["--from", backupDir], first.env);
    expect(intoRunning.code).toBe(1);
    expect(intoRunning.output).toMatch(/holds files|exists|running/);

    const restore = await runTool("src/restore.ts", ["--from", backupDir], second.env);
    expect(restore.code, restore.output).toBe(0);
    expect(await readFile(path.join(second.dataDir, "auth-secret"), "utf8")).toBe(
      await readFile(path.join(first.dataDir, "auth-secret"), "utf8"),
    );
    expect(await fileCount(path.join(second.dataDir, "public"))).toBe(publishedFiles);
    await stopSite(first);

    await startSite(second);
    const [restored] = await query<{ polls: number }>(second, "SELECT count(*)::int AS polls FROM polls");
    expect(restored?.polls).toBeGreaterThanOrEqual(polls);
    // The first site's token: signed with the secret the backup carried.
    const owned = await call(second, "GET", "/v1/owned_lists", undefined, token);
    expect(owned.status, owned.text).toBe(200);
    expect(owned.json().map((l: { listId: string }) => l.listId)).toEqual([listId]);
    const again = await call(second, "POST", "/v1/auth/sign-in", { email: EMAIL, password: PASSWORD });
    expect(again.status).toBe(200);
    const list = await call(second, "GET", `/v1/lists/${listId}`, undefined, again.json().token);
    expect(list.json().performers).toEqual([performer]);
    const claimAfter = await call(
      second,
      "GET",
      `/v1/verify_account?performer=${other}`,
      undefined,
      again.json().token,
    );
    expect(claimAfter.json()).toMatchObject({ status: claimState.status, code: claimState.code });
    // New rows take ids after the restored ones (the sequences came along).
    const another = await call(
      second,
      "POST",
      "/v1/list_create",
      { name: "After the restore" },
      again.json().token,
    );
    expect(another.status, another.text).toBe(201);
    await stopSite(second);
  }, 600_000);
});
