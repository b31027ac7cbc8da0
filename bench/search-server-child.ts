import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { WEB_PROCESS_V8_FLAGS } from "../src/start/web-processes.ts";
import type { ServerMode, ServerReady, ServerStats } from "./search-server.ts";

/** The parent's handle on a server process of bench/search-server.ts. */
export interface ServerChild extends ServerReady {
  url: string;
  /** The forked process's id (with --processes above 1, the cluster's primary). */
  pid: number;
  stats(): Promise<ServerStats>;
  stop(): Promise<void>;
}

/** The next message from the child, or the reason it will never come (it failed or exited). */
function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      cleanup();
      resolve(message as T);
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`the search server exited (${signal ?? `code ${code}`}) before it answered`));
    };
    const cleanup = () => {
      child.off("message", onMessage);
      child.off("exit", onExit);
    };
    child.on("message", onMessage);
    child.on("exit", onExit);
  });
}

export async function startServerChild(options: {
  databaseUrl: string;
  /**
   * Another checkout's bench/search-server.ts (bench:search --baseline): the same server from that
   * commit's code, for a comparison in the same run. This checkout's by default.
   */
  serverScript?: string;
  publishDir: string;
  mode: ServerMode;
  now: number;
  /** A platform feed for the live-room pages (the home page); none by default. */
  feedUrl?: string;
  /** False: the server renders every page (no page cache). */
  pageCache?: boolean;
  /** Server processes on the port (as WEB_PROCESSES); 1 by default. */
  processes?: number;
  /** Database connections per server process; 4 by default. */
  pool?: number;
  /** V8 flags added after the site's own (WEB_PROCESS_V8_FLAGS): a later flag overrides. */
  v8Flags?: readonly string[];
  /** Each server process logs its full collections by the second (bench/gc-trace.ts). */
  traceGc?: boolean;
  /** Accounts under /v1/auth (bench:accounts). */
  accounts?: boolean;
  /** The site's metrics on, as with METRICS_PORT (bench:pages --metrics). */
  metrics?: boolean;
}): Promise<ServerChild> {
  const child = fork(
    options.serverScript ?? path.join(import.meta.dirname, "search-server.ts"),
    [
      "--database",
      options.databaseUrl,
      "--publish-dir",
      options.publishDir,
      "--mode",
      options.mode,
      "--now",
      String(options.now),
      ...(options.feedUrl ? ["--feed", options.feedUrl] : []),
      "--page-cache",
      options.pageCache === false ? "off" : "on",
      "--processes",
      String(options.processes ?? 1),
      "--pool",
      String(options.pool ?? 4),
      "--accounts",
      options.accounts ? "on" : "off",
      "--metrics",
      options.metrics ? "on" : "off",
    ],
    {
      // The server processes' own V8 flags, as `npm start` forks them.
      execArgv: ["--import", "tsx", "--expose-gc", ...WEB_PROCESS_V8_FLAGS, ...(options.v8Flags ?? [])],
      env: { ...process.env, BENCH_GC_TRACE: options.traceGc ? "1" : "0" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  const ready = await nextMessage<ServerReady>(child);
  return {
    ...ready,
    url: `http://127.0.0.1:${ready.port}`,
    pid: child.pid ?? 0,
    stats: () => {
      const reply = nextMessage<ServerStats>(child);
      child.send("stats");
      return reply;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send("stop");
      // A server that does not close in time is ended: the next scenario needs the cores.
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
