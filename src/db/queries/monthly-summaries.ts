import { sql } from "kysely";
import { addMonths, monthStart } from "../../rules/calendar.ts";
import type { Db } from "../connect.ts";

/** Months in a performer's monthly summary (SPEC §9). */
export const SUMMARY_MONTHS = 12;

/** One UTC calendar month of a performer, from performer_days. */
export interface MonthlySummary {
  /** "YYYY-MM" */
  month: string;
  streams: number;
  minutesOnline: number;
  /** Days with at least one stream counted for them. */
  daysOnline: number;
  /** The most viewers in a public show; null if never seen in public that month. */
  peakViewers: number | null;
  /** The last follower count known by the month's end (carried from earlier months); null if none yet. */
  followers: number | null;
  /** The month's daily follower gains summed; null if no day of the month has one. */
  followerGain: number | null;
  bestRank: number | null;
  bestGenderRank: number | null;
}

/** The 12 months ending with endMonth ("YYYY-MM"), ascending; every month is there, zeros where nothing. */
export async function monthlySummaries(
  db: Db,
  performerId: number,
  endMonth: string,
): Promise<MonthlySummary[]> {
  const firstMonth = addMonths(endMonth, 1 - SUMMARY_MONTHS);
  const { rows } = await sql<{
    month: string;
    streams: number;
    minutes_online: number;
    days_online: number;
    peak_viewers: number | null;
    followers: number | null;
    follower_gain: number | null;
    best_rank: number | null;
    best_gender_rank: number | null;
  }>`
    WITH
    months AS (
      SELECT to_char(m, 'YYYY-MM') AS month, m::date AS first_day, (m + interval '1 month')::date AS next_first_day
      FROM generate_series(${monthStart(firstMonth)}::timestamp, ${monthStart(endMonth)}::timestamp, interval '1 month') AS m
    ),
    totals AS (
      SELECT m.month, m.next_first_day,
        COALESCE(SUM(d.stream_count), 0)::integer AS streams,
        COALESCE(SUM(d.minutes_online), 0)::integer AS minutes_online,
        COUNT(*) FILTER (WHERE d.stream_count > 0)::integer AS days_online,
        MAX(d.peak_viewers) AS peak_viewers,
        SUM(d.follower_gain)::integer AS follower_gain,
        MIN(d.best_rank) AS best_rank,
        MIN(d.best_gender_rank) AS best_gender_rank
      FROM months m
      LEFT JOIN performer_days d
        ON d.performer_id = ${performerId} AND d.day >= m.first_day AND d.day < m.next_first_day
      GROUP BY m.month, m.next_first_day
    )
    SELECT t.month, t.streams, t.minutes_online, t.days_online, t.peak_viewers, last_count.followers,
      t.follower_gain, t.best_rank, t.best_gender_rank
    FROM totals t
    LEFT JOIN LATERAL (
      SELECT d.followers FROM performer_days d
      WHERE d.performer_id = ${performerId} AND d.day < t.next_first_day AND d.followers IS NOT NULL
      ORDER BY d.day DESC LIMIT 1
    ) last_count ON true
    ORDER BY t.month`.execute(db);
  return rows.map((r) => ({
    month: r.month,
    streams: r.streams,
    minutesOnline: r.minutes_online,
    daysOnline: r.days_online,
    peakViewers: r.peak_viewers,
    followers: r.followers,
    followerGain: r.follower_gain,
    bestRank: r.best_rank,
    bestGenderRank: r.best_gender_rank,
  }));
}
