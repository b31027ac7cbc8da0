import type { LoadResult } from "./http-load.ts";

/** What `npm run bench:search` reports per scenario, its targets, and the table for BENCHMARKS.md. */

export interface Target {
  /** p95 latency must be below this, at the paced load when the scenario has one. */
  p95Ms: number;
  /** Saturated throughput must be at least this, when set. */
  minPerSecond?: number;
}

/** The same mix offered at a fixed rate over the same connections: latency at a given load. */
export interface PacedResult {
  rate: number;
  runs: LoadResult[];
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface ScenarioResult {
  key: string;
  name: string;
  target?: Target;
  runs: LoadResult[];
  /** Medians over the runs (autocannon's percentiles of each run). */
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Sums over the runs: connection errors and timeouts, and answers other than 2xx. */
  errors: number;
  non2xx: number;
  readyMs: number;
  paced?: PacedResult;
  /** RSS once the index was loaded, after the timed runs, and the peak (VmHWM) after them. */
  rssMb: number;
  rssAfterRunsMb: number;
  /** Heap and typed arrays after a forced collection once loaded: what the index itself holds. */
  retainedMb: number;
  peakRssMb: number;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export function summarise(
  base: Pick<
    ScenarioResult,
    "key" | "name" | "target" | "readyMs" | "rssMb" | "rssAfterRunsMb" | "retainedMb" | "peakRssMb"
  >,
  runs: LoadResult[],
  paced?: { rate: number; runs: LoadResult[] },
): ScenarioResult {
  return {
    ...base,
    ...(paced === undefined
      ? {}
      : {
          paced: {
            ...paced,
            perSecond: median(paced.runs.map((r) => r.perSecond)),
            p50: median(paced.runs.map((r) => r.p50)),
            p95: median(paced.runs.map((r) => r.p95)),
            p99: median(paced.runs.map((r) => r.p99)),
          },
        }),
    runs,
    perSecond: median(runs.map((r) => r.perSecond)),
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

/** NaN is a scenario with no answers (a failed run): shown as n/a, not as a figure. */
export function ms(x: number): string {
  if (Number.isNaN(x)) return "n/a";
  if (x >= 1000) return `${Math.round(x).toLocaleString("en-US")} ms`;
  return `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
}
export const perSecond = (x: number) =>
  x < 10 ? `${x.toFixed(1)}/s` : `${Math.round(x).toLocaleString("en-US")}/s`;
/** A ratio with two significant digits at least: a slow baseline can be 1,000 times slower. */
const times = (x: number) => `${x >= 10 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toPrecision(2)}x`;
export const mb = (x: number) => `${Math.round(x)} MB`;

export function targetText(target: Target | undefined): string {
  if (!target) return "";
  const p95 = `p95 < ${target.p95Ms} ms (paced)`;
  return target.minPerSecond === undefined ? p95 : `${p95}, >= ${target.minPerSecond} req/s`;
}

/** Whether the scenario met its target; undefined when it has none (the baselines). */
export function met(result: ScenarioResult): boolean | undefined {
  const t = result.target;
  if (!t) return undefined;
  const p95 = result.paced?.p95 ?? result.p95;
  return p95 < t.p95Ms && (t.minPerSecond === undefined || result.perSecond >= t.minPerSecond);
}

/** One line per run, as it finishes. */
export function runLine(load: LoadResult): string {
  const codes = Object.entries(load.statusCodes)
    .map(([code, n]) => `${code}: ${n}`)
    .join(", ");
  return (
    `${perSecond(load.perSecond)} (${load.answered} answers; ${codes}), p50 ${ms(load.p50)}, ` +
    `p95 ${ms(load.p95)}, p99 ${ms(load.p99)}, errors ${load.errors}, timeouts ${load.timeouts}, non-2xx ${load.non2xx}`
  );
}

/** The results as a markdown table to paste into BENCHMARKS.md. */
export function markdownTable(results: readonly ScenarioResult[]): string {
  const header = [
    "scenario",
    "req/s",
    "p50",
    "p95",
    "p99",
    "paced: rate, p50, p95, p99",
    "errors, non-2xx",
    "server: retained, RSS loaded, after the runs, peak",
    "target",
    "",
  ];
  const rows = results.map((r) => {
    const verdict = met(r);
    return [
      `(${r.key}) ${r.name}`,
      perSecond(r.perSecond),
      ms(r.p50),
      ms(r.p95),
      ms(r.p99),
      r.paced ? `${perSecond(r.paced.rate)}: ${ms(r.paced.p50)}, ${ms(r.paced.p95)}, ${ms(r.paced.p99)}` : "",
      `${r.errors}, ${r.non2xx}`,
      `${mb(r.retainedMb)}, ${mb(r.rssMb)}, ${mb(r.rssAfterRunsMb)}, ${mb(r.peakRssMb)}`,
      targetText(r.target),
      verdict === undefined ? "" : verdict ? "met" : "MISSED",
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, 3, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** How a measured scenario compares with a baseline of the same run. */
export function ratioLine(label: string, measured: ScenarioResult, baseline: ScenarioResult): string {
  const figures = [measured.perSecond, baseline.perSecond, measured.p95, baseline.p95];
  if (figures.some((x) => !(x > 0))) return `- ${label}: n/a (a scenario has no answers)`;
  const throughput = measured.perSecond / baseline.perSecond;
  const latency = baseline.p95 / measured.p95;
  return (
    `- ${label}: ${times(throughput)} the requests per second of (${baseline.key}), ` +
    `p95 ${latency >= 1 ? `${times(latency)} lower` : `${times(1 / latency)} higher`}`
  );
}

/**
 * The memory of a measured scenario against a baseline's: RSS once loaded and what stays after a
 * collection; with `bare` (a server with no search, (d)), the search's share of each RSS.
 */
export function memoryLine(
  label: string,
  measured: ScenarioResult,
  baseline: ScenarioResult,
  bare?: ScenarioResult,
): string {
  const share = (r: ScenarioResult) => r.rssMb - (bare?.rssMb ?? 0);
  const shares =
    bare === undefined
      ? ""
      : `; the search's share of RSS (over (${bare.key})'s ${mb(bare.rssMb)}) ${mb(share(measured))} against ` +
        `${mb(share(baseline))}, ${(share(measured) / share(baseline)).toFixed(2)}x`;
  return (
    `- ${label}, memory: RSS loaded ${mb(measured.rssMb)} against ${mb(baseline.rssMb)} ` +
    `(${(measured.rssMb / baseline.rssMb).toFixed(2)}x), retained ${mb(measured.retainedMb)} against ` +
    `${mb(baseline.retainedMb)}, after the runs ${mb(measured.rssAfterRunsMb)} against ${mb(baseline.rssAfterRunsMb)}, ` +
    `peak ${mb(measured.peakRssMb)} against ${mb(baseline.peakRssMb)}${shares}`
  );
}
