import type { HourlyBucket } from "../../../db/queries/hourly-stats.ts";

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

/**
 * The heat map as the loader sends it: the 168 buckets' minutes and days online, Monday 00:00 UTC
 * first, hour by hour. Two arrays of numbers rather than 168 objects: React Router encodes the
 * loader's data on every render, at a cost that grows with the objects and keys in it; the weekday,
 * hour and shade of a bucket follow from its place and are worked out on render (heatRows).
 */
export interface HeatWeek {
  minutes: number[];
  days: number[];
}

/** hourlyStats' buckets (Monday hour 0 first, every bucket there) as the loader sends them. */
export function heatWeek(buckets: readonly HourlyBucket[]): HeatWeek {
  return { minutes: buckets.map((b) => b.minutesOnline), days: buckets.map((b) => b.daysOnline) };
}

/** One heat map cell: its UTC hour, minutes and days online, and shade. */
export interface HeatCell {
  hour: number;
  minutesOnline: number;
  daysOnline: number;
  level: HeatLevel;
}

/** The heat map's rows: one per weekday, 24 cells each, with their shade. */
export interface HeatRow {
  weekday: (typeof WEEKDAYS)[number];
  cells: HeatCell[];
}

export function heatRows({ minutes, days }: HeatWeek): HeatRow[] {
  const max = Math.max(0, ...minutes);
  return WEEKDAYS.map((weekday, index) => ({
    weekday,
    cells: Array.from({ length: 24 }, (_, hour) => {
      const minutesOnline = minutes[index * 24 + hour] ?? 0;
      return {
        hour,
        minutesOnline,
        daysOnline: days[index * 24 + hour] ?? 0,
        level: heatLevel(minutesOnline, max),
      };
    }),
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
