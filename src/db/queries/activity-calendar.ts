import { sql } from "kysely";
import { addDays, DAY_MS, dayOfInstant, dayStart, weekStart } from "../../rules/calendar.ts";
import { type ActivityLevel, activityLevel } from "../../rules/formulas/activity-level.ts";
import type { Db } from "../connect.ts";

/** The activity calendar's longest reach (SPEC §9). */
export const CALENDAR_WEEKS = 54;

/** One day of a performer's activity calendar. */
export interface CalendarDay {
  day: string;
  minutesOnline: number;
  streams: number;
  /** 0 to 4, docs/formulas.md (activity level). */
  level: ActivityLevel;
}

/**
 * Every day from the Monday that starts the calendar to endDay, ascending, zeros where the performer
 * was not online. The calendar covers up to 54 weeks (Monday to Sunday) ending with endDay's week,
 * but starts no earlier than the week the performer was first seen; days after endDay are not there
 * yet. Empty for a performer never seen, or first seen after endDay.
 */
export async function activityCalendar(db: Db, performerId: number, endDay: string): Promise<CalendarDay[]> {
  dayStart(endDay);
  const { rows: seen } = await sql<{ first_day: string }>`
    SELECT (first_seen AT TIME ZONE 'UTC')::date AS first_day FROM performers
    WHERE performer_id = ${performerId}`.execute(db);
  const firstDay = seen[0]?.first_day;
  if (firstDay === undefined) return [];
  const fromDay = calendarStart(firstDay, endDay);
  const { rows } = await sql<{ day: string; minutesOnline: number; streamCount: number }>`
    SELECT day, minutes_online AS "minutesOnline", stream_count AS "streamCount"
    FROM performer_days
    WHERE performer_id = ${performerId} AND day BETWEEN ${fromDay}::date AND ${endDay}::date`.execute(db);
  return calendarDays(firstDay, endDay, rows);
}

/** The calendar's first day: 53 weeks before endDay's week, or the first-seen day's week if later. */
function calendarStart(firstDay: string, endDay: string): string {
  const earliest = addDays(weekStart(endDay), -7 * (CALENDAR_WEEKS - 1));
  return firstDay > earliest ? weekStart(firstDay) : earliest;
}

/**
 * The calendar (see activityCalendar) from the performer's first-seen day and their performer_days
 * rows, any range of them: the performer page has every row already and asks no query of its own.
 */
export function calendarDays(
  firstDay: string,
  endDay: string,
  rows: readonly { day: string; minutesOnline: number; streamCount: number }[],
): CalendarDay[] {
  if (firstDay > endDay) return [];
  const fromDay = calendarStart(firstDay, endDay);
  const found = new Map(rows.map((r) => [r.day, r]));
  const days: CalendarDay[] = [];
  // Day by day in milliseconds, one date string each: addDays and dayStart check and parse a day
  // text every time, which over a year's days showed in the performer page's profile.
  for (let ms = dayStart(fromDay), end = dayStart(endDay); ms <= end; ms += DAY_MS) {
    const day = dayOfInstant(ms);
    const r = found.get(day);
    const minutesOnline = r?.minutesOnline ?? 0;
    const streams = r?.streamCount ?? 0;
    days.push({ day, minutesOnline, streams, level: activityLevel(minutesOnline, streams) });
  }
  return days;
}
