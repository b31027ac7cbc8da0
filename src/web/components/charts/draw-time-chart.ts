import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { type ChartSpec, formatChartValue, seriesColor } from "./chart-spec.ts";

const SECOND = 1000;

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
    scales: { y: { dir: spec.reversed ? -1 : 1 } },
    axes: [{}, { values: (_u, values) => values.map((v) => formatChartValue(v, spec.decimals)) }],
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
