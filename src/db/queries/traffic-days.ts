import { sql } from "kysely";
import type { Db } from "../connect.ts";

export interface TrafficNeighbours {
  /** The nearest earlier UTC day with a complete poll, or null. */
  prev: string | null;
  /** The nearest later UTC day with a complete poll, or null. */
  next: string | null;
}

/**
 * The nearest days before and after the UTC day starting at `dayStart` that have complete polls
 * (the days /traffic/{date} has figures for), so Prev and Next skip the gaps of a stopped collector.
 * Both are one index probe on polls.observed_at (unique, so indexed).
 */
export async function trafficNeighbourDays(db: Db, dayStart: Date): Promise<TrafficNeighbours> {
  const start = dayStart.toISOString();
  const { rows } = await sql<TrafficNeighbours>`
    SELECT
      (SELECT to_char(observed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM polls
        WHERE status = 'complete' AND observed_at < ${start}::timestamptz
        ORDER BY observed_at DESC LIMIT 1) AS prev,
      (SELECT to_char(observed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM polls
        WHERE status = 'complete' AND observed_at >= ${start}::timestamptz + interval '1 day'
        ORDER BY observed_at LIMIT 1) AS next`.execute(db);
  return rows[0] ?? { prev: null, next: null };
}
