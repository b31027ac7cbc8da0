import http from "node:http";
import { clockSeconds } from "./gc-trace.ts";
import { type LoadResult, percentile } from "./http-load.ts";

/**
 * Paced load: `connections` clients, each on a keep-alive connection of its own, together offering
 * `rate` requests a second, evenly: client i sends at times i/rate, i/rate + connections/rate, ...
 * (a client whose answer comes late sends its next request at once, and the lateness counts in
 * the latency: the schedule, not the answer, sets when a request was due). autocannon's own
 * overallRate releases each second's quota in a burst at the start of the second, which measures
 * the burst, not the rate.
 */
export async function runPacedLoad(
  baseUrl: string,
  paths: readonly string[],
  options: {
    connections: number;
    seconds: number;
    rate: number;
    headers?: Record<string, string>;
    /** JSON bodies: each request is then a POST of the next one, in turn (bench:compare, bench:tipmenu). */
    bodies?: readonly string[];
    /** Print the slowest answer of each half second (bench:pages --trace). */
    trace?: boolean;
  },
): Promise<LoadResult> {
  const url = new URL(baseUrl);
  const interval = (1000 * options.connections) / options.rate;
  const started = performance.now();
  const end = started + options.seconds * 1000;
  const times: number[] = [];
  /** The slowest answer of each half second of the schedule, for --trace. */
  const slowest: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let next = 0;

  const client = async (i: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let due = started + (i * 1000) / options.rate; due < end; due += interval) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const n = next++;
      const path = paths[n % paths.length] as string;
      const body = options.bodies ? (options.bodies[n % options.bodies.length] as string) : undefined;
      try {
        const status = await new Promise<number>((resolve, reject) => {
          const request = http.request(
            {
              host: url.hostname,
              port: url.port,
              path,
              agent,
              method: body === undefined ? "GET" : "POST",
              headers:
                body === undefined
                  ? options.headers
                  : {
                      ...options.headers,
                      "content-type": "application/json",
                      "content-length": Buffer.byteLength(body),
                    },
            },
            (response) => {
              response.resume();
              response.on("end", () => resolve(response.statusCode ?? 0));
              response.on("error", reject);
            },
          );
          request.on("error", reject);
          request.end(body);
        });
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        // From when the request was due: a late start is the server's queue showing through.
        if (status >= 200 && status < 300) {
          const ms = performance.now() - due;
          times.push(ms);
          const slot = Math.floor((due - started) / 500);
          slowest[slot] = Math.max(slowest[slot] ?? 0, ms);
        }
      } catch {
        errors++;
      }
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: options.connections }, (_, i) => client(i)));
  if (options.trace) {
    const slots = Array.from(slowest, (ms, slot) => `${(slot / 2).toFixed(1)}:${(ms ?? 0).toFixed(0)}`);
    const startedAt = clockSeconds(Date.now() - (performance.now() - started));
    process.stderr.write(`paced from ${startedAt}, slowest answer (ms) by half second: ${slots.join(" ")}\n`);
  }
  const sorted = Float64Array.from(times).sort();
  const answered = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  const non2xx = answered - times.length;
  return {
    perSecond: answered / options.seconds,
    answered,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
    timeouts: 0,
    non2xx,
    statusCodes,
  };
}
