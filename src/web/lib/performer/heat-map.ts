import type { HourlyBucket } from "../../../stats/queries/hourly-stats.ts";

/** Shade 0 (never online) to 4 (the performer's busiest hours). */
export type HeatLevel = 0 | 1 | 2 | 3 | 4;

/**
 * A bucket's shade, relative to the performer's busiest bucket over the same weeks: a heat map
 * shows when *this* performer streams, so the busiest hour is always the darkest. Any time online
 * is at least shade 1, so that a rare hour still shows; the rest is split in four equal steps of
 * the busiest bucket's minutes (over 75 % is 4).
 */
export function heatLevel(minutesOnline: number, maxMinutes: number): HeatLevel {
  if (minutesOnline <= 0 || maxMinutes <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((4 * minutesOnline) / maxMinutes))) as HeatLevel;
}

/** Monday to Sunday (SPEC §9), the order of hourlyStats' weekdays 1 to 7. */
export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

/** The heat map's rows: one per weekday, 24 cells each, with their shade. */
export interface HeatRow {
  weekday: (typeof WEEKDAYS)[number];
  cells: { hour: number; minutesOnline: number; daysOnline: number; level: HeatLevel }[];
}

export function heatRows(buckets: readonly HourlyBucket[]): HeatRow[] {
  const max = buckets.reduce((m, b) => Math.max(m, b.minutesOnline), 0);
  return WEEKDAYS.map((weekday, index) => ({
    weekday,
    cells: buckets
      .filter((b) => b.weekday === index + 1)
      .sort((a, b) => a.hour - b.hour)
      .map((b) => ({
        hour: b.hour,
        minutesOnline: b.minutesOnline,
        daysOnline: b.daysOnline,
        level: heatLevel(b.minutesOnline, max),
      })),
  }));
}

/** The weeks a heat map may cover (?weeks=): the choices offered, and each page's default. */
export const WEEK_CHOICES = [1, 4, 12, 54] as const;
export type WeekChoice = (typeof WEEK_CHOICES)[number];

/**
 * `?weeks=` read strictly: absent is the page's default; one of 1, 4, 12, 54 written plainly is that
 * choice; anything else (5, 04, abc, two of them) is null, which the page answers with a 404.
 */
export function readWeeks(params: URLSearchParams, fallback: WeekChoice): WeekChoice | null {
  const all = params.getAll("weeks");
  if (all.length === 0) return fallback;
  if (all.length > 1) return null;
  return WEEK_CHOICES.find((w) => String(w) === all[0]) ?? null;
}
