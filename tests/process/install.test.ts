import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmod, copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import { setPriority, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, runningServer } from "../../src/db/embedded.ts";

/**
 * `NODE_ENV=production npm start` on a copy of the project as a fresh clone has it (no
 * node_modules, no build), then on that copy once its devDependencies are removed (as an install
 * with `--omit=dev` leaves node_modules; `npm prune --omit=dev` gets there without installing the
 * rest again): both install what the start needs with `npm ci` (the lockfile untouched), build the
 * pages and serve them, and leave `git status` clean.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" });

describe("npm start with NODE_ENV=production", () => {
  let clone: string;
  let output = "";

  beforeAll(async () => {
    // It runs beside the other process tests and then the browser tests (one group,
    // vitest.config.ts): lower, so it takes the moments they leave a core idle; the npm, build
    // and server processes it starts inherit it.
    setPriority(process.pid, 10);
    clone = await mkdtemp(path.join(tmpdir(), "camstats-clone-"));
    // PostgreSQL runs as the `postgres` user when we are root: it must be able to enter the copy.
    await chmod(clone, 0o755);
    // The work tree's tracked files, as they are now (committed or not): what a clone would hold.
    for (const file of git(root, "ls-files", "-z").split("\0").filter(Boolean)) {
      await mkdir(path.dirname(path.join(clone, file)), { recursive: true });
      await copyFile(path.join(root, file), path.join(clone, file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error; // a file deleted in the work tree and not yet committed
      });
    }
    git(clone, "init", "-q");
    git(clone, "add", "-A");
    git(clone, "-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-qm", "clone");
  });
  afterAll(async () => {
    await rm(clone, { recursive: true, force: true });
  });

  /** `npm start` in the copy until the home page answers; then SIGTERM, and its exit. */
  async function startAndServe(): Promise<{ home: number; status: number | null }> {
    const port = await freePort();
    const child: ChildProcess = spawn("npm", ["start"], {
      cwd: clone,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        WEB_PROCESSES: "0",
        SANDBOX_PERFORMERS: "300",
        HISTORY_DAYS: "0",
        COLLECT: "false",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.on("data", (chunk) => {
      output += String(chunk);
    });
    child.stderr?.on("data", (chunk) => {
      output += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    let home = 0;
    try {
      for (const deadline = Date.now() + 240_000; Date.now() < deadline && child.exitCode === null; ) {
        home = await fetch(`http://127.0.0.1:${port}/`).then(
          (response) => response.status,
          () => 0,
        );
        if (home === 200) break;
        await new Promise((r) => setTimeout(r, 500));
      }
    } finally {
      // npm start runs tsx under npm under sh: the whole group gets the signal, as a terminal's would.
      if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
    }
    const status = await exited;
    // Its PostgreSQL finishes its own shutdown a moment later; the next start must find it gone.
    for (let waited = 0; waited < 30_000 && (await runningServer(path.join(clone, "data"))); waited += 200) {
      await new Promise((r) => setTimeout(r, 200));
    }
    return { home, status };
  }

  it("on a fresh clone: installs with npm ci, builds the pages, serves them, leaves the tree clean", async () => {
    const { home } = await startAndServe();
    expect(home, output).toBe(200);
    expect(output).toMatch(
      /installing the locked dependencies \(npm ci: no node_modules yet: a fresh clone\)/,
    );
    // The lockfile resolves cleanly on this Node: no peer conflicts, no package that needs another Node.
    expect(output).not.toMatch(/ERESOLVE|EBADENGINE/);
    expect(output).toMatch(/built the pages/);
    expect(git(clone, "status", "--porcelain")).toBe("");
  }, 300_000);

  it("after an install without devDependencies: installs them, builds the pages and serves them", async () => {
    execFileSync("npm", ["prune", "--omit=dev", "--no-audit", "--no-fund"], { cwd: clone, stdio: "ignore" });
    output = "";
    const { home } = await startAndServe();
    expect(home, output).toBe(200);
    expect(output).toMatch(/installing the locked dependencies \(npm ci: missing @axe-core\/playwright/);
    expect(output).toMatch(/built the pages/);
    expect(git(clone, "status", "--porcelain")).toBe("");
  }, 300_000);
});
