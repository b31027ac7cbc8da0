/** One hour of traffic for one gender: an ISO instant at the start of a UTC hour and its averages. */
export interface HourFigures {
  hour: string;
  rooms: number;
  viewers: number;
}

/** An hour of the UTC day with its averages over the days that have it. */
export interface BusyHour {
  /** 0 to 23: the UTC hour starting then. */
  hourOfDay: number;
  /** Average viewers over the days with figures for this hour, to one decimal. */
  viewers: number;
  /** Average rooms likewise. */
  rooms: number;
  /** How many days had figures for this hour (hours without a complete poll are absent). */
  days: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The hours of the UTC day ranked by average viewers over the hours given (the 7 days of
 * /api/active_user_count.json), busiest first; ties by average rooms, then the earlier hour. An
 * hour of the day without any figures is left out rather than ranked as zero.
 */
export function busiestHours(hours: readonly HourFigures[]): BusyHour[] {
  const sums = new Map<number, { viewers: number; rooms: number; days: number }>();
  for (const { hour, rooms, viewers } of hours) {
    const hourOfDay = new Date(hour).getUTCHours();
    if (Number.isNaN(hourOfDay)) continue;
    const sum = sums.get(hourOfDay) ?? { viewers: 0, rooms: 0, days: 0 };
    sum.viewers += viewers;
    sum.rooms += rooms;
    sum.days += 1;
    sums.set(hourOfDay, sum);
  }
  return [...sums]
    .map(([hourOfDay, s]) => ({
      hourOfDay,
      viewers: round1(s.viewers / s.days),
      rooms: round1(s.rooms / s.days),
      days: s.days,
    }))
    .sort((a, b) => b.viewers - a.viewers || b.rooms - a.rooms || a.hourOfDay - b.hourOfDay);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "14:00–15:00 UTC". */
export function hourSpan(hourOfDay: number): string {
  return `${pad(hourOfDay)}:00–${pad((hourOfDay + 1) % 24)}:00 UTC`;
}
