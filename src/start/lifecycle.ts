import { ConfigError } from "../config.ts";
import type { Logger } from "../log.ts";

/**
 * What a process has started, and how to stop it: `npm start` and `npm run collector` both
 * register their parts as they start them, and SIGINT, SIGTERM or a failure stops whatever has
 * started, in reverse order, then exits. The signal handlers are in place before anything starts,
 * so an interrupt at any moment (during the history build, say) stops the embedded PostgreSQL too.
 */
export interface Lifecycle {
  /** Registers a started part; it is stopped before the parts registered earlier. */
  started(name: string, stop: () => Promise<void>): void;
  /** Stops everything started, then exits with the code. */
  shutdown(reason: string, exitCode?: number): Promise<void>;
  readonly stopping: boolean;
  log: Logger | undefined;
}

export function createLifecycle(): Lifecycle {
  const parts: { name: string; stop: () => Promise<void> }[] = [];
  let stopping = false;
  const lifecycle: Lifecycle = {
    log: undefined,
    get stopping() {
      return stopping;
    },
    started(name, stop) {
      parts.push({ name, stop });
    },
    async shutdown(reason, exitCode = 0) {
      if (stopping) return;
      stopping = true;
      lifecycle.log?.info(`${reason}: stopping`);
      for (const { name, stop } of parts.reverse()) {
        try {
          await stop();
        } catch (error) {
          lifecycle.log?.error({ err: error }, `stopping ${name} failed`);
        }
      }
      process.exit(exitCode);
    },
  };
  process.on("SIGINT", () => void lifecycle.shutdown("SIGINT"));
  process.on("SIGTERM", () => void lifecycle.shutdown("SIGTERM"));
  return lifecycle;
}

/**
 * Runs a process's start-up under the lifecycle: a failure prints what went wrong (a configuration
 * error as it is, anything else with its stack), stops whatever had started, and exits 1. An error
 * that comes from stopping (the database closed under a history build) is not a failure.
 */
export function runProcess(lifecycle: Lifecycle, what: string, start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    if (lifecycle.stopping) return;
    process.stderr.write(
      error instanceof ConfigError
        ? `${error.message}\n`
        : `${what} failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    void lifecycle.shutdown("failure", 1);
  });
}
