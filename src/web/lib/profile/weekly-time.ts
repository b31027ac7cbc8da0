/**
 * A performer's weekly schedule is wall-clock times in their own zone ("Tuesday 19:00 in
 * Europe/Amsterdam"); visitors want them in theirs. These are the conversions, with Intl only (it
 * knows every zone's rules in Node and in the browser): a weekday and time in zone A → the instant
 * of its next occurrence → that instant's weekday and time in zone B. Pure: `now` is an argument.
 */

/** ISO weekday: Monday = 1 … Sunday = 7. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A slot of the schedule (the contract's shape): "HH:MM" in the performer's zone; end may be "24:00". */
export interface WeeklySlot {
  day: IsoWeekday;
  start: string;
  end: string;
}

/** A calendar date (no zone). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** An instant as a zone's clock shows it. */
export interface WallTime extends CalendarDate {
  weekday: IsoWeekday;
  /** Minutes since the local midnight, 0 to 1439. */
  minutes: number;
}

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly IsoWeekday[];
export const WEEKDAY_NAMES = {
  1: "Monday",
  2: "Tuesday",
  3: "Wednesday",
  4: "Thursday",
  5: "Friday",
  6: "Saturday",
  7: "Sunday",
} as const satisfies Record<IsoWeekday, string>;

const MINUTE = 60_000;
const DAY = 86_400_000;
const MINUTES_PER_DAY = 1440;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether Intl knows the zone (a stored zone may be one this browser's data lacks). */
export function isKnownZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's clock minus UTC at an instant, in minutes (+60 for Amsterdam in winter). */
export function offsetMinutes(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  // The formatter shows whole seconds: compare against the instant's whole second.
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / MINUTE);
}

/** ISO weekday of a calendar date. */
export function weekdayOf(date: CalendarDate): IsoWeekday {
  const sundayFirst = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return (((sundayFirst + 6) % 7) + 1) as IsoWeekday;
}

/** The date `days` after (or before) a date. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** An instant as the zone's clock shows it. */
export function wallTimeAt(instant: number, zone: string): WallTime {
  const local = new Date(instant + offsetMinutes(instant, zone) * MINUTE);
  const date = { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
  return { ...date, weekday: weekdayOf(date), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/**
 * The instant the zone's clock reads `minutes` after the date's midnight (1440 is the next
 * midnight). As the platform's own calendars (and Temporal's "compatible") do: a time the clock
 * skips (spring forward) moves on by the gap; a time it shows twice (fall back) is the first.
 */
export function instantAt(zone: string, date: CalendarDate, minutes: number): number {
  const local = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  // Real zones change their offset at most once within a day either side.
  const before = offsetMinutes(local - DAY, zone);
  const after = offsetMinutes(local + DAY, zone);
  const byBefore = local - before * MINUTE;
  const byAfter = local - after * MINUTE;
  const beforeHolds = offsetMinutes(byBefore, zone) === before;
  const afterHolds = offsetMinutes(byAfter, zone) === after;
  if (beforeHolds && afterHolds) return Math.min(byBefore, byAfter);
  if (beforeHolds) return byBefore;
  if (afterHolds) return byAfter;
  // In the gap: the clock before the change, run on past it.
  return byBefore;
}

/** "19:30" → 1170; "24:00" → 1440. */
export function minutesOfClock(clock: string): number {
  const [hours, minutes] = clock.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** 1170 → "19:30"; 1440 → "24:00". */
export function clockOfMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** One occurrence of a slot: its instants (ms since 1970). */
export interface Occurrence {
  slot: WeeklySlot;
  start: number;
  end: number;
}

/** The slot's first occurrence that has not ended by `now` (it may be under way). */
export function nextOccurrence(slot: WeeklySlot, zone: string, now: number): Occurrence {
  const today = wallTimeAt(now, zone);
  const ahead = (slot.day - today.weekday + 7) % 7;
  // Last week's occurrence may still run (a slot to 24:00 seen from just after a DST change),
  // then this week's, then next week's (today's has ended).
  for (const days of [ahead - 7, ahead, ahead + 7]) {
    const date = addDays(today, days);
    const start = instantAt(zone, date, minutesOfClock(slot.start));
    const end = instantAt(zone, date, minutesOfClock(slot.end));
    if (end > now) return { slot, start, end };
  }
  // Unreachable for a slot whose end is after its start: next week's always ends after now.
  throw new Error(`slot ${slot.day} ${slot.start}-${slot.end} never ends after now`);
}

/** The schedule's next stream (or the one under way), or null for an empty schedule. */
export function nextStream(slots: readonly WeeklySlot[], zone: string, now: number): Occurrence | null {
  let next: Occurrence | null = null;
  for (const slot of slots) {
    const occurrence = nextOccurrence(slot, zone, now);
    if (next === null || occurrence.start < next.start) next = occurrence;
  }
  return next;
}

/** A piece of a slot as another zone's clock shows it, within one local day. */
export interface ShownSlot {
  day: IsoWeekday;
  start: string;
  /** "24:00" when it runs to midnight. */
  end: string;
  /** Went on from the day before (the slot crossed midnight in this zone). */
  fromDayBefore: boolean;
  /** Goes on into the next day. */
  intoNextDay: boolean;
}

/**
 * The week's slots as `toZone`'s clock shows them: each slot's coming occurrence (the offsets
 * between two zones change with their DST dates, so the week matters), cut at `toZone`'s
 * midnights, touching pieces of one day joined, sorted Monday first.
 */
export function weekInZone(
  slots: readonly WeeklySlot[],
  fromZone: string,
  toZone: string,
  now: number,
): ShownSlot[] {
  const pieces: { day: IsoWeekday; start: number; end: number; from: boolean; into: boolean }[] = [];
  for (const slot of slots) {
    const { start, end } = nextOccurrence(slot, fromZone, now);
    let from = start;
    let continued = false;
    while (from < end) {
      const wall = wallTimeAt(from, toZone);
      const midnight = instantAt(toZone, addDays(wall, 1), 0);
      const to = Math.min(end, midnight);
      const endMinutes = to === midnight ? MINUTES_PER_DAY : wallTimeAt(to, toZone).minutes;
      pieces.push({
        day: wall.weekday,
        start: wall.minutes,
        end: endMinutes,
        from: continued,
        into: to < end,
      });
      continued = true;
      from = to;
    }
  }
  pieces.sort((a, b) => a.day - b.day || a.start - b.start);
  const joined: typeof pieces = [];
  for (const piece of pieces) {
    const last = joined.at(-1);
    if (last !== undefined && last.day === piece.day && piece.start <= last.end) {
      if (piece.end > last.end) {
        last.end = piece.end;
        last.into = piece.into;
      }
    } else joined.push({ ...piece });
  }
  return joined.map((p) => ({
    day: p.day,
    start: clockOfMinutes(p.start),
    end: clockOfMinutes(p.end),
    fromDayBefore: p.from,
    intoNextDay: p.into,
  }));
}

/** The zone this browser runs in (UTC where Intl cannot say). */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
