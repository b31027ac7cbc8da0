import { sql } from "kysely";
import type { CompareDay, ComparedPerformer, CompareTotals } from "../../types/compare-performers.ts";
import type { Db } from "../connect.ts";

interface CompareRow {
  username: string;
  found: boolean;
  displayName: string | null;
  gender: string | null;
  fromDay: string;
  toDay: string;
  totals: CompareTotals;
  days: CompareDay[] | null;
}

export interface ComparedWindow {
  from: string;
  to: string;
  performers: ComparedPerformer[];
}

/**
 * Performers side by side over the `daysBack` UTC days that end at the latest complete day: the
 * latest day the daily job has rolled up (rollup_days), but never after `lastDay` (yesterday), and
 * `lastDay` itself before any roll-up. Today so far is never in it: its rows do not exist yet.
 *
 * Per performer asked (in the order asked): unknown and opted-out names alike are just not found;
 * a found one has every day of the window, a day with no performer_days row holding nulls (not
 * zeros), and the window's totals. Everything is performer_days' (one row a day, the midnight
 * rule's days; average viewers since migration 0022, decision 0026). One statement, the day rows
 * built as JSON by PostgreSQL: 5 performers over 365 days are 1,825 of them.
 */
export async function comparePerformers(
  db: Db,
  usernames: readonly string[],
  daysBack: number,
  lastDay: string,
): Promise<ComparedWindow> {
  const { rows } = await sql<CompareRow>`
    WITH
    window_end AS (
      SELECT COALESCE((SELECT MAX(day) FROM rollup_days WHERE day <= ${lastDay}::date), ${lastDay}::date) AS to_day
    ),
    bounds AS (
      SELECT to_day - ${daysBack - 1}::integer AS from_day, to_day FROM window_end
    ),
    -- One lookup by the unique username per name (a join let the planner scan every performer).
    asked AS (
      SELECT a.username, a.ord, p.performer_id, p.display_name, p.gender
      FROM unnest(${[...usernames]}::text[]) WITH ORDINALITY AS a(username, ord)
      LEFT JOIN LATERAL (
        SELECT p.performer_id, p.display_name, p.gender FROM performers p
        WHERE p.username = a.username
          AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
      ) p ON true
    ),
    -- Dates, not timestamps: the join to the rows below is then a hash join on both keys.
    window_days AS (
      SELECT b.from_day + i AS day FROM bounds b, generate_series(0, ${daysBack - 1}::integer) AS i
    ),
    -- The window's rows by the primary key's range, performer by performer.
    day_rows AS (
      SELECT pd.performer_id, pd.day, pd.followers, pd.follower_gain, pd.peak_viewers, pd.minutes_online,
        pd.best_rank, pd.avg_viewers, pd.viewer_seconds
      FROM performer_days pd, bounds b
      WHERE pd.performer_id IN (SELECT performer_id FROM asked) AND pd.day BETWEEN b.from_day AND b.to_day
    ),
    days AS (
      SELECT a.performer_id, w.day, r.followers, r.follower_gain, r.peak_viewers, r.minutes_online, r.best_rank,
        r.avg_viewers, r.viewer_seconds
      FROM asked a
      CROSS JOIN window_days w
      LEFT JOIN day_rows r ON r.performer_id = a.performer_id AND r.day = w.day
      WHERE a.performer_id IS NOT NULL
    )
    SELECT a.username, a.performer_id IS NOT NULL AS found, a.display_name AS "displayName", a.gender,
      b.from_day::text AS "fromDay", b.to_day::text AS "toDay",
      json_build_object(
        'followers', (ARRAY_AGG(d.followers ORDER BY d.day DESC) FILTER (WHERE d.followers IS NOT NULL))[1],
        'followerChange', SUM(d.follower_gain),
        'peakViewers', MAX(d.peak_viewers),
        -- Days weighted by the seconds their average is over.
        'avgViewers', ROUND(SUM(d.avg_viewers * d.viewer_seconds) / NULLIF(SUM(d.viewer_seconds), 0), 1),
        'hoursOnline', ROUND(SUM(d.minutes_online) / 60.0, 1),
        'bestRank', MIN(d.best_rank),
        'daysLive', COUNT(*) FILTER (WHERE d.minutes_online > 0)
      ) AS totals,
      json_agg(json_build_object(
        'day', d.day::text,
        'followers', d.followers,
        'peakViewers', d.peak_viewers,
        'avgViewers', ROUND(d.avg_viewers, 1),
        'minutesOnline', d.minutes_online,
        'bestRank', d.best_rank
      ) ORDER BY d.day) FILTER (WHERE d.day IS NOT NULL) AS days
    FROM asked a
    CROSS JOIN bounds b
    LEFT JOIN days d ON d.performer_id = a.performer_id
    GROUP BY a.username, a.ord, a.performer_id, a.display_name, a.gender, b.from_day, b.to_day
    ORDER BY a.ord`.execute(db);
  const first = rows[0];
  if (first === undefined) throw new RangeError("comparePerformers needs at least one name");
  return {
    from: first.fromDay,
    to: first.toDay,
    performers: rows.map(
      (row): ComparedPerformer =>
        row.found
          ? {
              username: row.username,
              found: true,
              displayName: row.displayName,
              gender: row.gender ?? "u",
              totals: row.totals,
              days: row.days ?? [],
            }
          : { username: row.username, found: false },
    ),
  };
}
