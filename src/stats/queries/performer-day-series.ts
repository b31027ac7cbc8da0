import { sql } from "kysely";
import type { Db } from "../../db/connect.ts";
import { dayStart } from "../calendar.ts";
import { MILESTONES } from "../formulas/milestones.ts";

/** One UTC day of a performer's history, as the performer page charts it. */
export interface PerformerDayPoint {
  day: string;
  /** Followers at the day's last sighting; null when not known that day. */
  followers: number | null;
  /** The day's peak viewers in public; null when not seen in public. */
  peakViewers: number | null;
  /** The day's best rank among all rooms; null when never ranked. */
  bestRank: number | null;
}

/**
 * The performer's days from fromDay to toDay (both included) that have a performer_days row,
 * ascending: the series of the followers, viewers and rank charts. Read by the primary key.
 */
export async function performerDaySeries(
  db: Db,
  performerId: number,
  fromDay: string,
  toDay: string,
): Promise<PerformerDayPoint[]> {
  dayStart(fromDay);
  dayStart(toDay);
  const { rows } = await sql<PerformerDayPoint>`
    SELECT day, followers, peak_viewers AS "peakViewers", best_rank AS "bestRank"
    FROM performer_days
    WHERE performer_id = ${performerId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date
    ORDER BY day`.execute(db);
  return rows;
}

/** A performer's records over all the days we hold. */
export interface PerformerRecords {
  /** The best public peak of viewers, and the first day it was reached; null when never in public. */
  peakViewers: { viewers: number; day: string } | null;
  /** The best rank, and the first day it was reached; null when never ranked. */
  bestRank: { rank: number; day: string } | null;
  /** Each viewer milestone (1,000 to 1,000,000) reached, with the first day a peak reached it. */
  milestones: { milestone: number; day: string }[];
}

/**
 * The records behind the badges and the milestones, in one pass over the performer's days (at most
 * a few hundred rows, by the primary key): ties go to the earliest day.
 */
export async function performerRecords(db: Db, performerId: number): Promise<PerformerRecords> {
  const { rows } = await sql<{ kind: string; value: number; day: string }>`
    WITH days AS (
      SELECT day, peak_viewers, best_rank FROM performer_days WHERE performer_id = ${performerId}
    )
    (SELECT 'peak' AS kind, peak_viewers AS value, day FROM days WHERE peak_viewers IS NOT NULL
      ORDER BY peak_viewers DESC, day LIMIT 1)
    UNION ALL
    (SELECT 'rank', best_rank, day FROM days WHERE best_rank IS NOT NULL ORDER BY best_rank, day LIMIT 1)
    UNION ALL
    (SELECT 'milestone', m.milestone, MIN(d.day) FROM days d
      JOIN unnest(${[...MILESTONES]}::integer[]) AS m(milestone) ON d.peak_viewers >= m.milestone
      GROUP BY m.milestone)`.execute(db);
  const peak = rows.find((r) => r.kind === "peak");
  const rank = rows.find((r) => r.kind === "rank");
  return {
    peakViewers: peak ? { viewers: peak.value, day: peak.day } : null,
    bestRank: rank ? { rank: rank.value, day: rank.day } : null,
    milestones: rows
      .filter((r) => r.kind === "milestone")
      .map((r) => ({ milestone: r.value, day: r.day }))
      .sort((a, b) => a.milestone - b.milestone),
  };
}
