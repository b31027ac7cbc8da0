import { sql } from "kysely";
import type { Db } from "../../db/connect.ts";
import { dayStart } from "../calendar.ts";

/** SPEC §3 Daily aggregate: one UTC day of a performer, as performer_days counts it. */
export interface DailyAggregate {
  /** The day's UTC midnight, ISO 8601 ("2026-11-18T00:00:00.000Z"). */
  localTime: string;
  streamCount: number;
  /** Followers gained since the previous day with a count; null on the first day or without a count. */
  followerGains: number | null;
  minutesOnline: number;
}

/** The performer's days from fromDay to toDay (both included) that have a row, ascending. */
export async function dailyAggregates(
  db: Db,
  performerId: number,
  fromDay: string,
  toDay: string,
): Promise<DailyAggregate[]> {
  // Both throw on what is not a day, before any query runs.
  dayStart(fromDay);
  dayStart(toDay);
  const { rows } = await sql<{
    day: string;
    stream_count: number;
    follower_gain: number | null;
    minutes_online: number;
  }>`
    SELECT day, stream_count, follower_gain, minutes_online
    FROM performer_days
    WHERE performer_id = ${performerId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date
    ORDER BY day`.execute(db);
  return rows.map((r) => ({
    localTime: `${r.day}T00:00:00.000Z`,
    streamCount: r.stream_count,
    followerGains: r.follower_gain,
    minutesOnline: r.minutes_online,
  }));
}
