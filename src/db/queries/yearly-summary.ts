import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** Tags in a yearly summary. */
export const TOP_TAGS = 5;

/** A performer's UTC calendar year, the "wrapped" page. */
export interface YearlySummary {
  year: number;
  /** Minutes online over the year in hours, to one decimal. */
  hoursStreamed: number;
  streams: number;
  /** Days with at least one stream counted for them. */
  daysOnline: number;
  /** The longest session that started in the year (ties: the earliest). */
  longestStream: { startTime: string; endTime: string; minutes: number } | null;
  /** The most viewers in a public show, and the first day it was reached. */
  peakViewers: { viewers: number; day: string } | null;
  /** The best rank, and the first day it was reached. */
  bestRank: { rank: number; day: string } | null;
  /** The year's daily follower gains summed; null if no day has one. */
  followerGain: number | null;
  /** The tags used on the most days (ties: by name), at most 5. */
  topTags: { tag: string; days: number }[];
  /** ISO weekday (1 Monday to 7 Sunday) with the most minutes online (ties: the first). */
  busiestWeekday: { weekday: number; minutesOnline: number } | null;
  /** UTC hour with the most minutes online (ties: the first). */
  busiestHour: { hour: number; minutesOnline: number } | null;
  /** The month with the most minutes online (ties: the first). */
  bestMonth: { month: string; minutesOnline: number } | null;
}

/** The performer's year; zeros, nulls and no tags where there is nothing, never an error. */
export async function yearlySummary(db: Db, performerId: number, year: number): Promise<YearlySummary> {
  if (!Number.isInteger(year) || year < 1970 || year > 9998) throw new RangeError(`not a year: ${year}`);
  const from = `${year}-01-01`;
  const to = `${year + 1}-01-01`;
  const [totals, longestStream, peakViewers, bestRank, topTags, busiestWeekday, busiestHour, bestMonth] =
    await Promise.all([
      yearTotals(db, performerId, from, to),
      longestSession(db, performerId, from, to),
      peakViewersDay(db, performerId, from, to),
      bestRankDay(db, performerId, from, to),
      tagsByDays(db, performerId, from, to),
      busiestOf(db, performerId, from, to, "weekday"),
      busiestOf(db, performerId, from, to, "hour"),
      bestMonthOf(db, performerId, from, to),
    ]);
  return {
    year,
    hoursStreamed: Math.round(totals.minutes_online / 6) / 10,
    streams: totals.streams,
    daysOnline: totals.days_online,
    longestStream,
    peakViewers,
    bestRank,
    followerGain: totals.follower_gain,
    topTags,
    busiestWeekday: busiestWeekday && {
      weekday: busiestWeekday.bucket,
      minutesOnline: busiestWeekday.minutes,
    },
    busiestHour: busiestHour && { hour: busiestHour.bucket, minutesOnline: busiestHour.minutes },
    bestMonth,
  };
}

async function yearTotals(db: Db, performerId: number, from: string, to: string) {
  const { rows } = await sql<{
    minutes_online: number;
    streams: number;
    days_online: number;
    follower_gain: number | null;
  }>`
    SELECT COALESCE(SUM(minutes_online), 0)::integer AS minutes_online,
      COALESCE(SUM(stream_count), 0)::integer AS streams,
      COUNT(*) FILTER (WHERE stream_count > 0)::integer AS days_online,
      SUM(follower_gain)::integer AS follower_gain
    FROM performer_days
    WHERE performer_id = ${performerId} AND day >= ${from}::date AND day < ${to}::date`.execute(db);
  return rows[0] ?? { minutes_online: 0, streams: 0, days_online: 0, follower_gain: null };
}

