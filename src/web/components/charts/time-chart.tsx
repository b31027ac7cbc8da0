import { useEffect, useMemo, useRef } from "react";
import { loadChunk } from "../../lib/chunk-load.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { type ChartSpec, coveredSpan, seriesColor } from "./chart-spec.ts";
import { ChartTable } from "./chart-table.tsx";

/** The room the readout under a drawing takes (time-chart.css), kept before it is drawn so nothing moves. */
const READOUT_HEIGHT = 28;
/** The room of the legend's first line and of "Show the figures" (time-chart.css). */
const LEGEND_HEIGHT = 26;
const FOLD_HEIGHT = 24;

export interface TimeChartProps extends ChartSpec {
  /** The figure's caption: what the chart shows, also the table's caption. */
  caption: string;
  /** The drawing's height in px (its width is the figure's). */
  height?: number;
}

/**
 * A line or bar chart over time with its figures as a table. The server renders the table alone,
 * so the page reads whole without scripts (and to crawlers and screen readers); in the browser
 * uPlot is fetched (a chunk of its own, only by pages that chart) and draws the chart above the
 * table, which then folds into "Show the figures".
 */
export function TimeChart({ caption, height = 240, ...given }: TimeChartProps) {
  const hydrated = useHydrated();
  const canvas = useRef<HTMLDivElement>(null);
  // Trimmed once per data, so the drawing's effect below sees the same arrays on every render.
  const { times: allTimes, series: allSeries } = given;
  const covered = useMemo(() => coveredSpan({ times: allTimes, series: allSeries }), [allTimes, allSeries]);
  const spec: ChartSpec = { ...given, ...covered };
  const { times, series, timeUnit, bars, reversed, decimals, integer, spanGaps } = spec;

  useEffect(() => {
    const target = canvas.current;
    if (!hydrated || !target || times.length === 0) return;
    let dispose: (() => void) | null = null;
    let cancelled = false;
    loadChunk(() => import("./draw-time-chart.ts"))
      .then(({ drawTimeChart }) => {
        if (!cancelled)
          dispose = drawTimeChart(
            target,
            { times, series, timeUnit, bars, reversed, decimals, integer, spanGaps },
            height,
          );
      })
      .catch((error: unknown) => console.error("The chart could not be drawn", error));
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [hydrated, times, series, timeUnit, bars, reversed, decimals, integer, spanGaps, height]);

  const table = <ChartTable caption={caption} {...spec} />;
  return (
    <figure className="time-chart">
      <figcaption className="time-chart__caption">{caption}</figcaption>
      {times.length === 0 ? (
        <p className="time-chart__empty">No figures yet.</p>
      ) : hydrated ? (
        <>
          {series.length > 1 && <ChartLegend series={series} bars={bars === true} />}
          <div
            className="time-chart__canvas"
            ref={canvas}
            style={{ minHeight: height + READOUT_HEIGHT }}
            aria-hidden="true"
          />
          <details className="time-chart__figures">
            <summary>Show the figures</summary>
            {table}
          </details>
        </>
      ) : (
        // Until scripts run, the table's box takes the room of what replaces it, so that the page
        // below does not move when the drawing comes (a tap aimed at a link would land elsewhere).
        <ChartTable
          caption={caption}
          {...spec}
          boxHeight={(series.length > 1 ? LEGEND_HEIGHT : 0) + height + READOUT_HEIGHT + FOLD_HEIGHT}
        />
      )}
    </figure>
  );
}

/**
 * What each line (or bar) of a drawing is: its colour beside its name, above the drawing, wrapping
 * on a phone. A chart of one series has none: its caption names the line.
 */
function ChartLegend({ series, bars }: { series: ChartSpec["series"]; bars: boolean }) {
  return (
    <ul className="time-chart__legend" aria-label="Legend">
      {series.map((s, i) => (
        <li key={s.label} className="time-chart__key">
          <span
            className={`time-chart__swatch${bars ? " time-chart__swatch--bar" : ""}`}
            style={{ backgroundColor: seriesColor(s, i) }}
            aria-hidden="true"
          />
          {s.label}
        </li>
      ))}
    </ul>
  );
}
