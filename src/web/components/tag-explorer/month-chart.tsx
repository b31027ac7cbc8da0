import { monthLabel } from "../../lib/chart-scale.ts";
import { SvgLineChart } from "../charts/svg-line-chart.tsx";

/**
 * A tag's 12 months as a line (SvgLineChart): every other month named, counted back from the last,
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

/** The 12 months as a small line in a table row; the row's figures say the same in words. */
export function Sparkline({ values }: { values: readonly (number | null)[] }) {
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2) return null;
  const max = Math.max(...known);
  const min = Math.min(...known);
  const span = max - min || 1;
  const points = values
    .map((v, i) =>
      v === null
        ? null
        : `${((i / (values.length - 1)) * 78 + 1).toFixed(1)},${(21 - ((v - min) / span) * 18).toFixed(1)}`,
    )
    .filter((p) => p !== null)
    .join(" ");
  return (
    <svg className="sparkline" viewBox="0 0 80 24" aria-hidden="true" focusable="false">
      <polyline points={points} />
    </svg>
  );
}
