import { valueAxis } from "../../lib/chart-scale.ts";
import { tickLabels } from "../../lib/chart-ticks.ts";

const HEIGHT = 180;
const WIDTH = 420;
const TOP = 10;
const BOTTOM = 24;
/** Room beside the plot at least this wide, more when an edge label reaches past it. */
const EDGE = 8;
/** Average width of a label character at the chart's font size, for the labels' room. */
const CHAR_WIDTH = 7;

/**
 * One series as a line, drawn on the server as SVG (no script needed, same on every screen): the
 * value axis starts at 0 and is as wide as its longest label, the first and last x labels get
 * half their width beside the plot, so no label is cut; a null point leaves a gap in the line.
 * Pages give the same figures in words or a table beside it.
 */
export function SvgLineChart({
  values,
  xLabels,
  label,
  className,
}: {
  values: readonly (number | null)[];
  /** One per point; null where the axis names nothing. */
  xLabels: readonly (string | null)[];
  /** What the chart shows, for screen readers. */
  label: string;
  className?: string;
}) {
  const known = values.filter((v): v is number => v !== null);
  const { ticks, top } = valueAxis(Math.max(0, ...known));
  const labels = tickLabels(ticks);
  const halfName = (name: string | null | undefined) => (name ? (name.length * CHAR_WIDTH) / 2 + 2 : 0);
  // An x label is centred on its point: one near either end may reach past the plot by up to half
  // its width less its distance from the end. Room for the furthest-reaching on each side.
  const axis = Math.max(...labels.map((l) => l.length)) * CHAR_WIDTH + 10;
  // The step of a plot narrowed by the widest label on both sides: never wider than the drawn one.
  const widest = Math.max(0, ...xLabels.map(halfName));
  const step = (WIDTH - axis - 2 * widest) / Math.max(1, values.length - 1);
  const reach = (fromEnd: (i: number) => number) =>
    Math.max(0, ...xLabels.map((name, i) => halfName(name) - fromEnd(i) * step));
  const left = Math.max(
    axis,
    reach((i) => i),
  );
  const right = Math.max(
    EDGE,
    reach((i) => xLabels.length - 1 - i),
  );
  const plotWidth = WIDTH - left - right;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = (i: number) =>
    left + (values.length <= 1 ? plotWidth / 2 : (i / (values.length - 1)) * plotWidth);
  const y = (v: number) => TOP + plotHeight - (v / top) * plotHeight;

  // Runs of known points, each its own line: a missing point is a gap, not a zero.
  const runs: { key: number; points: string[] }[] = [];
  let run: string[] = [];
  values.forEach((v, i) => {
    if (v === null) {
      if (run.length > 0) runs.push({ key: i, points: run });
      run = [];
    } else run.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  });
  if (run.length > 0) runs.push({ key: values.length, points: run });

  return (
    <svg
      className={`svg-line-chart${className ? ` ${className}` : ""}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
    >
      {ticks.map((t, i) => (
        <g key={t}>
          <line className="svg-line-chart__grid" x1={left} x2={WIDTH - right} y1={y(t)} y2={y(t)} />
          <text
            className="svg-line-chart__tick"
            x={left - 6}
            y={y(t)}
            textAnchor="end"
            dominantBaseline="middle"
          >
            {labels[i]}
          </text>
        </g>
      ))}
      {xLabels.map((name, i) =>
        name === null ? null : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the points are fixed in number and order
          <text key={i} className="svg-line-chart__tick" x={x(i)} y={HEIGHT - 6} textAnchor="middle">
            {name}
          </text>
        ),
      )}
      {runs.map(({ key, points }) =>
        points.length > 1 ? (
          <polyline key={key} className="svg-line-chart__line" points={points.join(" ")} />
        ) : (
          <circle
            key={key}
            className="svg-line-chart__dot"
            cx={points[0]?.split(",")[0]}
            cy={points[0]?.split(",")[1]}
            r={3}
          />
        ),
      )}
    </svg>
  );
}
