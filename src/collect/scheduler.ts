import type { Logger } from "../log.ts";
import { pollMetrics } from "../metrics/pipeline-metrics.ts";
import { type CollectorDeps, collectPoll, type PollSummary } from "./poll.ts";

/** The next poll instant: polls sit on whole multiples of the interval, so two collectors agree. */
export function nextSlot(nowMs: number, intervalMs: number): number {
  return Math.floor(nowMs / intervalMs) * intervalMs + intervalMs;
}

export interface LiveCollector {
  /** Resolves when the poll in flight (if any) has finished and no new one will start. */
  stop(): Promise<void>;
}

/** A live poll's figures for the metrics listener (decision 0037); null: it threw, nothing stored. */
function countPoll(summary: PollSummary | null): void {
  const metrics = pollMetrics();
  metrics.polls.inc({ status: summary?.status ?? "error" });
  if (summary === null) return;
  metrics.feedErrors.inc(summary.errors);
  metrics.duration.observe(summary.durationMs / 1000);
  if (summary.written && summary.status !== "failed") {
    metrics.rooms.set(summary.rooms);
    metrics.lastStored.set(summary.observedAt.getTime() / 1000);
  }
}

/**
 * Polls every `intervalSeconds` on the wall clock. A poll that overruns its slot is not doubled up:
 * the next poll takes the next free slot. A failing poll is logged and the loop goes on.
 */
export function startLiveCollector(
  deps: CollectorDeps,
  intervalSeconds: number,
  options: { log?: Logger } = {},
): LiveCollector {
  const intervalMs = intervalSeconds * 1000;
  // From the start: a collector that never managed a poll shows zero, not nothing.
  pollMetrics();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const sleepUntil = (at: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, Math.max(0, at - Date.now()));
    });

  const loop = (async () => {
    let slot = nextSlot(Date.now(), intervalMs);
    while (!stopped) {
      await sleepUntil(slot);
      if (stopped) break;
      try {
        countPoll(await collectPoll(deps, new Date(slot)));
      } catch (error) {
        countPoll(null);
        options.log?.error({ err: error }, `poll ${new Date(slot).toISOString()} failed`);
      }
      slot = nextSlot(Math.max(Date.now(), slot), intervalMs);
    }
  })();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
