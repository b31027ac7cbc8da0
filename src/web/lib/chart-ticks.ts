/**
 * The value axis of every chart, pure so that it is tested without a browser: one compact number
 * format (950, 3.2K, 1.25M), labels exact enough that no two ticks read alike, whole-number rank
 * ticks from 1, and the axis' width from its widest label.
 */

/** Compact units, largest first. */
const UNITS = [
  [1e9, "B"],
  [1e6, "M"],
  [1e3, "K"],
] as const;

/** Decimals tried for a tick's label before its digits are written in full. */
const MAX_DECIMALS = 4;

const formats = new Map<string, Intl.NumberFormat>();
/** Grouped digits with at most `decimals` decimals, or exactly that many when `fixed`. */
function grouped(value: number, decimals: number, fixed = false): string {
  const key = `${decimals}${fixed ? "f" : ""}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      maximumFractionDigits: decimals,
      minimumFractionDigits: fixed ? decimals : 0,
    });
    formats.set(key, format);
  }
  return format.format(value);
}

const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * A value in compact units with at most `decimals` decimals: 950, 3.2K, 20K, 1.5M. The unit is the
 * largest the value reaches, one up when rounding reaches 1,000 of it: 999,990 reads 1M, not 1,000K.
 */
export function compactNumber(value: number, decimals = 1, fixed = false): string {
  const abs = Math.abs(value);
  let unit = UNITS.findIndex(([size]) => abs >= size);
  if (unit === -1) unit = UNITS.length;
  const sizeOf = (i: number) => UNITS[i]?.[0] ?? 1;
  if (unit > 0 && roundTo(abs / sizeOf(unit), decimals) >= 1000) unit--;
  const rounded = roundTo(abs / sizeOf(unit), decimals);
  // Rounding must not leave a "-0".
  const sign = value < 0 && rounded > 0 ? "-" : "";
  return `${sign}${grouped(rounded, decimals, fixed)}${UNITS[unit]?.[1] ?? ""}`;
}

/** The number a compact label stands for: "3.25M" is 3,250,000. NaN for anything else. */
export function parseCompact(label: string): number {
  const match = /^(-?[\d,]*\.?\d+)([KMB]?)$/.exec(label);
  if (!match) return Number.NaN;
  const size = UNITS.find(([, unit]) => unit === match[2])?.[0] ?? 1;
  return Number(match[1]?.replaceAll(",", "")) * size;
}

/**
 * Labels for one axis' ticks: compact, with the fewest decimals that still say each tick to within
 * a thousandth of the step between ticks, so 3,200,000 and 3,210,000 read 3.20M and 3.21M (never
 * 3.2M twice) and 2.5 stays 2.5. Ticks of one unit share their decimals, so they line up.
 */
export function tickLabels(ticks: readonly number[]): string[] {
  const sorted = [...new Set(ticks)].sort((a, b) => a - b);
  let step = Number.POSITIVE_INFINITY;
  for (let i = 1; i < sorted.length; i++) step = Math.min(step, (sorted[i] ?? 0) - (sorted[i - 1] ?? 0));
  if (!Number.isFinite(step)) step = Math.abs(sorted[0] ?? 1) || 1;
  const tolerance = step / 1000;
  const exact = ticks.map((tick) => {
    for (let decimals = 0; decimals <= MAX_DECIMALS; decimals++) {
      const label = compactNumber(tick, decimals);
      if (Math.abs(parseCompact(label) - tick) <= tolerance) return { label, decimals, unit: unitOf(label) };
    }
    return { label: grouped(tick, 6), decimals: -1, unit: "full" };
  });
  const decimalsOf = new Map<string, number>();
  for (const { decimals, unit } of exact) decimalsOf.set(unit, Math.max(decimals, decimalsOf.get(unit) ?? 0));
  return exact.map(({ label, decimals, unit }, i) => {
    const shared = decimalsOf.get(unit) ?? 0;
    if (decimals < 0 || decimals === shared) return label;
    const widened = compactNumber(ticks[i] ?? 0, shared, true);
    // Widening must not move a tick into another unit (999.95K is 1.0000M): then it keeps its own.
    return unitOf(widened) === unit ? widened : label;
  });
}

/** A compact label's unit: "K", "M", "B", or "" for none. */
const unitOf = (label: string) => /[KMB]$/.exec(label)?.[0] ?? "";

/** Steps of whole-number ticks: 1, 2, 5 and 10 times a power of ten, and 25 times one. */
function* wholeSteps(): Generator<number> {
  for (let power = 1; ; power *= 10) {
    yield 1 * power;
    yield 2 * power;
    if (power >= 10) yield 2.5 * power;
    yield 5 * power;
  }
}

/**
 * The ticks of a rank axis down to rank `worst`: whole numbers, 1 first (the top of the axis), at
 * most `maxTicks` of them. Steps of 1 or 2 count from 1 (1, 2, 3 or 1, 3, 5); larger steps go on
 * from their own multiples (1, 10, 20, 30), which read as round ranks.
 */
export function rankTicks(worst: number, maxTicks: number): number[] {
  const last = Math.max(1, Math.floor(worst));
  const most = Math.max(1, Math.floor(maxTicks));
  if (most === 1 || last === 1) return [1];
  for (const step of wholeSteps()) {
    const ticks = [1];
    for (let t = step <= 2 ? 1 + step : step; t <= last && ticks.length <= most; t += step) ticks.push(t);
    if (ticks.length <= most) return ticks;
  }
  return [1];
}

/** The room a rank axis gives beyond its first and last rank, so a #1 is not drawn on the edge. */
export function rankRange(worst: number | null): [number, number] {
  const last = Math.max(1, Math.floor(worst ?? 1));
  const pad = Math.max(0.5, (last - 1) * 0.04);
  return [1 - pad, last + pad];
}

/** Pixels around a y axis' labels beyond their own width: tick, gap and a margin for rendering. */
export const AXIS_EXTRA = 10 + 5 + 4;

/**
 * A y axis' width: its widest label as `measure` finds it (the canvas' own font in the browser)
 * plus the tick, the gap and a margin, rounded up: no label is ever cut at the chart's edge.
 */
export function axisSize(labels: readonly string[], measure: (text: string) => number): number {
  return Math.ceil(Math.max(0, ...labels.map(measure)) + AXIS_EXTRA);
}

/** How many y ticks a plot of `height` px holds with `space` px between them. */
export function maxTicks(height: number, space: number): number {
  return Math.max(2, Math.floor(height / space) + 1);
}
