import { sql } from "kysely";
import type { Db } from "../connect.ts";
import { broadcasterFigures } from "./broadcaster-figures.ts";

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
 * Broadcaster counts for the UTC days fromDay..toDay (inclusive) from broadcaster_days, by day and
 * gender key, less the figures of performers whose opt-out is confirmed (counted the same way, from
 * their performer_days): so an opt-out is out of every count at once, without a rebuild. A gender
 * with no broadcasters left has no row.
 */
export async function dailyBroadcasters(
  db: Db,
  fromDay: string,
  toDay: string,
): Promise<DailyBroadcasters[]> {
  const { rows } = await sql<DailyBroadcasters>`
    WITH gone AS (
      ${broadcasterFigures(sql`pd.day >= ${fromDay}::date AND pd.day <= ${toDay}::date
        AND p.username IN (SELECT username FROM optouts WHERE confirmed_at IS NOT NULL)`)}
    ),
    counted AS (
      SELECT bd.day, bd.gender,
        bd.broadcasters - COALESCE(g.broadcasters, 0) AS broadcasters,
        bd.new_broadcasters - COALESCE(g.new_broadcasters, 0) AS new_broadcasters,
        bd.minutes_online - COALESCE(g.minutes_online, 0) AS minutes_online,
        bd.public_broadcasters - COALESCE(g.public_broadcasters, 0) AS public_broadcasters,
        bd.peak_viewers_sum - COALESCE(g.peak_viewers_sum, 0) AS peak_viewers_sum
      FROM broadcaster_days bd
      LEFT JOIN gone g ON g.day = bd.day AND g.gender = bd.gender
      WHERE bd.day >= ${fromDay}::date AND bd.day <= ${toDay}::date
    )
    SELECT to_char(day, 'YYYY-MM-DD') AS day, gender, broadcasters::integer,
      new_broadcasters::integer AS "newBroadcasters", minutes_online AS "minutesOnline",
      ROUND(peak_viewers_sum::numeric / NULLIF(public_broadcasters, 0), 1)::float8 AS "avgPeakViewers"
    FROM counted
    WHERE broadcasters > 0
    ORDER BY day, gender`.execute(db);
  return rows;
}
