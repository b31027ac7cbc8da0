import { sql } from "kysely";
import { dayStart } from "../../rules/calendar.ts";
import type { Db } from "../connect.ts";

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
  const { rows } = await sql<DailyAggregateRow>`
    SELECT day, stream_count AS "streamCount", follower_gain AS "followerGain",
      minutes_online AS "minutesOnline"
    FROM performer_days
    WHERE performer_id = ${performerId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date
    ORDER BY day`.execute(db);
  return rows.map(dailyAggregateOf);
}

/** What a daily aggregate is made of: the performer_days columns it reads. */
export interface DailyAggregateRow {
  day: string;
  streamCount: number;
  followerGain: number | null;
  minutesOnline: number;
}

/** SPEC §3's daily aggregate of one performer_days row (the performer page maps its own rows). */
export function dailyAggregateOf(r: DailyAggregateRow): DailyAggregate {
  return {
    localTime: `${r.day}T00:00:00.000Z`,
    streamCount: r.streamCount,
    followerGains: r.followerGain,
    minutesOnline: r.minutesOnline,
  };
}
