import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SvgLineChart } from "./svg-line-chart.tsx";

/** The drawing's width (its viewBox) and each x label's centre and text. */
function xLabelsOf(html: string) {
  const width = Number(/viewBox="0 0 (\d+)/.exec(html)?.[1]);
  const labels = [
    ...html.matchAll(/<text[^>]*x="([\d.]+)"[^>]*text-anchor="middle"[^>]*>([^<]*)<\/text>/g),
  ].map((m) => ({ x: Number(m[1]), text: m[2] ?? "" }));
  return { width, labels };
}

describe("the server-drawn line chart", () => {
  it("keeps an x label near either end inside the drawing, not only the first and last", () => {
    // 24 hours in 10-minute steps with 00:00 four steps before the end (the live stats at 00:40).
    const xLabels = Array.from({ length: 144 }, (_, i) => (i === 140 ? "00:00" : i === 3 ? "08:00" : null));
    const html = renderToStaticMarkup(
      createElement(SvgLineChart, { values: xLabels.map((_, i) => i), xLabels, label: "test" }),
    );
    const { width, labels } = xLabelsOf(html);
    expect(labels.map((l) => l.text)).toEqual(["08:00", "00:00"]);
    // Half a label is at most its characters × 7 / 2 (the chart's own estimate, which is generous).
    for (const { x, text } of labels) {
      expect(x - (text.length * 7) / 2).toBeGreaterThanOrEqual(0);
      expect(x + (text.length * 7) / 2).toBeLessThanOrEqual(width);
    }
  });

  it("does so wherever the labels fall", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 400 }), fc.array(fc.nat(), { maxLength: 8 }), (n, at) => {
        const xLabels = Array.from({ length: n }, (_, i) => (at.some((a) => a % n === i) ? "Sep 26" : null));
        const html = renderToStaticMarkup(
          createElement(SvgLineChart, { values: xLabels.map(() => 1), xLabels, label: "test" }),
        );
        const { width, labels } = xLabelsOf(html);
        for (const { x, text } of labels) {
          expect(x - (text.length * 7) / 2).toBeGreaterThanOrEqual(0);
          expect(x + (text.length * 7) / 2).toBeLessThanOrEqual(width);
        }
      }),
    );
  });
});
