import type { LoadResult } from "./http-load.ts";
import { ms } from "./search-report.ts";

/** One paced load as the benches print it: rate, answers, failures, p50/p95/p99. */
export function loadLine(label: string, r: LoadResult): string {
  return (
    `${label}: ${r.perSecond.toFixed(1)}/s (${r.answered} answers, non-2xx ${r.non2xx}, errors ${r.errors}), ` +
    `p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}`
  );
}

/**
 * Prints a load's line, judged against the p95 target when `judged` (a baseline is not), and adds
 * to `failures` a load that had errors, timeouts or non-2xx answers.
 */
export function reportLoad(
  label: string,
  result: LoadResult,
  target: { judged: boolean; p95Ms: number; rate: number },
  failures: string[],
): void {
  const verdict = target.judged
    ? `; target p95 < ${target.p95Ms} ms at ${target.rate}/s: ${result.p95 < target.p95Ms ? "met" : "MISSED"}`
    : "";
  console.log(`  ${loadLine(label, result)}${verdict}`);
  if (result.errors + result.timeouts + result.non2xx > 0)
    failures.push(`${label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
}
