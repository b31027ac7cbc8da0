import type { LoadResult } from "./http-load.ts";
import { median, ms, perSecond } from "./search-report.ts";
import type { ServerChild } from "./search-server-child.ts";

/** One page's figures in one run (bench/pages.ts measurePage); a mix has no saturated run. */
export interface PageFigures {
  renderMs: number;
  saturated: LoadResult | null;
  paced: LoadResult;
  /** The server processes' CPU time per answer of the saturated run (a mix's paced run). */
  cpuMsPerRequest: number | null;
}

/** What bench/pages.ts measures of a page: its table row and its figures. */
export interface Measured {
  row: string;
  figures: PageFigures;
}

/** The cost allowed (issue 32, point 4): within 5% of the server without metrics. */
const ALLOWED = 1.05;

/**
 * `bench:pages --metrics compare` (decision 0037): each page measured on two servers of the same
 * build and data, one without metrics (as `npm start` without METRICS_PORT) and one with them
 * (every request counted and timed, Node's own metrics, and its listener scraped every
 * `scrapeEveryMs`, 5 s by default: three times Prometheus's default rate), in
 * turn, `rounds` times, the order swapped each round; then each measure's medians and their ratio.
 * A ratio is the cost: for req/s off/on, for times on/off, so above 1 means slower with metrics.
 */
export async function compareMetricsCost(options: {
  off: ServerChild;
  on: ServerChild;
  paths: readonly string[];
  rounds: number;
  /** How often the server with metrics is scraped during its runs (0: never). */
  scrapeEveryMs: number;
  measure: (serverUrl: string, page: string, cpuMs: () => Promise<number>) => Promise<Measured | null>;
  failures: string[];
}): Promise<string[]> {
  const { off, on, failures } = options;
  const figures = new Map<string, { off: PageFigures[]; on: PageFigures[] }>(
    options.paths.map((page) => [page, { off: [], on: [] }]),
  );
  let scrapes = 0;
  const scrape = async () => {
    try {
      const response = await fetch(`http://127.0.0.1:${on.metricsPort}/metrics`);
      const text = await response.text();
      if (response.status !== 200 || !text.includes("camstats_http_requests_total"))
        failures.push(`metrics scrape: ${response.status}`);
      scrapes++;
    } catch (error) {
      failures.push(`metrics scrape: ${String(error)}`);
    }
  };
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const);
    for (const page of options.paths) {
      for (const mode of order) {
        console.log(`\nround ${round + 1}, metrics ${mode}:`);
        const scraper =
          mode === "on" && options.scrapeEveryMs > 0
            ? setInterval(() => void scrape(), options.scrapeEveryMs)
            : null;
        try {
          const server = mode === "on" ? on : off;
          const measured = await options.measure(server.url, page, async () => (await server.stats()).cpuMs);
          if (measured) figures.get(page)?.[mode].push(measured.figures);
        } finally {
          if (scraper) clearInterval(scraper);
        }
      }
    }
  }
  console.log(`\nthe server with metrics was scraped ${scrapes} times during its runs`);
  const rows: string[] = [];
  const line = (page: string, what: string, offValue: number, onValue: number, higherIsBetter: boolean) => {
    const cost = higherIsBetter ? offValue / onValue : onValue / offValue;
    const show = higherIsBetter ? perSecond : ms;
    rows.push(
      `| ${page} | ${what} | ${show(offValue)} | ${show(onValue)} | ${cost.toFixed(3)} | ${cost <= ALLOWED ? "within 5%" : "OVER 5%"} |`,
    );
  };
  for (const [page, { off: offRuns, on: onRuns }] of figures) {
    if (offRuns.length === 0 || onRuns.length === 0) continue;
    const med = (runs: PageFigures[], pick: (f: PageFigures) => number | null) =>
      median(runs.map(pick).filter((x): x is number => x !== null));
    line(
      page,
      "render alone",
      med(offRuns, (f) => f.renderMs),
      med(onRuns, (f) => f.renderMs),
      false,
    );
    line(
      page,
      offRuns[0]?.saturated ? "CPU per answer (saturated)" : "CPU per answer (paced)",
      med(offRuns, (f) => f.cpuMsPerRequest),
      med(onRuns, (f) => f.cpuMsPerRequest),
      false,
    );
    if (offRuns[0]?.saturated) {
      line(
        page,
        "saturated req/s",
        med(offRuns, (f) => f.saturated?.perSecond ?? null),
        med(onRuns, (f) => f.saturated?.perSecond ?? null),
        true,
      );
      line(
        page,
        "saturated p95",
        med(offRuns, (f) => f.saturated?.p95 ?? null),
        med(onRuns, (f) => f.saturated?.p95 ?? null),
        false,
      );
    }
    line(
      page,
      "paced p50",
      med(offRuns, (f) => f.paced.p50),
      med(onRuns, (f) => f.paced.p50),
      false,
    );
    line(
      page,
      "paced p95",
      med(offRuns, (f) => f.paced.p95),
      med(onRuns, (f) => f.paced.p95),
      false,
    );
  }
  return [
    `| page | measure | metrics off (median of ${options.rounds}) | metrics on | cost (on/off) | |`,
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
  ];
}
