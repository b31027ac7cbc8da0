import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AXIS_EXTRA,
  axisSize,
  compactNumber,
  maxTicks,
  parseCompact,
  rankRange,
  rankTicks,
  tickLabels,
} from "./chart-ticks.ts";

/** A width per character at 12 px, wide enough for any digit, unit or mark of the axis font. */
const estimate = (text: string) => text.length * 8;

describe("compact numbers", () => {
  it("writes thousands, millions and billions with a unit", () => {
    expect([950, 3_200, 20_000, 3_250_000, 2_500_000_000].map((v) => compactNumber(v))).toEqual([
      "950",
      "3.2K",
      "20K",
      "3.3M",
      "2.5B",
    ]);
    expect(compactNumber(999_990)).toBe("1M");
    expect(compactNumber(-1_500)).toBe("-1.5K");
    expect(compactNumber(-0.01)).toBe("0");
    expect(compactNumber(12.345, 2)).toBe("12.35");
  });

  it("reads its own labels back", () => {
    expect(parseCompact("3.25M")).toBe(3_250_000);
    expect(parseCompact("-1.5K")).toBe(-1_500);
    expect(parseCompact("1,200")).toBe(1_200);
    expect(parseCompact("abc")).toBeNaN();
  });
});

describe("tick labels", () => {
  it("keeps the decimals the step needs and no more", () => {
    expect(tickLabels([0, 5_000, 10_000, 15_000, 20_000])).toEqual(["0", "5K", "10K", "15K", "20K"]);
    expect(tickLabels([3_200_000, 3_210_000, 3_220_000])).toEqual(["3.20M", "3.21M", "3.22M"]);
    expect(tickLabels([0, 250_000, 500_000, 750_000, 1_000_000, 1_250_000])).toEqual([
      "0",
      "250K",
      "500K",
      "750K",
      "1.00M",
      "1.25M",
    ]);
    expect(tickLabels([0, 0.5, 1, 1.5])).toEqual(["0.0", "0.5", "1.0", "1.5"]);
    expect(tickLabels([800, 900, 1_000, 1_100])).toEqual(["800", "900", "1.0K", "1.1K"]);
    expect(tickLabels([3_250_000])).toEqual(["3.25M"]);
  });

  it("never gives two ticks one label, and each label says its tick", () => {
    const axis = fc
      .tuple(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.constantFrom(1, 2, 2.5, 5),
        fc.integer({ min: -3, max: 8 }),
        fc.integer({ min: 2, max: 12 }),
      )
      .map(([from, mantissa, power, count]) => {
        const step = mantissa * 10 ** power;
        const first = Math.ceil(from / step) * step;
        return { step, ticks: Array.from({ length: count }, (_, i) => first + i * step) };
      });
    fc.assert(
      fc.property(axis, ({ step, ticks }) => {
        const labels = tickLabels(ticks);
        expect(new Set(labels).size).toBe(labels.length);
        for (const [i, label] of labels.entries()) {
          const read = parseCompact(label.replaceAll(",", ""));
          // A label written in full digits has no unit and reads back as itself.
          expect(Math.abs(read - (ticks[i] ?? 0))).toBeLessThanOrEqual(step / 1000 + 1e-9);
        }
      }),
    );
  });
});

describe("rank ticks", () => {
  it("counts from 1 in whole steps", () => {
    expect(rankTicks(3, 7)).toEqual([1, 2, 3]);
    expect(rankTicks(1, 7)).toEqual([1]);
    expect(rankTicks(12, 7)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(rankTicks(37, 7)).toEqual([1, 10, 20, 30]);
    expect(rankTicks(480, 7)).toEqual([1, 100, 200, 300, 400]);
    expect(rankRange(3)).toEqual([0.5, 3.5]);
    expect(rankRange(null)).toEqual([0.5, 1.5]);
  });

  it("are whole, rising, never repeated, start at 1 and keep within the count and the worst rank", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e7, noNaN: true }),
        fc.integer({ min: 1, max: 20 }),
        (worst, most) => {
          const ticks = rankTicks(worst, most);
          expect(ticks[0]).toBe(1);
          expect(ticks.length).toBeLessThanOrEqual(Math.max(1, most));
          for (const [i, t] of ticks.entries()) {
            expect(Number.isInteger(t)).toBe(true);
            expect(t).toBeLessThanOrEqual(Math.max(1, worst));
            if (i > 0) expect(t).toBeGreaterThan(ticks[i - 1] ?? 0);
          }
          const labels = tickLabels(ticks);
          for (let i = 1; i < labels.length; i++) expect(labels[i]).not.toBe(labels[i - 1]);
          const [top, bottom] = rankRange(worst);
          expect(top).toBeLessThan(1);
          expect(bottom).toBeGreaterThan(ticks.at(-1) ?? 1);
        },
      ),
    );
  });

  it("fit a plot's height", () => {
    expect(maxTicks(180, 28)).toBe(7);
    expect(maxTicks(10, 28)).toBe(2);
  });
});

describe("axis width", () => {
  it("is the widest label and the tick's room", () => {
    expect(axisSize(["0", "20K", "3.25M"], estimate)).toBe(5 * 8 + AXIS_EXTRA);
    expect(axisSize([], estimate)).toBe(AXIS_EXTRA);
  });

  it("holds every label of any axis", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e12, max: 1e12, noNaN: true }), { maxLength: 12 }), (ticks) => {
        const labels = tickLabels(ticks);
        const size = axisSize(labels, estimate);
        for (const label of labels) expect(estimate(label) + AXIS_EXTRA).toBeLessThanOrEqual(size);
      }),
    );
  });
});
