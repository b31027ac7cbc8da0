import { constants, PerformanceObserver } from "node:perf_hooks";

const MB = 1024 * 1024;

/**
 * `bench:pages --trace`, in each server process: a line on stderr for every second with a full
 * (mark-compact) collection, stamped with the wall clock's seconds (mod 1000) as the paced load's
 * trace is, so a stall in the answers can be laid beside the collections of that second. Full
 * collections in bursts, in every process at once, were what made the performer pages' tail
 * (BENCHMARKS.md, issue 6).
 */
export function traceFullCollections(): void {
  let count = 0;
  let pauseMs = 0;
  let total = 0;
  let totalMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { kind } = (entry as unknown as { detail: { kind: number } }).detail;
      if (kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      count++;
      pauseMs += entry.duration;
    }
  }).observe({ entryTypes: ["gc"] });
  setInterval(() => {
    if (count === 0) return;
    const { heapUsed, heapTotal, arrayBuffers } = process.memoryUsage();
    process.stderr.write(
      `gc ${process.pid} at ${clockSeconds(Date.now())}: ${count} full, ${pauseMs.toFixed(0)} ms paused; ` +
        `heap ${(heapUsed / MB).toFixed(0)} of ${(heapTotal / MB).toFixed(0)} MB, array buffers ${(arrayBuffers / MB).toFixed(0)} MB\n`,
    );
    total += count;
    totalMs += pauseMs;
    count = 0;
    pauseMs = 0;
  }, 1000).unref();
  process.on("exit", () => {
    process.stderr.write(
      `gc ${process.pid}: ${total + count} full collections in all, ${(totalMs + pauseMs).toFixed(0)} ms paused\n`,
    );
  });
}

/** The wall clock's seconds mod 1000, to a tenth: short stamps that line up across processes. */
export function clockSeconds(epochMs: number): string {
  return ((epochMs / 1000) % 1000).toFixed(1);
}
