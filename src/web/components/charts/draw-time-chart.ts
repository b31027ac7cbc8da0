import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { axisSize, maxTicks, rankRange, rankTicks, tickLabels } from "../../lib/chart-ticks.ts";
import { type ChartSpec, formatChartTime, formatChartValue, seriesColor } from "./chart-spec.ts";

const SECOND = 1000;
/** Tick steps of a whole-number axis (uPlot's own include fractions). */
const WHOLE_STEPS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000, 20_000, 50_000, 100_000,
  200_000, 500_000, 1_000_000,
];
/** The axes' font, set here so that the labels are measured in the font they are drawn in. */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
/** The x axis' height (uPlot's default): two lines of labels, a day under its hour. */
const X_AXIS_SIZE = 50;
/** Room above the plot, for the top tick's label (half a line) and air. */
const TOP_PADDING = 12;
/** Least room between two y ticks, px. */
const Y_SPACE = 28;
/** Least room beside the plot on the right, px. */
const EDGE = 8;

/** A drawn chart's element: its uPlot, kept where the browser tests read the axes as drawn. */
export interface DrawnChartElement extends HTMLElement {
  uplot?: uPlot;
}

let measuring: CanvasRenderingContext2D | null = null;
/** A label's width in CSS px, in the axes' font, as the canvas will draw it (widest line). */
function measure(text: string): number {
  measuring ??= document.createElement("canvas").getContext("2d");
  if (!measuring) return text.length * 8;
  measuring.font = AXIS_FONT;
  return Math.max(0, ...text.split("\n").map((line) => measuring?.measureText(line).width ?? 0));
}

/**
 * Draws a chart into `target` with uPlot and keeps it as wide as its container; returns what
 * removes it. Imported dynamically by TimeChart, so uPlot is a chunk of its own that only pages
 * with charts fetch, after the page is already readable.
 *
 * Every label is sized from its own text: the y axis is as wide as its widest label, and the plot
 * leaves half the widest x label beside it, so no label is cut at 375 px or 1280. Ranks get whole
 * ticks from 1, at the top.
 */
export function drawTimeChart(target: HTMLElement, spec: ChartSpec, height: number): () => void {
  const bars = spec.bars ? uPlot.paths.bars?.({ size: [0.7, 40] }) : undefined;
  const rank = spec.integer === true && spec.reversed === true;
  const plotHeight = height - X_AXIS_SIZE - TOP_PADDING;
  // The axes' widths as last sized, for the padding that keeps the edge x labels whole.
  let yAxisWidth = 0;
  let xHalfLabel = 0;
  const options: uPlot.Options = {
    width: Math.max(200, target.clientWidth),
    height,
    // Times are UTC days and hours, as the table writes them.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * SECOND), "Etc/UTC"),
    padding: [
      TOP_PADDING,
      () => Math.max(EDGE, xHalfLabel),
      null,
      () => Math.max(0, xHalfLabel - yAxisWidth),
    ],
    scales: {
      // Bars are centred on their time: half a step more on each side keeps the first and last whole.
      ...(spec.bars && spec.times.length > 1
        ? {
            x: {
              range: (_u: uPlot, min: number, max: number): uPlot.Range.MinMax => {
                const half = ((spec.times[1] ?? 0) - (spec.times[0] ?? 0)) / SECOND / 2;
                return [min - half, max + half];
              },
            },
          }
        : {}),
      y: {
        dir: spec.reversed ? -1 : 1,
        // Ranks: 1 at the top of the reversed axis, never a rank 0 or below.
        ...(rank ? { range: (_u: uPlot, _min: number, max: number) => rankRange(max) } : {}),
        // Bars stand on 0: a bar cut short at 40 would draw 41 as twice 40.
        ...(spec.bars && !rank
          ? { range: { min: { soft: 0, mode: 1 }, max: { pad: 0.1, soft: 0, mode: 1 } } }
          : {}),
      },
    },
    axes: [
      {
        font: AXIS_FONT,
        size: (_u, values) => {
          xHalfLabel = Math.ceil(Math.max(0, ...(values ?? []).map(measure)) / 2) + 2;
          return X_AXIS_SIZE;
        },
      },
      {
        font: AXIS_FONT,
        space: Y_SPACE,
        values: (_u, splits) => tickLabels(splits),
        size: (_u, values) => {
          yAxisWidth = axisSize(values ?? [], measure);
          return yAxisWidth;
        },
        ...(spec.integer ? { incrs: WHOLE_STEPS } : {}),
        ...(rank
          ? {
              splits: (_u: uPlot, _i: number, _min: number, max: number) =>
                rankTicks(max, maxTicks(plotHeight, Y_SPACE)),
            }
          : {}),
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
          points: { show: !spec.bars && spec.times.length < 60 },
          spanGaps: spec.spanGaps === true,
        };
      }),
    ],
    // The legend is the figure's own (TimeChart); the readout below says the point under the cursor.
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
  };
  const data: uPlot.AlignedData = [
    spec.times.map((t) => t / SECOND),
    ...spec.series.map((s) => s.values.map((v) => v ?? null)),
  ];
  const readout = document.createElement("p");
  readout.className = "time-chart__readout";
  const read = (index: number | null | undefined) => {
    const i = index ?? spec.times.length - 1;
    const time = spec.times[i];
    if (time === undefined) return;
    const values = spec.series.map(
      (s) => `${s.label} ${formatChartValue(s.values[i] ?? null, spec.decimals)}`,
    );
    readout.textContent = `${formatChartTime(time, spec.timeUnit)}: ${values.join(" · ")}`;
  };
  options.hooks = { setCursor: [(u) => read(u.cursor.idx)] };
  const chart = new uPlot(options, data, target);
  read(null);
  target.append(readout);
  (target as DrawnChartElement).uplot = chart;
  target.dataset.drawn = "";
  const resize = new ResizeObserver(() =>
    chart.setSize({ width: Math.max(200, target.clientWidth), height }),
  );
  resize.observe(target);
  return () => {
    resize.disconnect();
    chart.destroy();
    readout.remove();
    delete (target as DrawnChartElement).uplot;
    delete target.dataset.drawn;
  };
}
