import type { CalendarDay } from "../../../db/queries/activity-calendar.ts";
import { DAY_MS, dayOfInstant, dayStart } from "../../../rules/calendar.ts";
import { activityLevel } from "../../../rules/formulas/activity-level.ts";

/**
 * The activity calendar as a loader sends it: its first day, then each day's minutes online and
 * streams, day after day. Up to 378 days: as objects they were the largest part of the data React
 * Router encodes on every render (its cost grows with the objects and keys); each day's date and
 * level follow from its place and its figures, and are worked out on render (calendarCells).
 */
export interface CalendarData {
  /** The first day (a Monday, or the day the performer was first seen's week); "" when empty. */
  from: string;
  minutesOnline: number[];
  streams: number[];
}

export function calendarData(days: readonly CalendarDay[]): CalendarData {
  return {
    from: days[0]?.day ?? "",
    minutesOnline: days.map((d) => d.minutesOnline),
    streams: days.map((d) => d.streams),
  };
}

/** The calendar's days again, with their dates and levels (activityCalendar's days). */
export function calendarCells({ from, minutesOnline, streams }: CalendarData): CalendarDay[] {
  if (minutesOnline.length === 0) return [];
  const start = dayStart(from);
  return minutesOnline.map((minutes, index) => {
    const count = streams[index] ?? 0;
    return {
      day: dayOfInstant(start + index * DAY_MS),
      minutesOnline: minutes,
      streams: count,
      level: activityLevel(minutes, count),
    };
  });
}
