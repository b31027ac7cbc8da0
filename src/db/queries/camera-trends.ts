import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** One UTC day of the platform's rooms: their average, and the shares of HD rooms and of each gender. */
export interface RoomMixDay {
  day: string;
  /** Average rooms over the day's complete polls. */
  rooms: number;
  /** HD rooms / rooms over the polls that counted them; null when none did. */
  hdShare: number | null;
  genderShare: Record<"f" | "m" | "c" | "t", number>;
}

/**
 * Each UTC day from `from` to `to` with a complete poll: the average rooms, and the shares of HD
 * rooms and of each gender over all its polls' rooms (a day's share, not an average of hours).
 */
export async function roomMixDays(db: Db, from: string, to: string): Promise<RoomMixDay[]> {
  const { rows } = await sql<{
    day: string;
    rooms: number;
    hd: number | null;
    f: number;
    m: number;
    c: number;
    t: number;
  }>`
    SELECT to_char(observed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
      avg(rooms)::float8 AS rooms,
      (sum(rooms_hd)::float8 / nullif(sum(rooms) FILTER (WHERE rooms_hd IS NOT NULL), 0)) AS hd,
      coalesce(sum(rooms_f)::float8 / nullif(sum(rooms), 0), 0) AS f,
      coalesce(sum(rooms_m)::float8 / nullif(sum(rooms), 0), 0) AS m,
      coalesce(sum(rooms_c)::float8 / nullif(sum(rooms), 0), 0) AS c,
      coalesce(sum(rooms_t)::float8 / nullif(sum(rooms), 0), 0) AS t
    FROM polls
    WHERE status = 'complete'
      AND observed_at >= ${from}::date AND observed_at < ${to}::date + 1
    GROUP BY 1
    ORDER BY 1`.execute(db);
  return rows.map((r) => ({
    day: r.day,
    rooms: r.rooms,
    hdShare: r.hd,
    genderShare: { f: r.f, m: r.m, c: r.c, t: r.t },
  }));
}

/** A tag's share of the day's rooms: its room-hours over all room-hours (traffic_hours, tag_traffic_hours). */
export interface TagShareDay {
  tag: string;
  day: string;
  share: number;
}

/**
 * The `limit` tags with the most room-hours on `to`, and each one's share of the rooms on every day
 * from `from` to `to` (its room-hours over all room-hours of the day; a day it was not used is
 * absent). Room-hours: a room online a whole hour counts one, half an hour a half.
 */
export async function tagShareDays(db: Db, from: string, to: string, limit: number): Promise<TagShareDay[]> {
  const { rows } = await sql<TagShareDay>`
    WITH top AS (
      SELECT tag FROM tag_traffic_hours
      WHERE hour >= ${to}::date AND hour < ${to}::date + 1
      GROUP BY tag ORDER BY sum(rooms) DESC, tag COLLATE "C" LIMIT ${limit}
    ), days AS (
      SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(rooms_avg) AS room_hours
      FROM traffic_hours
      WHERE gender = 'all' AND hour >= ${from}::date AND hour < ${to}::date + 1
      GROUP BY 1
    )
    SELECT t.tag, d.day, (sum(t.rooms) / nullif(d.room_hours, 0))::float8 AS share
    FROM tag_traffic_hours t
    JOIN top USING (tag)
    JOIN days d ON d.day = to_char(t.hour AT TIME ZONE 'UTC', 'YYYY-MM-DD')
    WHERE t.hour >= ${from}::date AND t.hour < ${to}::date + 1
    GROUP BY t.tag, d.day, d.room_hours
    HAVING d.room_hours > 0
    ORDER BY t.tag COLLATE "C", d.day`.execute(db);
  return rows;
}
