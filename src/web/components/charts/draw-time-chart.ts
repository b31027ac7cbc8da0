import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { type ChartSpec, formatChartValue, seriesColor } from "./chart-spec.ts";

const SECOND = 1000;
/** Tick steps of a whole-number axis (uPlot's own include fractions). */
const WHOLE_STEPS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000, 20_000, 50_000, 100_000,
  200_000, 500_000, 1_000_000,
];
/** The value axis' width: its longest label at the axis font (about 7 px a character) and the gap. */
const axisWidth = (values: readonly string[] | null) =>
  Math.max(40, 18 + 7 * Math.max(0, ...(values ?? []).map((v) => v.length)));

/**
 * Draws a chart into `target` with uPlot and keeps it as wide as its container; returns what
 * removes it. Imported dynamically by TimeChart, so uPlot is a chunk of its own that only pages
 * with charts fetch, after the page is already readable.
 */
export function drawTimeChart(target: HTMLElement, spec: ChartSpec, height: number): () => void {
  const bars = spec.bars ? uPlot.paths.bars?.({ size: [0.7, 40] }) : undefined;
  const options: uPlot.Options = {
    width: Math.max(200, target.clientWidth),
    height,
    // Times are UTC days and hours, as the table writes them.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * SECOND), "Etc/UTC"),
    scales: {
      y: {
        dir: spec.reversed ? -1 : 1,
        // Ranks: never below 1 (the top), which sits at the top of a reversed axis.
        ...(spec.integer && spec.reversed
          ? {
              range: (_u: uPlot, min: number, max: number): uPlot.Range.MinMax => [1, Math.max(max, min + 1)],
            }
          : {}),
      },
    },
    axes: [
      {},
      {
        values: (_u, values) => values.map((v) => formatChartValue(v, spec.decimals)),
        // Wide enough for its labels, so "1,234,567" is not cut at the left edge.
        size: (_u, values) => axisWidth(values),
        ...(spec.integer ? { incrs: WHOLE_STEPS } : {}),
      },
    ],
    series: [
      {},
      ...spec.series.map((s, i) => {
        const color = seriesColor(s, i);
        return {
          label: s.label,
          stroke: color,
          width: 2,
          fill: spec.bars ? `${color}cc` : undefined,
          paths: bars,
          points: { show: spec.times.length < 60 },
          value: (_u: uPlot, v: number | null) => formatChartValue(v, spec.decimals),
        };
      }),
    ],
    legend: { show: spec.series.length > 1 },
    cursor: { drag: { x: false, y: false } },
  };
  const data: uPlot.AlignedData = [
    spec.times.map((t) => t / SECOND),
    ...spec.series.map((s) => s.values.map((v) => v ?? null)),
  ];
  const chart = new uPlot(options, data, target);
  const resize = new ResizeObserver(() =>
    chart.setSize({ width: Math.max(200, target.clientWidth), height }),
  );
  resize.observe(target);
  return () => {
    resize.disconnect();
    chart.destroy();
  };
}
