/** A day of /api/active_user_count_trends_yoy.json, reduced to what the comparison reads. */
export interface YoyDay<K extends string> {
  day: string;
  rooms: Record<K, number>;
  viewers: Record<K, number>;
  year_before: { day: string; rooms: Record<K, number>; viewers: Record<K, number> } | null;
}

export interface YoySeries {
  /** The days of this year (ms, UTC midnight), oldest first. */
  times: number[];
  thisYear: number[];
  /** The same weekday 52 weeks earlier, aligned with `times`; null where we have no data. */
  yearBefore: (number | null)[];
  /** Whether any day has a year-before figure (a history under a year has none). */
  hasYearBefore: boolean;
}

/**
 * This year's daily averages beside the year before's, aligned day by day: each day's figure and
 * its own `year_before` (the publisher's pairing, the same weekday 364 days earlier), so the two
 * lines compare like with like (a Saturday with a Saturday). Days come sorted by date whatever the
 * file's order.
 */
export function yoySeries<K extends string>(
  days: readonly YoyDay<K>[],
  key: K,
  metric: "rooms" | "viewers",
): YoySeries {
  const sorted = [...days].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const yearBefore = sorted.map((d) => (d.year_before === null ? null : d.year_before[metric][key]));
  return {
    times: sorted.map((d) => Date.parse(`${d.day}T00:00:00Z`)),
    thisYear: sorted.map((d) => d[metric][key]),
    yearBefore,
    hasYearBefore: yearBefore.some((v) => v !== null),
  };
}
