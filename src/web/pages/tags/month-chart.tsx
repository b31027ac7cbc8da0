import { knownRange } from "../../components/charts/chart-spec.ts";
import { SvgLineChart } from "../../components/charts/svg-line-chart.tsx";
import { monthLabel } from "../../lib/chart-scale.ts";

/** Fewer months than this make no line worth drawing: a sentence says what there is instead. */
export const MONTHS_FOR_A_LINE = 3;

/**
 * The months from the first with a figure to the last: a chart's range is what its data covers,
 * so 35 collected days are two months, not ten empty ones and a slash (issue 28).
 */
export function monthsCovered(
  months: readonly string[],
  values: readonly (number | null)[],
): { months: string[]; values: (number | null)[] } {
  const range = knownRange(values.length, (i) => values[i] != null);
  if (range === null) return { months: [], values: [] };
  return { months: months.slice(...range), values: values.slice(...range) };
}

/** "2 months so far": what a short trend says in place of its line. */
export function monthsSoFar(count: number): string {
  return `${count} ${count === 1 ? "month" : "months"} so far`;
}

/**
 * A tag's months as a line (SvgLineChart): every other month named, counted back from the last,
 * which always is; twelve names do not fit a phone's width. A month without data is a gap.
 */
export function MonthChart({
  months,
  values,
  label,
}: {
  months: readonly string[];
  values: readonly (number | null)[];
  label: string;
}) {
  const xLabels = months.map((m, i) => ((months.length - 1 - i) % 2 === 0 ? monthLabel(m) : null));
  return <SvgLineChart values={values} xLabels={xLabels} label={label} />;
}

/**
 * The months a tag has figures for as a small line in a table row (the row's figures say the same
 * in words); under three months, how many there are so far.
 */
export function Sparkline({ values: all }: { values: readonly (number | null)[] }) {
  const range = knownRange(all.length, (i) => all[i] != null);
  if (range === null) return null;
  const values = all.slice(...range);
  if (values.length < MONTHS_FOR_A_LINE)
    return <span className="sparkline__note">{monthsSoFar(values.length)}</span>;
  const known = values.filter((v): v is number => v !== null);
  const max = Math.max(...known);
  const min = Math.min(...known);
  const span = max - min || 1;
  // Runs of months with figures, each its own line: a month without one is a gap, not a bridge.
  const runs: string[][] = [[]];
  values.forEach((v, i) => {
    if (v === null) runs.push([]);
    else
      runs[runs.length - 1]?.push(
        `${((i / (values.length - 1)) * 78 + 1).toFixed(1)},${(21 - ((v - min) / span) * 18).toFixed(1)}`,
      );
  });
  return (
    <svg className="sparkline" viewBox="0 0 80 24" aria-hidden="true" focusable="false">
      {runs
        .filter((run) => run.length > 0)
        .map((run) =>
          run.length === 1 ? (
            <circle key={run[0]} cx={run[0]?.split(",")[0]} cy={run[0]?.split(",")[1]} r={1.5} />
          ) : (
            <polyline key={run[0]} points={run.join(" ")} />
          ),
        )}
    </svg>
  );
}
