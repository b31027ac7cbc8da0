import { collectDefaultMetrics, Registry } from "prom-client";

/**
 * The site's Prometheus metrics (decision 0037): one registry a process, read by the metrics
 * listener (METRICS_PORT) and, in a server process, sent to the main process, which sums them.
 */
export const metricsRegistry = new Registry();

/**
 * A family of metrics made the first time a part of the site asks for it: a process shows only the
 * families of what it runs (a web node no polls, the worker no requests), each from the moment
 * that part starts, its counters at zero rather than absent.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

let processMetricsOn = false;

/**
 * Node's own metrics (CPU, memory, event loop delay, collections, handles) under their usual names,
 * from when the metrics listener is configured: they cost a timer and an event-loop monitor.
 */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}
