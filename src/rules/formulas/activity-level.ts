/**
 * The activity calendar's level of a day (0 to 4), from the minutes the performer was online that
 * day. Fixed steps rather than steps relative to the performer's busiest day: a published day keeps
 * its level as later days arrive, and two performers' calendars read on one scale (docs/formulas.md).
 */

export type ActivityLevel = 0 | 1 | 2 | 3 | 4;

/** Minutes online from which levels 2, 3 and 4 start: one, three and six hours. */
export const ACTIVITY_LEVEL_MINUTES: readonly [number, number, number] = [60, 180, 360];

export function activityLevel(minutesOnline: number, streams: number): ActivityLevel {
  if (minutesOnline <= 0 && streams <= 0) return 0;
  const [two, three, four] = ACTIVITY_LEVEL_MINUTES;
  if (minutesOnline >= four) return 4;
  if (minutesOnline >= three) return 3;
  if (minutesOnline >= two) return 2;
  return 1;
}
