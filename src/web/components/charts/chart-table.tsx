import { escapeHtml } from "../../lib/html-text.ts";
import { type ChartSpec, formatChartTime, formatChartValue } from "./chart-spec.ts";

type ChartTableProps = ChartSpec & {
  caption: string;
  /** The scroll box's height in px; by default it fits the table, up to its maximum (time-chart.css). */
  boxHeight?: number;
};

/**
 * A chart's figures as a table: one row per time, one column per series, inside a scroll box.
 *
 * The table is built as an HTML string, not as React elements: a performer page carries two such
 * tables of up to 90 rows, hundreds of cells that React would create, render and escape one by
 * one on every visit, and the table never changes once drawn. The same function builds the same
 * string in the browser, so hydration keeps the server's table. Every figure and label goes
 * through escapeHtml.
 */
export function ChartTable(props: ChartTableProps) {
  return (
    // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
    <section
      className="time-chart__scroll"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box, focusable so keys can scroll it
      tabIndex={0}
      aria-label={props.caption}
      style={props.boxHeight === undefined ? undefined : { height: props.boxHeight, maxHeight: "none" }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: built from figures, every one escaped
      dangerouslySetInnerHTML={{ __html: chartTableHtml(props) }}
    />
  );
}

/** The table's markup (see ChartTable). */
export function chartTableHtml({ caption, times, series, timeUnit, decimals }: ChartTableProps): string {
  const timeHeading = timeUnit === "hour" ? "Hour (UTC)" : timeUnit === "month" ? "Month" : "Day (UTC)";
  let html = `<table class="time-chart__table"><caption class="sr-only">${escapeHtml(caption)}</caption><thead><tr><th scope="col">${timeHeading}</th>`;
  for (const s of series) html += `<th scope="col">${escapeHtml(s.label)}</th>`;
  html += "</tr></thead><tbody>";
  for (const [row, time] of times.entries()) {
    html += `<tr><th scope="row">${escapeHtml(formatChartTime(time, timeUnit))}</th>`;
    for (const s of series)
      html += `<td>${escapeHtml(formatChartValue(s.values[row] ?? null, decimals))}</td>`;
    html += "</tr>";
  }
  return `${html}</tbody></table>`;
}
