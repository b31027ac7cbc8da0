/**
 * How the summary pages write their figures: fixed English words and UTC, so the server's HTML
 * and the browser's first render are the same text whatever the visitor's locale.
 */

export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** ISO weekday 1 (Monday) to 7 (Sunday) by name. */
export function weekdayName(weekday: number): string {
  return WEEKDAYS[weekday - 1] ?? String(weekday);
}

/** A UTC clock hour as its span: "14:00–15:00 UTC". */
export function hourSpan(hour: number): string {
  const two = (h: number) => String(h % 24).padStart(2, "0");
  return `${two(hour)}:00–${two(hour + 1)}:00 UTC`;
}

/** "2026-03" as "March 2026". */
export function monthName(month: string): string {
  const name = MONTHS[Number(month.slice(5, 7)) - 1];
  return name === undefined ? month : `${name} ${month.slice(0, 4)}`;
}

/** "2026-03" as "Mar 2026": table rows. */
export function shortMonthName(month: string): string {
  const name = MONTHS[Number(month.slice(5, 7)) - 1];
  return name === undefined ? month : `${name.slice(0, 3)} ${month.slice(0, 4)}`;
}

/** "2026-03-05" as "5 March 2026". */
export function dayName(day: string): string {
  const name = MONTHS[Number(day.slice(5, 7)) - 1];
  return name === undefined ? day : `${Number(day.slice(8, 10))} ${name} ${day.slice(0, 4)}`;
}

/** "2026-03-05" as "Thursday, 5 March 2026" (the weekday of the UTC day). */
export function longDayName(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return `${WEEKDAYS[weekday] ?? ""}, ${dayName(day)}`;
}
