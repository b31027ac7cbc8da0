import { sql } from "kysely";
import { addMonths, monthStart } from "../../rules/calendar.ts";
import type { Db } from "../connect.ts";

/**
 * What a month's data report (src/publish/reports/) is made of, read from the derived tables over
 * one UTC month: the first day at 00:00 UTC up to, not including, the next month's first day.
 * Every performer row leaves out opted-out performers and the excluded username (a report is a
 * ranking); the totals (traffic, tags, countries) are the rollups' own, whose rows already leave
 * opted-out performers out of tag_days and location_days.
 */

/** The month's bounds as UTC instants, for traffic_hours' timestamptz hours. */
function bounds(month: string): { from: string; to: string; firstDay: string; nextDay: string } {
  const firstDay = monthStart(month);
  const nextDay = monthStart(addMonths(month, 1));
  return { from: `${firstDay}T00:00:00Z`, to: `${nextDay}T00:00:00Z`, firstDay, nextDay };
}

export interface TrafficTotals {
  /** Days with a complete poll. */
  days: number;
  /** Averages over every complete poll of the month (not over its days). */
  rooms: number;
  viewers: number;
  peakViewers: number;
}

/** The month's traffic over every room (traffic_hours' 'all'); null when no poll of it is in the history. */
export async function monthTrafficTotals(db: Db, month: string): Promise<TrafficTotals | null> {
  const { from, to } = bounds(month);
  const { rows } = await sql<{
    days: number;
    rooms: number | null;
    viewers: number | null;
    peak: number | null;
  }>`
    SELECT count(DISTINCT (hour AT TIME ZONE 'UTC')::date)::integer AS days,
      (sum(rooms_sum)::numeric / nullif(sum(polls), 0))::float8 AS rooms,
      (sum(viewers_sum)::numeric / nullif(sum(polls), 0))::float8 AS viewers,
      max(viewers_max)::float8 AS peak
    FROM traffic_hours
    WHERE gender = 'all' AND hour >= ${from}::timestamptz AND hour < ${to}::timestamptz`.execute(db);
  const row = rows[0];
  if (row === undefined || row.days === 0 || row.rooms === null || row.viewers === null) return null;
  return { days: row.days, rooms: row.rooms, viewers: row.viewers, peakViewers: row.peak ?? 0 };
}

/** Each day of the month with a complete poll: its average rooms and viewers, by day. */
export async function monthDailyTraffic(
  db: Db,
  month: string,
): Promise<{ day: string; rooms: number; viewers: number }[]> {
  const { from, to } = bounds(month);
  const { rows } = await sql<{ day: string; rooms: number; viewers: number }>`
    SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
      (sum(rooms_sum)::numeric / sum(polls))::float8 AS rooms,
      (sum(viewers_sum)::numeric / sum(polls))::float8 AS viewers
    FROM traffic_hours
    WHERE gender = 'all' AND hour >= ${from}::timestamptz AND hour < ${to}::timestamptz
    GROUP BY 1
    ORDER BY 1`.execute(db);
  return rows;
}

/** Each hour of the day (UTC) that had a poll in the month: average rooms and viewers over its polls. */
export async function monthHourlyTraffic(
  db: Db,
  month: string,
): Promise<{ hour: number; rooms: number; viewers: number }[]> {
  const { from, to } = bounds(month);
  const { rows } = await sql<{ hour: number; rooms: number; viewers: number }>`
    SELECT extract(hour FROM hour AT TIME ZONE 'UTC')::integer AS hour,
      (sum(rooms_sum)::numeric / sum(polls))::float8 AS rooms,
      (sum(viewers_sum)::numeric / sum(polls))::float8 AS viewers
    FROM traffic_hours
    WHERE gender = 'all' AND hour >= ${from}::timestamptz AND hour < ${to}::timestamptz
    GROUP BY 1
    ORDER BY 1`.execute(db);
  return rows;
}

