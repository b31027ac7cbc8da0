import type { HourlyBucket } from "../../../db/queries/hourly-stats.ts";

const PLURAL_DAYS = ["Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays"];

/**
 * The performer's usual schedule in words, from the hourly buckets over `weeks` weeks. The rule:
 *
 * - a weekday is usual when, in at least one of its hours, the performer was online on half of
 *   that weekday's days or more (`daysOnline >= weeks / 2`);
 * - an hour is usual when, summed over the usual weekdays, the performer was online in it on half
 *   of those days or more (`Σ daysOnline >= usual days × weeks / 2`);
 * - usual hours are written as ranges of whole hours, "18:00–22:00" for hours 18 to 21, a range
 *   running past midnight joined into one ("22:00–02:00"); several ranges are joined with "and".
 *
 * "Usually online Mondays and Thursdays, 18:00–22:00 UTC"; every day is "every day"; usual days
 * without a usual hour read "at varying hours". No usual day: "No regular schedule over the last
 * N weeks" when online at all, else "Not online in the last N weeks".
 */
export function scheduleInWords(buckets: readonly HourlyBucket[], weeks: number): string {
  const span = weeks === 1 ? "the last week" : `the last ${weeks} weeks`;
  if (!buckets.some((b) => b.minutesOnline > 0)) return `Not online in ${span}`;
  const half = weeks / 2;
  const usualDays = [1, 2, 3, 4, 5, 6, 7].filter((weekday) =>
    buckets.some((b) => b.weekday === weekday && b.daysOnline >= half),
  );
  if (usualDays.length === 0) return `No regular schedule over ${span}`;

  const usualHours: number[] = [];
  for (let hour = 0; hour < 24; hour++) {
    const days = buckets
      .filter((b) => b.hour === hour && usualDays.includes(b.weekday))
      .reduce((sum, b) => sum + b.daysOnline, 0);
    if (days > 0 && days >= usualDays.length * half) usualHours.push(hour);
  }
  const dayText =
    usualDays.length === 7 ? "every day" : listOf(usualDays.map((d) => PLURAL_DAYS[d - 1] ?? ""));
  const hourText = usualHours.length === 0 ? "at varying hours" : `${listOf(hourRanges(usualHours))} UTC`;
  return `Usually online ${dayText}, ${hourText}`;
}

/** "a", "a and b", "a, b and c". */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const clock = (hour: number) => `${String(hour % 24).padStart(2, "0")}:00`;

/** Sorted hours (0–23) as ranges "18:00–22:00", a run through midnight written as one range. */
export function hourRanges(hours: readonly number[]): string[] {
  if (hours.length === 24) return ["all day"];
  const runs: [number, number][] = [];
  for (const hour of hours) {
    const last = runs[runs.length - 1];
    if (last && last[1] === hour - 1) last[1] = hour;
    else runs.push([hour, hour]);
  }
  const first = runs[0];
  const last = runs[runs.length - 1];
  if (runs.length > 1 && first && last && first[0] === 0 && last[1] === 23) {
    runs.pop();
    runs[0] = [last[0], first[1] + 24];
  }
  return runs.sort((a, b) => a[0] - b[0]).map(([from, to]) => `${clock(from)}–${clock(to + 1)}`);
}
