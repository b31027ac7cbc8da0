import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** Rooms or viewers by gender key ('all' is every room, with or without a gender). */
export interface ByGender {
  all: number;
  f: number;
  m: number;
  c: number;
  t: number;
}

/** One UTC hour of traffic: averages over the hour's complete polls, to one decimal. */
export interface TrafficHour {
  hour: string;
  polls: number;
  rooms: ByGender;
  viewers: ByGender;
}

/**
 * Rooms and viewers per UTC hour in [from, to), straight from the polls table (one row a poll), so
 * the current hour is there as soon as it is polled. Only complete polls count: a partial one
 * misses rooms.
 */
export async function trafficHours(db: Db, from: Date, to: Date): Promise<TrafficHour[]> {
  const { rows } = await sql<TrafficHour>`
    SELECT to_char(date_trunc('hour', observed_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:00:00"Z"') AS hour,
      COUNT(*)::integer AS polls,
      json_build_object('all', ROUND(AVG(rooms), 1), 'f', ROUND(AVG(rooms_f), 1), 'm', ROUND(AVG(rooms_m), 1),
        'c', ROUND(AVG(rooms_c), 1), 't', ROUND(AVG(rooms_t), 1)) AS rooms,
      json_build_object('all', ROUND(AVG(viewers), 1), 'f', ROUND(AVG(viewers_f), 1), 'm', ROUND(AVG(viewers_m), 1),
        'c', ROUND(AVG(viewers_c), 1), 't', ROUND(AVG(viewers_t), 1)) AS viewers
    FROM polls
    WHERE status = 'complete' AND observed_at >= ${from.toISOString()}::timestamptz
      AND observed_at < ${to.toISOString()}::timestamptz
    GROUP BY 1 ORDER BY 1`.execute(db);
  return rows;
}

export interface TagTrafficHour {
  hour: string;
  rooms: number;
  viewers: number;
}

/** A tag's rooms and viewers per UTC hour in [from, to), from tag_traffic_hours (rolled-up days). */
export async function tagTrafficHours(db: Db, tag: string, from: Date, to: Date): Promise<TagTrafficHour[]> {
  const { rows } = await sql<TagTrafficHour>`
    SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') AS hour,
      ROUND(rooms, 1)::float8 AS rooms, ROUND(viewers, 1)::float8 AS viewers
    FROM tag_traffic_hours
    WHERE tag = ${tag} AND hour >= ${from.toISOString()}::timestamptz AND hour < ${to.toISOString()}::timestamptz
    ORDER BY hour`.execute(db);
  return rows;
}
