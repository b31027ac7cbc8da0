import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { monthsCovered, Sparkline } from "../../pages/tags/month-chart.tsx";
import { coveredSpan } from "./chart-spec.ts";
import { SvgLineChart } from "./svg-line-chart.tsx";
import { TimeChart } from "./time-chart.tsx";

const DAY = 86_400_000;
const WINDOW = 90;

/** A 90-day window (a chart's default) whose last `days` days have figures. */
function window90(days: number) {
  const start = Date.UTC(2026, 0, 1);
  const times = Array.from({ length: WINDOW }, (_, i) => start + i * DAY);
  const values = times.map((_, i) => (i >= WINDOW - days ? 100 + i : null));
  return { times, values };
}

/** Every number of a polyline's points, as [x, y] pairs. */
const pointsOf = (html: string) =>
  [...html.matchAll(/<polyline[^>]*points="([^"]*)"/g)].flatMap((m) =>
    (m[1] ?? "").split(" ").map((pair) => pair.split(",").map(Number)),
  );

describe.each([7, 35])("a chart over %i days of history", (days) => {
  it("a time chart's table and drawing span the days with figures, not the 90-day window", () => {
    const { times, values } = window90(days);
    const spec = coveredSpan({ times, series: [{ label: "Followers", values }] });
    expect(spec.times).toHaveLength(days);
    expect(spec.series[0]?.values.every((v) => v !== null)).toBe(true);
    const html = renderToStaticMarkup(
      createElement(TimeChart, {
        caption: "Followers",
        times,
        series: [{ label: "Followers", values }],
        timeUnit: "day",
      }),
    );
    // The server renders the table alone: one row per day with a figure, no "–" rows before them.
    expect(html.match(/<tr><th scope="row">/g)).toHaveLength(days);
    expect(html).not.toContain("<td>–</td>");
  });

  it("keeps a day without a figure inside the span as a gap", () => {
    const { times, values } = window90(days);
    const gapped = values.map((v, i) => (i === WINDOW - 2 ? null : v));
    const spec = coveredSpan({ times, series: [{ label: "Viewers", values: gapped }] });
    expect(spec.times).toHaveLength(days);
    expect(spec.series[0]?.values.at(-2)).toBeNull();
  });

  it("a server-drawn line fills its plot and stays inside its drawing", () => {
    const values = Array.from({ length: days }, (_, i) => 1_000 + i * 37);
    const xLabels = values.map((_, i) => (i % 7 === 0 ? `Jan ${i + 1}` : null));
    const html = renderToStaticMarkup(createElement(SvgLineChart, { values, xLabels, label: "test" }));
    const width = Number(/viewBox="0 0 (\d+) (\d+)"/.exec(html)?.[1]);
    const height = Number(/viewBox="0 0 (\d+) (\d+)"/.exec(html)?.[2]);
    const points = pointsOf(html);
    expect(points).toHaveLength(days);
    const xs = points.map(([x]) => x as number);
    // The line runs across most of the drawing: not squeezed into a corner of an empty range.
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(width * 0.7);
    for (const [x, y] of points) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(width);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(height);
    }
    expect(html).not.toContain("svg-line-chart__dot");
  });

  it("a tag's months count from the first with figures: a sentence under three, never a slash", () => {
    // 7 days are one month of figures; 35 days reach into a second.
    const known = days === 7 ? 1 : 2;
    const months = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, "0")}`);
    const trend = months.map((_, i) => (i >= 12 - known ? 10 + i : null));
    expect(monthsCovered(months, trend).months).toHaveLength(known);
    const sparkline = renderToStaticMarkup(createElement(Sparkline, { values: trend }));
    expect(sparkline).toBe(
      `<span class="sparkline__note">${known} ${known === 1 ? "month" : "months"} so far</span>`,
    );
  });
});
