/**
 * The map's shading: counts in up to five classes on a logarithmic scale (a few countries have most
 * performers, so a linear scale would leave every other country in the palest class).
 */

/** Light to dark: the brand's colour at the top. */
export const SHADES = ["#f6d5e2", "#eaa3be", "#d8709a", "#bb3f71", "#8f1a47"] as const;
/** A country without performers. */
export const NO_DATA_SHADE = "#e2e0e7";

/**
 * The upper bounds of the classes for counts up to `max`: max^(k/5) rounded down, for k = 1..5,
 * without repeats (small maxima give fewer classes), the last always `max`. Empty when max < 1.
 */
export function shadeThresholds(max: number, classes = SHADES.length): number[] {
  const out: number[] = [];
  if (max < 1) return out;
  for (let k = 1; k <= classes; k++) {
    // The epsilon keeps 100000^(3/5) = 999.99… from rounding down to 999.
    const bound = k === classes ? max : Math.floor(max ** (k / classes) + 1e-9);
    const last = out.at(-1);
    if (bound >= 1 && (last === undefined || bound > last)) out.push(bound);
  }
  return out;
}

/** The class of a count: 0 for none, else 1 to thresholds.length. */
export function shadeClass(count: number, thresholds: readonly number[]): number {
  if (count <= 0 || thresholds.length === 0) return 0;
  const index = thresholds.findIndex((bound) => count <= bound);
  return index === -1 ? thresholds.length : index + 1;
}

/** A class's colour: with fewer than five classes, the darker end of the palette. */
export function shadeColor(shadeClassIndex: number, classes: number): string {
  if (shadeClassIndex === 0) return NO_DATA_SHADE;
  return SHADES[SHADES.length - classes + shadeClassIndex - 1] ?? NO_DATA_SHADE;
}

export interface LegendEntry {
  from: number;
  to: number;
  color: string;
}

/** The legend: each class's range of counts and its colour, palest first. */
export function shadeLegend(thresholds: readonly number[]): LegendEntry[] {
  return thresholds.map((to, i) => ({
    from: i === 0 ? 1 : (thresholds[i - 1] ?? 0) + 1,
    to,
    color: shadeColor(i + 1, thresholds.length),
  }));
}
