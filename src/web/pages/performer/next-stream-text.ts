import {
  addDays,
  clockOfMinutes,
  type Occurrence,
  type WallTime,
  WEEKDAY_NAMES,
  wallTimeAt,
} from "../../lib/profile/weekly-time.ts";

/** A stream's start and end instants (ms). */
export type StreamTimes = Pick<Occurrence, "start" | "end">;

const sameDate = (a: WallTime, b: { year: number; month: number; day: number }) =>
  a.year === b.year && a.month === b.month && a.day === b.day;

/** "today", "tomorrow" or the weekday's name, as the zone's clock sees `instant` from `now`. */
export function dayWord(instant: number, zone: string, now: number): string {
  const wall = wallTimeAt(instant, zone);
  const today = wallTimeAt(now, zone);
  if (sameDate(wall, today)) return "today";
  if (sameDate(wall, addDays(today, 1))) return "tomorrow";
  return WEEKDAY_NAMES[wall.weekday];
}

const clockAt = (instant: number, zone: string) => clockOfMinutes(wallTimeAt(instant, zone).minutes);

/**
 * The next stream in the performer's zone only: what the server renders, and the browser's first
 * render (it must match), before it knows the visitor's zone. "Next stream: Tuesday 19:00
 * (Europe/Amsterdam)".
 */
export function nextStreamInPerformerZone(next: StreamTimes, zone: string, now: number): string {
  if (next.start <= now) return `Streaming now by the schedule, until ${clockAt(next.end, zone)} (${zone})`;
  return `Next stream: ${dayWord(next.start, zone, now)} ${clockAt(next.start, zone)} (${zone})`;
}

/**
 * The next stream in the visitor's zone, the performer's named beside it: "Next stream: Tuesday
 * 20:00 your time (19:00 Europe/Amsterdam)"; the performer's weekday is added when theirs differs.
 */
export function nextStreamForVisitor(
  next: StreamTimes,
  performerZone: string,
  visitorZone: string,
  now: number,
): string {
  const ongoing = next.start <= now;
  const at = ongoing ? next.end : next.start;
  const theirs = wallTimeAt(at, performerZone);
  const yours = wallTimeAt(at, visitorZone);
  const sameClock = theirs.minutes === yours.minutes && theirs.weekday === yours.weekday;
  const performerPart = sameClock
    ? performerZone
    : `${theirs.weekday === yours.weekday ? "" : `${WEEKDAY_NAMES[theirs.weekday]} `}${clockOfMinutes(theirs.minutes)} ${performerZone}`;
  if (ongoing)
    return `Streaming now by the schedule, until ${clockOfMinutes(yours.minutes)} your time (${performerPart})`;
  return `Next stream: ${dayWord(at, visitorZone, now)} ${clockOfMinutes(yours.minutes)} your time (${performerPart})`;
}
