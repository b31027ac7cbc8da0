import { sql } from "kysely";
import { dayStart } from "../../rules/calendar.ts";
import { MILESTONES } from "../../rules/formulas/milestones.ts";
import type { Db } from "../connect.ts";

/** One performer_days row, as the performer page reads every figure it shows from it. */
export interface PerformerDayRow {
  day: string;
  /** Followers at the day's last sighting; null when not known that day. */
  followers: number | null;
  /** Followers gained since the previous day with a count (performer_days.follower_gain). */
  followerGain: number | null;
  /** The day's peak viewers in public; null when not seen in public. */
  peakViewers: number | null;
  /** The day's best rank among all rooms; null when never ranked. */
  bestRank: number | null;
  minutesOnline: number;
  streamCount: number;
}

/**
 * Every day of the performer's history, ascending, in one read by the primary key (a day a row: a
 * few hundred rows for a year). The performer page derives its charts, daily table, calendar and
 * records from these rows rather than asking four queries of the same rows.
 */
export async function performerDayRows(db: Db, performerId: number): Promise<PerformerDayRow[]> {
  const { rows } = await sql<PerformerDayRow>`
    SELECT day, followers, follower_gain AS "followerGain", peak_viewers AS "peakViewers",
      best_rank AS "bestRank", minutes_online AS "minutesOnline", stream_count AS "streamCount"
    FROM performer_days
    WHERE performer_id = ${performerId}
    ORDER BY day`.execute(db);
  return rows;
}

/** The rows from fromDay to toDay, both included (days compare as YYYY-MM-DD text). */
export function daysBetween<T extends { day: string }>(
  rows: readonly T[],
  fromDay: string,
  toDay: string,
): T[] {
  dayStart(fromDay);
  dayStart(toDay);
  return rows.filter((r) => r.day >= fromDay && r.day <= toDay);
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
 * The records behind the badges and the milestones, from the performer's days in ascending order:
 * ties go to the earliest day (a later day must beat a record, not match it).
 */
export function performerRecords(rows: readonly PerformerDayRow[]): PerformerRecords {
  let peakViewers: PerformerRecords["peakViewers"] = null;
  let bestRank: PerformerRecords["bestRank"] = null;
  const milestones: PerformerRecords["milestones"] = [];
  for (const row of rows) {
    if (row.peakViewers !== null) {
      if (peakViewers === null || row.peakViewers > peakViewers.viewers) {
        peakViewers = { viewers: row.peakViewers, day: row.day };
      }
      // Milestones are crossed in ascending order, each on the first day a peak reaches it.
      for (const milestone of MILESTONES.slice(milestones.length)) {
        if (row.peakViewers < milestone) break;
        milestones.push({ milestone, day: row.day });
      }
    }
    if (row.bestRank !== null && (bestRank === null || row.bestRank < bestRank.rank)) {
      bestRank = { rank: row.bestRank, day: row.day };
    }
  }
  return { peakViewers, bestRank, milestones };
}
