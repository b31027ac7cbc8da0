import { sql } from "kysely";
import { RANK_BADGES, rankBadge } from "../../rules/formulas/badges.ts";
import { MILESTONES, milestonesCrossed } from "../../rules/formulas/milestones.ts";
import type { Db } from "../connect.ts";

/** One performer's rolled-up day beside the best figures of every earlier rolled-up day. */
export interface RecordDay {
  day: string;
  username: string;
  followers: number | null;
  /** The most followers at the end of any earlier day; null when never known before. */
  followersBefore: number | null;
  peakViewers: number | null;
  peakViewersBefore: number | null;
  bestRank: number | null;
  bestRankBefore: number | null;
}

/**
 * Each performer's days from `from` to `to` with their all-time bests before each day, leaving
 * out opted-out performers and the excluded username (celebrations are a ranking). Days that cannot
 * celebrate anything are not returned.
 * Only days up to `to` are read, so the result is the same whenever it is asked.
 */
export async function recordDays(
  db: Db,
  from: string,
  to: string,
  excludedUsername: string | undefined,
): Promise<RecordDay[]> {
  const { rows } = await sql<RecordDay>`
    WITH window_days AS (
      SELECT pd.performer_id, p.username, pd.day, pd.followers, pd.peak_viewers, pd.best_rank
      FROM performer_days pd
      JOIN performers p USING (performer_id)
      WHERE pd.day BETWEEN ${from}::date AND ${to}::date
        AND p.username IS DISTINCT FROM ${excludedUsername ?? null}
        AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ),
    earlier AS (
      SELECT pd.performer_id, MAX(pd.followers) AS followers, MAX(pd.peak_viewers) AS peak_viewers,
        MIN(pd.best_rank) AS best_rank
      FROM performer_days pd
      WHERE pd.day < ${from}::date AND pd.performer_id IN (SELECT performer_id FROM window_days)
      GROUP BY pd.performer_id
    ),
    -- GREATEST and LEAST skip nulls: a best is null only when no earlier day had the figure.
    with_bests AS (
      SELECT w.day, w.username, w.followers, w.peak_viewers, w.best_rank,
        GREATEST(e.followers, MAX(w.followers) OVER earlier_in_window) AS followers_before,
        GREATEST(e.peak_viewers, MAX(w.peak_viewers) OVER earlier_in_window) AS peak_viewers_before,
        LEAST(e.best_rank, MIN(w.best_rank) OVER earlier_in_window) AS best_rank_before
      FROM window_days w
      LEFT JOIN earlier e USING (performer_id)
      WINDOW earlier_in_window AS (PARTITION BY w.performer_id ORDER BY w.day
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
    )
    SELECT day::text AS day, username, followers AS "followers", followers_before AS "followersBefore",
      peak_viewers AS "peakViewers", peak_viewers_before AS "peakViewersBefore",
      best_rank AS "bestRank", best_rank_before AS "bestRankBefore"
    FROM with_bests
    -- Only days that may celebrate: a milestone (or badge step) between the earlier best and the
    -- day's figure. This just spares sending every day over; celebrationsOf decides.
    WHERE EXISTS (SELECT 1 FROM unnest(${[...MILESTONES]}::integer[]) AS m
        WHERE (m > COALESCE(followers_before, -1) AND m <= followers)
          OR (m > COALESCE(peak_viewers_before, -1) AND m <= peak_viewers))
      OR EXISTS (SELECT 1 FROM unnest(${[...RANK_BADGES]}::integer[]) AS step
        WHERE step >= best_rank AND (best_rank_before IS NULL OR step < best_rank_before))
    ORDER BY day, username`.execute(db);
  return rows;
}

export type Celebration =
  | { day: string; username: string; kind: "followers" | "viewers"; value: number }
  | { day: string; username: string; kind: "rank"; value: number; badge: string };

/** The step of the rank badge a rank earns (4 → 10), Infinity beyond the last. */
function badgeStep(rank: number | null): number {
  if (rank === null) return Number.POSITIVE_INFINITY;
  return RANK_BADGES.find((limit) => rank <= limit) ?? Number.POSITIVE_INFINITY;
}

const KIND_ORDER = { followers: 0, rank: 1, viewers: 2 } as const;

/**
 * What each day celebrates: follower milestones crossed (day-end followers against the most any
 * earlier day ended with, so a count that dips and recovers celebrates once), viewer milestones
 * crossed (the day's public peak against the all-time peak before it), and a rank badge better than
 * any earned before. Sorted by day (newest first), kind, value (largest milestone first; for rank
 * the best badge first, Top 1 before Top 10), then username.
 */
export function celebrationsOf(days: readonly RecordDay[]): Celebration[] {
  const out: Celebration[] = [];
  for (const d of days) {
    const base = { day: d.day, username: d.username };
    for (const value of milestonesCrossed(d.followersBefore, d.followers)) {
      out.push({ ...base, kind: "followers", value });
    }
    for (const value of milestonesCrossed(d.peakViewersBefore, d.peakViewers)) {
      out.push({ ...base, kind: "viewers", value });
    }
    const badge = d.bestRank === null ? null : rankBadge(d.bestRank);
    const step = badgeStep(d.bestRank);
    if (badge !== null && step < badgeStep(d.bestRankBefore)) {
      out.push({ ...base, kind: "rank", value: step, badge });
    }
  }
  const byValue = (a: Celebration, b: Celebration) =>
    a.kind === "rank" ? a.value - b.value : b.value - a.value;
  return out.sort(
    (a, b) =>
      (a.day < b.day ? 1 : a.day > b.day ? -1 : 0) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      byValue(a, b) ||
      (a.username < b.username ? -1 : a.username > b.username ? 1 : 0),
  );
}
