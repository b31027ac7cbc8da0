/**
 * UTC calendar arithmetic on the "YYYY-MM-DD" days and "YYYY-MM" months that the stats queries take
 * and return. Strings in, strings out: a day never passes through a local-time Date.
 */

/** A UTC day in milliseconds (no leap seconds in Date arithmetic). */
export const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** Milliseconds of the day's UTC midnight; throws on anything that is not a real calendar day. */
export function dayStart(day: string): number {
  const ms = DAY.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  // Date.parse accepts 2026-02-30 (as March 2nd); the round trip rejects it.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day)
    throw new RangeError(`not a day: ${day}`);
  return ms;
}

/** The UTC day of an instant (milliseconds since 1970). */
export function dayOfInstant(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(dayStart(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday: 1 Monday to 7 Sunday. */
export function isoWeekday(day: string): number {
  return ((new Date(dayStart(day)).getUTCDay() + 6) % 7) + 1;
}

/** The Monday that starts the day's week. */
export function weekStart(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** The month "YYYY-MM" moved by `months`; throws on anything that is not a month. */
export function addMonths(month: string, months: number): string {
  const match = MONTH.exec(month);
  const m = match ? Number(match[2]) : 0;
  if (!match || m < 1 || m > 12) throw new RangeError(`not a month: ${month}`);
  const index = Number(match[1]) * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The month's first day. */
export function monthStart(month: string): string {
  return `${addMonths(month, 0)}-01`;
}

/** The `count` UTC months ending with the month of `day`, oldest first, as "YYYY-MM". */
export function monthsEndingWith(day: string, count: number): string[] {
  const last = new Date(dayStart(day)).toISOString().slice(0, 7);
  return Array.from({ length: count }, (_, i) => addMonths(last, i - count + 1));
}
