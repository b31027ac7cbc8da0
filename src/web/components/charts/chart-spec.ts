/**
 * What a time chart draws, shared by the table (server and browser) and the drawing (browser only,
 * with uPlot): plain data, so a loader can build it and the page can embed it.
 */
export interface ChartSeries {
  label: string;
  /** One value per time; null where there is none (a gap, not a zero). */
  values: readonly (number | null)[];
  /** A CSS colour for the line or bars; the palette's next colour when absent. */
  color?: string;
}

export interface ChartSpec {
  /** Milliseconds since 1970 (UTC), ascending. */
  times: readonly number[];
  series: readonly ChartSeries[];
  /** How the table and the axis write a time: a UTC day, a UTC hour, or a month. */
  timeUnit: "day" | "hour" | "month";
  /** Bars instead of lines (counts per day, say). */
  bars?: boolean;
  /** The value axis runs downwards (ranks: 1 at the top). */
  reversed?: boolean;
  /** Decimals the table writes (default 0). */
  decimals?: number;
  /** Whole-number ticks only (ranks, counts of few): no "2.5" between 2 and 3. */
  integer?: boolean;
  /**
   * A level that lasts between its known points (followers, counted only when a room is seen): the
   * line runs across the days without a figure instead of breaking into lone dots (issue 28).
   */
  spanGaps?: boolean;
}

/**
 * The span of the times some series has a figure for, first to last: a chart's range is what its
 * data covers, so a 90-day window over 35 collected days draws 35 days, not two thirds of nothing.
 * Gaps inside the span stay (they are days without a figure); a spec with no figure at all keeps
 * no time.
 */
export function coveredSpan<T extends Pick<ChartSpec, "times" | "series">>(spec: T): T {
  const range = knownRange(spec.times.length, (i) => spec.series.some((s) => (s.values[i] ?? null) !== null));
  if (range === null) return { ...spec, times: [], series: spec.series.map((s) => ({ ...s, values: [] })) };
  const [first, end] = range;
  if (first === 0 && end === spec.times.length) return spec;
  return {
    ...spec,
    times: spec.times.slice(first, end),
    series: spec.series.map((s) => ({ ...s, values: s.values.slice(first, end) })),
  };
}

/**
 * The slice [first, end) from the first index with a figure to the last, or null without any: the
 * one rule by which every chart's range is what its data covers.
 */
export function knownRange(length: number, known: (i: number) => boolean): [number, number] | null {
  let first = 0;
  while (first < length && !known(first)) first++;
  if (first === length) return null;
  let last = length - 1;
  while (!known(last)) last--;
  return [first, last + 1];
}

/** The palette series take in order: the brand's colour first, then well-separated hues. */
export const CHART_PALETTE = ["#b4235a", "#2f6fb5", "#2c9a5b", "#d98a1c", "#7a4fb5", "#5a5766"] as const;

export function seriesColor(series: ChartSeries, index: number): string {
  return series.color ?? CHART_PALETTE[index % CHART_PALETTE.length] ?? "#b4235a";
}

/** A time as the table writes it, in UTC: 2026-11-18, 2026-11-18 14:00, or 2026-11. */
export function formatChartTime(ms: number, unit: ChartSpec["timeUnit"]): string {
  const iso = new Date(ms).toISOString();
  if (unit === "month") return iso.slice(0, 7);
  if (unit === "day") return iso.slice(0, 10);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

const formats = new Map<number, Intl.NumberFormat>();

/** A value as the table writes it: grouped digits, the spec's decimals, an en dash for none. */
export function formatChartValue(value: number | null, decimals = 0): string {
  if (value === null) return "–";
  let format = formats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { maximumFractionDigits: decimals });
    formats.set(decimals, format);
  }
  return format.format(value);
}
