import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from "prom-client";
import { metricsRegistry } from "./registry.ts";

/** One process's metrics as prom-client's JSON: what a server process sends the main process. */
export type ProcessMetrics = MetricObjectWithValues<MetricValue<string>>[];

interface MetricsRequest {
  type: "metrics-request";
  id: number;
}

interface MetricsReply {
  type: "metrics-reply";
  id: number;
  metrics: ProcessMetrics;
}

/** A server process as the main process sees it (node:cluster's Worker). */
export interface MetricsPeer {
  send(message: MetricsRequest): unknown;
  isConnected(): boolean;
}

/** How long a scrape waits for a server process; one that does not answer is left out of it. */
export const PEER_TIMEOUT_MS = 2000;

function isRequest(message: unknown): message is MetricsRequest {
  const m = message as Partial<MetricsRequest> | null;
  return typeof m === "object" && m !== null && m.type === "metrics-request" && typeof m.id === "number";
}

function isReply(message: unknown): message is MetricsReply {
  const m = message as Partial<MetricsReply> | null;
  return (
    typeof m === "object" &&
    m !== null &&
    m.type === "metrics-reply" &&
    typeof m.id === "number" &&
    Array.isArray(m.metrics)
  );
}

/** In a server process: answers the main process's requests with this process's metrics. */
export function answerMetricsRequests(channel: {
  send(message: MetricsReply): void;
  onMessage(listener: (message: unknown) => void): void;
}): void {
  channel.onMessage((message) => {
    if (!isRequest(message)) return;
    void metricsRegistry
      .getMetricsAsJSON()
      .then((metrics) =>
        channel.send({ type: "metrics-reply", id: message.id, metrics: metrics as ProcessMetrics }),
      );
  });
}

/**
 * The main process's side: asks every server process for its metrics when scraped and merges
 * them with its own, each series summed across processes unless its metric names another
 * aggregator (the search index's: the most). prom-client's AggregatorRegistry does the merge;
 * its own messaging leaves out the main process, which here runs the pipeline.
 */
export class ClusterMetrics {
  private nextId = 0;
  private readonly waiting = new Map<number, (metrics: ProcessMetrics) => void>();

  constructor(private readonly timeoutMs = PEER_TIMEOUT_MS) {}

  /** A server process's message: true when it answered a metrics request (and is taken). */
  handle(message: unknown): boolean {
    if (!isReply(message)) return false;
    this.waiting.get(message.id)?.(message.metrics);
    return true;
  }

  private ask(peer: MetricsPeer): Promise<ProcessMetrics | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(null);
      }, this.timeoutMs);
      this.waiting.set(id, (metrics) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(metrics);
      });
      peer.send({ type: "metrics-request", id });
    });
  }

  /** Prometheus's text of this process's metrics and every connected peer's that answers in time. */
  async text(peers: Iterable<MetricsPeer>): Promise<string> {
    const own = (await metricsRegistry.getMetricsAsJSON()) as ProcessMetrics;
    const theirs = await Promise.all([...peers].filter((p) => p.isConnected()).map((p) => this.ask(p)));
    const all = [own, ...theirs.filter((m) => m !== null)];
    return AggregatorRegistry.aggregate(all).metrics();
  }
}
