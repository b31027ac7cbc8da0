/**
 * The supporter ranking's rate (docs/formulas.md): new followers per hour online on a day. The hours
 * are at least one, so a 5-minute stream that won 20 followers reads 20, not 240: a short stream
 * cannot outrank a whole evening's on a handful of followers. Rounded to one decimal.
 */
export function followersPerHour(gained: number, minutesOnline: number): number {
  const hours = Math.max(minutesOnline / 60, 1);
  return Math.round((gained / hours) * 10) / 10;
}
