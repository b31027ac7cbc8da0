import { sql } from "kysely";
import { addDays, dayStart } from "../../rules/calendar.ts";
import type { Db } from "../connect.ts";

/** /api/stream_hourlystats accepts up to the activity calendar's 54 weeks (SPEC §9). */
export const MAX_WEEKS_BACK = 54;

/** One weekday and UTC hour of a performer's week, over the weeks asked for. */
export interface HourlyBucket {
  /** ISO weekday: 1 Monday to 7 Sunday. */
  weekday: number;
  /** UTC hour, 0 to 23. */
  hour: number;
  /** Minutes online in this bucket, summed over the weeks. */
  minutesOnline: number;
  /** How many of the weeks' days the performer was online in this bucket (0 to weeksBack). */
  daysOnline: number;
  /** Average viewers while online in this bucket, weighted by time online, to one decimal; 0 without any. */
  avgViewers: number;
}

/**
 * The performer's week in 7 × 24 buckets (Monday hour 0 first, Sunday hour 23 last), over the
 * `weeksBack` whole weeks of 7 days that end with endDay, so each weekday is counted weeksBack
 * times. Every bucket is returned, with zeros where the performer was never online.
 */
export async function hourlyStats(
  db: Db,
  performerId: number,
  endDay: string,
  weeksBack: number,
): Promise<HourlyBucket[]> {
  if (!Number.isInteger(weeksBack) || weeksBack < 1 || weeksBack > MAX_WEEKS_BACK) {
    throw new RangeError(`weeksBack must be a whole number from 1 to ${MAX_WEEKS_BACK}: ${weeksBack}`);
  }
  dayStart(endDay);
  const fromDay = addDays(endDay, 1 - 7 * weeksBack);
  const { rows } = await sql<{
    weekday: number;
    hour: number;
    seconds_online: number;
    days_online: number;
    avg_viewers: number | null;
  }>`
    SELECT EXTRACT(ISODOW FROM day)::integer AS weekday, hour,
      SUM(seconds_online) AS seconds_online,
      COUNT(*)::integer AS days_online,
      ROUND(SUM(avg_viewers * viewer_seconds) / NULLIF(SUM(viewer_seconds), 0), 1)::float8 AS avg_viewers
    FROM performer_hours
    WHERE performer_id = ${performerId} AND day BETWEEN ${fromDay}::date AND ${endDay}::date
    GROUP BY 1, 2`.execute(db);
  const found = new Map(rows.map((r) => [r.weekday * 24 + r.hour, r]));
  const buckets: HourlyBucket[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      const r = found.get(weekday * 24 + hour);
      buckets.push({
        weekday,
        hour,
        minutesOnline: r ? Math.round(r.seconds_online / 60) : 0,
        daysOnline: r?.days_online ?? 0,
        avgViewers: r?.avg_viewers ?? 0,
      });
    }
  }
  return buckets;
}
