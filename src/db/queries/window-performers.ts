import { sql } from "kysely";
import { addDays } from "../../rules/calendar.ts";
import type { Db } from "../connect.ts";
import type { GenderKey } from "../schema.ts";

/** The days a ranked row covers (SPEC §1: top monthly is the last 30 days). */
export const WINDOW_DAYS = 30;

/** One performer's window (the last 30 days, ending with a day): the material of every ranked row. */
export interface WindowPerformer {
  username: string;
  gender: GenderKey | null;
  country: string | null;
  broadcasts: number;
  bestRank: number | null;
  mostViewers: number;
  camTime: number;
  /** At the last sighting in the window (0 when the feed never said). */
  followers: number;
  /** Over the 7 days ending with the day (see dayCandidates). */
  weekGain: number;
  /** Tags of the latest day that had any. */
  tags: string[];
  /** Every tag used in the window: what tag lists go by. */
  windowTags: string[];
}

/**
 * Everyone seen in the window from `from` to `day`, both included, from performer_days; opted-out
 * performers left out. The window is the 30 days ending with `day` unless `from` says otherwise (a
 * year's lists start on its January 1st). Whatever the window, `weekGain` is over the 7 days ending
 * with `day` and `followers` at the last sighting in it. Sorted by username, so callers never depend
 * on the planner's order.
 */
export async function windowPerformers(
  db: Db,
  day: string,
  from: string = addDays(day, -(WINDOW_DAYS - 1)),
): Promise<WindowPerformer[]> {
  // The week lies inside a window of 7 days or more, so one pass sums it. A shorter window (a year's
  // first days) looks up the week's days before the window per performer instead.
  const weekGain =
    from <= addDays(day, -6)
      ? sql`SUM(follower_gain) FILTER (WHERE day >= ${day}::date - 6)`
      : sql`(SELECT SUM(w.follower_gain) FROM performer_days w
          WHERE w.performer_id = in_window.performer_id AND w.day BETWEEN ${day}::date - 6 AND ${day}::date)`;
  const { rows } = await sql<WindowPerformer>`
    WITH in_window AS (
      SELECT * FROM performer_days
      WHERE day BETWEEN ${from}::date AND ${day}::date
    ),
    figures AS (
      SELECT performer_id,
        SUM(stream_count)::integer AS broadcasts,
        MIN(best_rank) AS best_rank,
        COALESCE(MAX(peak_viewers), 0) AS most_viewers,
        SUM(minutes_online)::integer AS cam_time,
        -- The latest day's followers, the day in the high bits (as in rollupPerformerDays): a plain MAX.
        COALESCE((MAX((day - DATE '2000-01-01')::bigint * 2147483648 + followers) FILTER (WHERE followers IS NOT NULL) % 2147483648)::integer, 0) AS followers,
        COALESCE(${weekGain}, 0)::integer AS week_gain
      FROM in_window GROUP BY performer_id
    ),
    latest_tags AS (
      SELECT DISTINCT ON (performer_id) performer_id, tags
      FROM in_window WHERE cardinality(tags) > 0
      ORDER BY performer_id, day DESC
    ),
    -- Distinct pairs first (hashed), then one array each: far less to sort than every day's tags.
    window_pairs AS (
      SELECT performer_id, tag FROM in_window, unnest(tags) AS tag GROUP BY performer_id, tag
    ),
    window_tags AS (
      SELECT performer_id, ARRAY_AGG(tag ORDER BY tag) AS tags FROM window_pairs GROUP BY performer_id
    )
    SELECT p.username, p.gender, p.country, f.broadcasts, f.best_rank AS "bestRank",
      f.most_viewers AS "mostViewers", f.cam_time AS "camTime", f.followers, f.week_gain AS "weekGain",
      COALESCE(lt.tags, '{}') AS tags, COALESCE(wt.tags, '{}') AS "windowTags"
    FROM figures f
    JOIN performers p USING (performer_id)
    LEFT JOIN latest_tags lt USING (performer_id)
    LEFT JOIN window_tags wt USING (performer_id)
    WHERE NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ORDER BY p.username`.execute(db);
  return rows;
}
