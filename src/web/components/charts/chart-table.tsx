import { type ChartSpec, formatChartTime, formatChartValue } from "./chart-spec.ts";

/** A chart's figures as a table: one row per time, one column per series. */
export function ChartTable({ caption, times, series, timeUnit, decimals }: ChartSpec & { caption: string }) {
  const timeHeading = timeUnit === "hour" ? "Hour (UTC)" : timeUnit === "month" ? "Month" : "Day (UTC)";
  return (
    // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box, focusable so keys can scroll it
    <section className="time-chart__scroll" tabIndex={0} aria-label={caption}>
      <table className="time-chart__table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{timeHeading}</th>
            {series.map((s) => (
              <th scope="col" key={s.label}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {times.map((time, row) => (
            <tr key={time}>
              <th scope="row">{formatChartTime(time, timeUnit)}</th>
              {series.map((s) => (
                <td key={s.label}>{formatChartValue(s.values[row] ?? null, decimals)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
