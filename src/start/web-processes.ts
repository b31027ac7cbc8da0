import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";
import type { Logger } from "../log.ts";
import { ClusterMetrics } from "../metrics/cluster-metrics.ts";
import type { OnlineRoomsService } from "../online-rooms/service.ts";
import { answerRoomsRequest } from "../online-rooms/shared-service.ts";
import { RateWindows } from "../server/rate-windows.ts";
import { answerRateRequest } from "../server/shared-rate-limit.ts";
import { type WebProcessSettings, webProcessEnv } from "./web-process-settings.ts";

/** The server process's entry (run by the same Node, with the same loader flags as this one). */
const ENTRY = fileURLToPath(new URL("../web-process.ts", import.meta.url));
/**
 * V8's flags for the server processes (BENCHMARKS.md, issue 6, third and fourth sessions):
 * - `--heap-growing-percent=100`: after a full collection, the old generation may grow to twice
 *   what survived before the next one (Go's default, GOGC=100). Left to itself, V8 judged the
 *   collections cheap against the pages' allocation and set the limit about a tenth above the live
 *   heap, so under load (performer pages at 100 a second) both processes ran full collections 3 to
 *   5 times a second, each freeing a few MB, and answers queued for seconds. With it, the two
 *   processes made 8 to 10 full collections in a run that had made 26 to 93; the most heap a
 *   process reserved was about 150 MB, and their peak RSS did not rise.
 * - `--no-memory-reducer`: after an idle spell the reducer leaves V8 growing the heap slowly. The
 *   server processes are long-lived and sized for their busy hours; giving memory back after a
 *   quiet spell is worth nothing to them.
 */
export const WEB_PROCESS_V8_FLAGS: readonly string[] = ["--no-memory-reducer", "--heap-growing-percent=100"];
/** Crashes within RESTART_WINDOW_MS beyond which the site stops instead of forking again. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

export interface WebProcesses {
  /** Asks every server process to stop (each finishes the requests it has), then waits for them. */
  stop(): Promise<void>;
  /** The metrics of this process and of every server process, merged (Prometheus's text). */
  metricsText(): Promise<string>;
}

/**
 * `npm start` with WEB_PROCESSES > 0: forks that many server processes (src/web-process.ts), all
 * listening on HOST:PORT; the main process accepts the connections and hands them out in turn
 * (node:cluster's round robin). Resolves once every one listens; rejects if one fails to start (a
 * port in use, say). One that dies later is logged and forked again, unless they keep dying
 * (MAX_RESTARTS a minute), which `onFatal` reports. The main process also keeps the rate limit's
 * windows for all of them (shared-rate-limit.ts), answers their live rooms from one proxy
 * (shared-service.ts), and gathers their metrics when scraped.
 */
export function startWebProcesses(options: {
  settings: WebProcessSettings;
  /** The live rooms' proxy every server process asks (shared-service.ts). */
  onlineRooms: OnlineRoomsService;
  log: Logger;
  onFatal: (reason: string) => void;
  /** How long a stopping server process may take (its drain and the requests in flight) before it is killed. */
  stopGraceMs: number;
}): Promise<WebProcesses> {
  const { settings, log } = options;
  const windows = new RateWindows();
  const metrics = new ClusterMetrics();
  const workers = new Set<Worker>();
  const crashes: number[] = [];
  let stopping = false;
  cluster.setupPrimary({ exec: ENTRY, execArgv: [...process.execArgv, ...WEB_PROCESS_V8_FLAGS] });

  const fork = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork(webProcessEnv(settings));
      workers.add(worker);
      let listening = false;
      worker.on("message", (message: unknown) => {
        if (message === "listening") {
          listening = true;
          resolve();
          return;
        }
        if (metrics.handle(message)) return;
        if (
          answerRoomsRequest(options.onlineRooms, message, (answer) => {
            if (worker.isConnected()) worker.send(answer);
          })
        )
          return;
        const reply = answerRateRequest(windows, message);
        if (reply && worker.isConnected()) worker.send(reply);
      });
      worker.on("exit", (code, signal) => {
        workers.delete(worker);
        const how = signal ?? `code ${code}`;
        if (!listening) {
          reject(new Error(`a server process exited (${how}) before it listened on its port`));
          return;
        }
        if (stopping) return;
        const now = Date.now();
        crashes.push(now);
        while (crashes.length > 0 && (crashes[0] ?? now) < now - RESTART_WINDOW_MS) crashes.shift();
        if (crashes.length > MAX_RESTARTS) {
          options.onFatal(`server processes exited ${crashes.length} times within a minute`);
          return;
        }
        log.error(`a server process exited (${how}); starting another`);
        fork().catch((error: unknown) => options.onFatal(String(error)));
      });
    });

  const stop = async () => {
    stopping = true;
    await Promise.all(
      [...workers].map(
        (worker) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => worker.process.kill("SIGKILL"), options.stopGraceMs + 1000);
            worker.once("exit", () => {
              clearTimeout(timer);
              resolve();
            });
            if (worker.isConnected()) worker.send("stop");
            else worker.process.kill("SIGTERM");
          }),
      ),
    );
  };

  return Promise.all(Array.from({ length: settings.processes }, fork)).then(
    () => ({ stop, metricsText: () => metrics.text(workers) }),
    async (error: unknown) => {
      // The ones that did start are stopped with the failure, not left serving.
      await stop();
      throw error;
    },
  );
}