async function longestSession(
  db: Db,
  performerId: number,
  from: string,
  to: string,
): Promise<YearlySummary["longestStream"]> {
  const { rows } = await sql<{ start_time: Date; end_time: Date }>`
    SELECT start_time, end_time FROM stream_sessions
    WHERE performer_id = ${performerId}
      AND start_time >= ${`${from}T00:00:00Z`}::timestamptz AND start_time < ${`${to}T00:00:00Z`}::timestamptz
    ORDER BY end_time - start_time DESC, start_time
    LIMIT 1`.execute(db);
  const r = rows[0];
  if (!r) return null;
  return {
    startTime: r.start_time.toISOString(),
    endTime: r.end_time.toISOString(),
    minutes: Math.round((r.end_time.getTime() - r.start_time.getTime()) / 60_000),
  };
}

async function peakViewersDay(
  db: Db,
  performerId: number,
  from: string,
  to: string,
): Promise<YearlySummary["peakViewers"]> {
  const { rows } = await sql<{ viewers: number; day: string }>`
    SELECT peak_viewers AS viewers, day FROM performer_days
    WHERE performer_id = ${performerId} AND day >= ${from}::date AND day < ${to}::date
      AND peak_viewers IS NOT NULL
    ORDER BY peak_viewers DESC, day
    LIMIT 1`.execute(db);
  return rows[0] ?? null;
}

async function bestRankDay(
  db: Db,
  performerId: number,
  from: string,
  to: string,
): Promise<YearlySummary["bestRank"]> {
  const { rows } = await sql<{ rank: number; day: string }>`
    SELECT best_rank AS rank, day FROM performer_days
    WHERE performer_id = ${performerId} AND day >= ${from}::date AND day < ${to}::date
      AND best_rank IS NOT NULL
    ORDER BY best_rank, day
    LIMIT 1`.execute(db);
  return rows[0] ?? null;
}

async function tagsByDays(
  db: Db,
  performerId: number,
  from: string,
  to: string,
): Promise<YearlySummary["topTags"]> {
  const { rows } = await sql<{ tag: string; days: number }>`
    SELECT tag, COUNT(*)::integer AS days
    FROM performer_days, unnest(tags) AS tag
    WHERE performer_id = ${performerId} AND day >= ${from}::date AND day < ${to}::date
    GROUP BY tag
    ORDER BY days DESC, tag
    LIMIT ${TOP_TAGS}`.execute(db);
  return rows;
}

/** The weekday or hour of the year's performer_hours with the most time online. */
async function busiestOf(
  db: Db,
  performerId: number,
  from: string,
  to: string,
  by: "weekday" | "hour",
): Promise<{ bucket: number; minutes: number } | null> {
  // The bucket expression comes from this allow-list, never from input.
  const bucket = by === "weekday" ? sql`EXTRACT(ISODOW FROM day)::integer` : sql`hour::integer`;
  const { rows } = await sql<{ bucket: number; seconds: number }>`
    SELECT ${bucket} AS bucket, SUM(seconds_online) AS seconds
    FROM performer_hours
    WHERE performer_id = ${performerId} AND day >= ${from}::date AND day < ${to}::date
    GROUP BY 1
    HAVING SUM(seconds_online) > 0
    ORDER BY seconds DESC, bucket
    LIMIT 1`.execute(db);
  const r = rows[0];
  return r ? { bucket: r.bucket, minutes: Math.round(r.seconds / 60) } : null;
}

async function bestMonthOf(
  db: Db,
  performerId: number,
  from: string,
  to: string,
): Promise<YearlySummary["bestMonth"]> {
  const { rows } = await sql<{ month: string; minutes_online: number }>`
    SELECT to_char(day, 'YYYY-MM') AS month, SUM(minutes_online)::integer AS minutes_online
    FROM performer_days
    WHERE performer_id = ${performerId} AND day >= ${from}::date AND day < ${to}::date
    GROUP BY 1
    HAVING SUM(minutes_online) > 0
    ORDER BY minutes_online DESC, month
    LIMIT 1`.execute(db);
  const r = rows[0];
  return r ? { month: r.month, minutesOnline: r.minutes_online } : null;
}
