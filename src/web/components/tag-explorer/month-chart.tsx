import { monthLabel, tickLabel, valueAxis } from "../../lib/tag-explorer/chart-scale.ts";

const HEIGHT = 180;
const WIDTH = 420;
const TOP = 10;
const BOTTOM = 24;
/** Room beside the plot at least this wide, more when a month's label reaches past it. */
const EDGE = 8;
/** Average width of a label character at the chart's font size, for the axis' room. */
const CHAR_WIDTH = 7;

/**
 * A tag's 12 months as a line, drawn on the server as SVG (no script needed): the value axis is as
 * wide as its longest label, so no label is cut; months without data leave a gap in the line.
 * The table beside it gives the same figures in words.
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
  const known = values.filter((v): v is number => v !== null);
  const { ticks, top } = valueAxis(Math.max(0, ...known));
  // Every other month is named, counted back from the last, which always is.
  const named = months.map((m, i) => ((months.length - 1 - i) % 2 === 0 ? monthLabel(m) : null));
  // A month's name is centred on its point: the first and the last need half their width beside the plot.
  const halfName = (name: string | null | undefined) => (name ? (name.length * CHAR_WIDTH) / 2 + 2 : 0);
  const left = Math.max(
    Math.max(...ticks.map((t) => tickLabel(t).length)) * CHAR_WIDTH + 10,
    halfName(named[0]),
  );
  const right = Math.max(EDGE, halfName(named.at(-1)));
  const plotWidth = WIDTH - left - right;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = (i: number) =>
    left + (months.length <= 1 ? plotWidth / 2 : (i / (months.length - 1)) * plotWidth);
  const y = (v: number) => TOP + plotHeight - (v / top) * plotHeight;

  // Runs of known months, each its own line: a missing month is a gap, not a zero.
  const runs: string[] = [];
  let run: string[] = [];
  values.forEach((v, i) => {
    if (v === null) {
      if (run.length > 0) runs.push(run.join(" "));
      run = [];
    } else run.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  });
  if (run.length > 0) runs.push(run.join(" "));

  return (
    <svg className="month-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      {ticks.map((t) => (
        <g key={t}>
          <line className="month-chart__grid" x1={left} x2={WIDTH - right} y1={y(t)} y2={y(t)} />
          <text
            className="month-chart__tick"
            x={left - 6}
            y={y(t)}
            textAnchor="end"
            dominantBaseline="middle"
          >
            {tickLabel(t)}
          </text>
        </g>
      ))}
      {named.map((name, i) =>
        // Every other month on the axis: twelve names do not fit a phone's width.
        name === null ? null : (
          <text key={months[i]} className="month-chart__tick" x={x(i)} y={HEIGHT - 6} textAnchor="middle">
            {name}
          </text>
        ),
      )}
      {runs.map((points) =>
        points.includes(" ") ? (
          <polyline key={points} className="month-chart__line" points={points} />
        ) : (
          <circle
            key={points}
            className="month-chart__dot"
            cx={points.split(",")[0]}
            cy={points.split(",")[1]}
            r={3}
          />
        ),
      )}
    </svg>
  );
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
