import { Counter, Gauge, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { parseMetrics } from "../../tests/helpers/metrics-text.ts";
import { ClusterMetrics, type MetricsPeer, type ProcessMetrics } from "./cluster-metrics.ts";
import { metricsRegistry } from "./registry.ts";

/** What a server process would answer: its own registry's metrics. */
async function processMetrics(requests: number, indexSize: number): Promise<ProcessMetrics> {
  const registry = new Registry();
  new Counter({ name: "test_requests_total", help: "h", labelNames: ["family"], registers: [registry] }).inc(
    { family: "page" },
    requests,
  );
  new Gauge({ name: "test_index_size", help: "h", aggregator: "max", registers: [registry] }).set(indexSize);
  return (await registry.getMetricsAsJSON()) as ProcessMetrics;
}

/** A server process that answers (after `delayMs`) through the cluster's messages, or never. */
function peer(cluster: ClusterMetrics, answer: ProcessMetrics | null, delayMs = 0): MetricsPeer {
  return {
    isConnected: () => true,
    send(message) {
      if (answer === null) return;
      setTimeout(() => cluster.handle({ type: "metrics-reply", id: message.id, metrics: answer }), delayMs);
    },
  };
}

const value = (text: string, name: string) => parseMetrics(text).find((s) => s.name === name)?.value;

describe("a node's metrics, merged from its processes", () => {
  it("sums counters over the main process and each server process; takes the most where told", async () => {
    const own = new Counter({
      name: "test_requests_total",
      help: "h",
      labelNames: ["family"],
      registers: [],
    });
    metricsRegistry.registerMetric(own);
    own.inc({ family: "page" }, 1);
    const cluster = new ClusterMetrics();
    const text = await cluster.text([
      peer(cluster, await processMetrics(10, 500)),
      peer(cluster, await processMetrics(32, 700), 20),
    ]);
    expect(value(text, "test_requests_total")).toBe(43);
    expect(value(text, "test_index_size")).toBe(700);
    metricsRegistry.removeSingleMetric("test_requests_total");
  });

  it("leaves out a server process that does not answer in time, or is gone", async () => {
    const cluster = new ClusterMetrics(100);
    const gone: MetricsPeer = { isConnected: () => false, send: () => expect.unreachable() };
    const started = Date.now();
    const text = await cluster.text([peer(cluster, await processMetrics(5, 1)), peer(cluster, null), gone]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(value(text, "test_requests_total")).toBe(5);
    // A late answer after the scrape gave up is taken and dropped.
    expect(cluster.handle({ type: "metrics-reply", id: 999, metrics: [] })).toBe(true);
    expect(cluster.handle({ type: "rate-limit-reply", id: 1 })).toBe(false);
    expect(cluster.handle("listening")).toBe(false);
  });
});
