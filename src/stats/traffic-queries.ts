import { sql } from "kysely";
import type { Db } from "../db/connect.ts";

/** The gender keys of traffic: every room, then the rooms of each gender (SPEC §3 keys). */
export const TRAFFIC_GENDERS = ["all", "c", "f", "m", "t"] as const;
export type TrafficGender = (typeof TRAFFIC_GENDERS)[number];

export interface HourlyTraffic {
  /** The hour's start, ISO UTC. */
  hour: string;
  gender: TrafficGender;
  polls: number;
  /** Averages over the hour's complete polls, to one decimal. */
  rooms: number;
  viewers: number;
  roomsMax: number;
  viewersMax: number;
}

/** traffic_hours rows with from <= hour < to, by hour and gender. */
export async function hourlyTraffic(db: Db, from: Date, to: Date): Promise<HourlyTraffic[]> {
  const { rows } = await sql<HourlyTraffic>`
    SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS hour, gender, polls,
      ROUND(rooms_avg, 1)::float8 AS rooms, ROUND(viewers_avg, 1)::float8 AS viewers,
      rooms_max AS "roomsMax", viewers_max AS "viewersMax"
    FROM traffic_hours
    WHERE hour >= ${from.toISOString()}::timestamptz AND hour < ${to.toISOString()}::timestamptz
    ORDER BY hour, gender`.execute(db);
  return rows;
}

export interface DailyTraffic {
  /** YYYY-MM-DD */
  day: string;
  gender: TrafficGender;
  polls: number;
  /** Averages over all the day's complete polls (not over its hours), to one decimal. */
  rooms: number;
  viewers: number;
}

/** Daily averages from traffic_hours for the UTC days fromDay..toDay (inclusive), by day and gender. */
export async function dailyTraffic(db: Db, fromDay: string, toDay: string): Promise<DailyTraffic[]> {
  const from = `${fromDay}T00:00:00Z`;
  const to = new Date(Date.parse(`${toDay}T00:00:00Z`) + 86_400_000).toISOString();
  const { rows } = await sql<DailyTraffic>`
    SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, gender, SUM(polls)::integer AS polls,
      ROUND(SUM(rooms_sum)::numeric / SUM(polls), 1)::float8 AS rooms,
      ROUND(SUM(viewers_sum)::numeric / SUM(polls), 1)::float8 AS viewers
    FROM traffic_hours
    WHERE hour >= ${from}::timestamptz AND hour < ${to}::timestamptz
    GROUP BY 1, 2
    ORDER BY 1, 2`.execute(db);
  return rows;
}

export interface DailyBroadcasters {
  /** YYYY-MM-DD */
  day: string;
  gender: TrafficGender;
  /** Performers who broadcast that day (a stream counted for the day, performer_days.stream_count). */
  broadcasters: number;
  /** Those of them with no earlier day of broadcasting in performer_days. */
  newBroadcasters: number;
  minutesOnline: number;
  /** Mean of the day's peak viewers over those seen in public; null when none was. */
  avgPeakViewers: number | null;
}

/**
 * Broadcaster counts for the UTC days fromDay..toDay (inclusive) from performer_days, by day and
 * gender key (a performer without a gender counts in 'all' only). Confirmed opt-outs are left out
 * of every count. Only rows of a gender that had broadcasters are returned.
 */
export async function dailyBroadcasters(
  db: Db,
  fromDay: string,
  toDay: string,
): Promise<DailyBroadcasters[]> {
  const { rows } = await sql<DailyBroadcasters>`
    WITH broadcasts AS (
      SELECT pd.day, pd.performer_id, p.gender, pd.minutes_online, pd.peak_viewers, pd.seen_in_public
      FROM performer_days pd
      JOIN performers p ON p.performer_id = pd.performer_id
      WHERE pd.day >= ${fromDay}::date AND pd.day <= ${toDay}::date AND pd.stream_count > 0
        AND NOT EXISTS (
          SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ),
    -- Once per performer, not per performer and day: a month holds a few rows per performer.
    firsts AS (
      SELECT x.performer_id, f.day AS first_day
      FROM (SELECT DISTINCT performer_id FROM broadcasts) x
      CROSS JOIN LATERAL (
        SELECT e.day FROM performer_days e
        WHERE e.performer_id = x.performer_id AND e.stream_count > 0
        ORDER BY e.day LIMIT 1
      ) f
    )
    SELECT to_char(b.day, 'YYYY-MM-DD') AS day,
      CASE WHEN GROUPING(b.gender) = 1 THEN 'all' ELSE b.gender END AS gender,
      COUNT(*)::integer AS broadcasters,
      (COUNT(*) FILTER (WHERE f.first_day = b.day))::integer AS "newBroadcasters",
      SUM(b.minutes_online)::integer AS "minutesOnline",
      ROUND(AVG(b.peak_viewers) FILTER (WHERE b.seen_in_public), 1)::float8 AS "avgPeakViewers"
    FROM broadcasts b
    JOIN firsts f ON f.performer_id = b.performer_id
    GROUP BY GROUPING SETS ((b.day), (b.day, b.gender))
    -- The (day, gender) group of performers without a gender: they are in 'all' already.
    HAVING GROUPING(b.gender) = 1 OR b.gender IS NOT NULL
    ORDER BY 1, 2`.execute(db);
  return rows;
}