export interface ReportPerformer {
  username: string;
  gender: "f" | "m" | "c" | "t" | "u";
  peakViewers: number;
  minutesOnline: number;
  followerGain: number;
  /** Followers at the month's last count. */
  followers: number | null;
}

/**
 * The month's performers, summed over their days: most viewers at once in a public show, minutes
 * online, the days' follower gains added up, and the followers of their last counted day. The
 * `limit` with the most viewers, and the `limit` with the biggest gain, are enough for the report.
 */
export async function monthPerformers(
  db: Db,
  month: string,
  excludedUsername: string | undefined,
  limit: number,
): Promise<ReportPerformer[]> {
  const { firstDay, nextDay } = bounds(month);
  const { rows } = await sql<ReportPerformer>`
    WITH month_rows AS (
      SELECT p.username, coalesce(p.gender, 'u') AS gender,
        max(pd.peak_viewers) FILTER (WHERE pd.seen_in_public)::integer AS peak,
        sum(pd.minutes_online)::integer AS minutes,
        coalesce(sum(pd.follower_gain), 0)::integer AS gain,
        (array_agg(pd.followers ORDER BY pd.day DESC) FILTER (WHERE pd.followers IS NOT NULL))[1] AS followers
      FROM performer_days pd
      JOIN performers p USING (performer_id)
      WHERE pd.day >= ${firstDay}::date AND pd.day < ${nextDay}::date
        AND p.username IS DISTINCT FROM ${excludedUsername ?? null}
        AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
      GROUP BY p.username, p.gender
    ),
    by_viewers AS (
      SELECT * FROM month_rows WHERE peak IS NOT NULL
      ORDER BY peak DESC, followers DESC NULLS LAST, username LIMIT ${limit}
    ),
    by_gain AS (
      SELECT * FROM month_rows WHERE gain > 0
      ORDER BY gain DESC, followers DESC NULLS LAST, username LIMIT ${limit}
    )
    SELECT username, gender, coalesce(peak, 0) AS "peakViewers", minutes AS "minutesOnline",
      gain AS "followerGain", followers
    FROM (SELECT * FROM by_viewers UNION SELECT * FROM by_gain) chosen`.execute(db);
  return rows;
}

/** Each tag's performer-days in the month (tag_days, every gender), and the days tag_days holds. */
export async function monthTagDays(
  db: Db,
  month: string,
): Promise<{ days: number; tags: { tag: string; performerDays: number }[] }> {
  const { firstDay, nextDay } = bounds(month);
  const [tags, days] = await Promise.all([
    sql<{ tag: string; performerDays: number }>`
      SELECT tag, sum(performers)::integer AS "performerDays"
      FROM tag_days
      WHERE day >= ${firstDay}::date AND day < ${nextDay}::date
      GROUP BY tag`.execute(db),
    sql<{ days: number }>`
      SELECT count(DISTINCT day)::integer AS days
      FROM performer_days
      WHERE day >= ${firstDay}::date AND day < ${nextDay}::date`.execute(db),
  ]);
  return { days: days.rows[0]?.days ?? 0, tags: tags.rows };
}

/** Each country's performer-days in the month (location_days, every gender). */
export async function monthCountryDays(
  db: Db,
  month: string,
): Promise<{ country: string; performerDays: number }[]> {
  const { firstDay, nextDay } = bounds(month);
  const { rows } = await sql<{ country: string; performerDays: number }>`
    SELECT country, sum(performers)::integer AS "performerDays"
    FROM location_days
    WHERE day >= ${firstDay}::date AND day < ${nextDay}::date
    GROUP BY country`.execute(db);
  return rows;
}

/** The first day of the history (performer_days), or null before any rollup. */
export async function firstHistoryDay(db: Db): Promise<string | null> {
  const { rows } = await sql<{
    day: string | null;
  }>`SELECT min(day)::text AS day FROM performer_days`.execute(db);
  return rows[0]?.day ?? null;
}
