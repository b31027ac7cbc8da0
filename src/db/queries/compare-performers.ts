import { sql } from "kysely";
import type { CompareDay, ComparedPerformer, CompareTotals } from "../../types/compare-performers.ts";
import type { Db } from "../connect.ts";

/** A day row as the statement sends it: [offset in the window, followers, peak, average, minutes, best rank]. */
type DayTuple = [number, number | null, number | null, number | null, number | null, number | null];

interface CompareRow {
  username: string;
  found: boolean;
  displayName: string | null;
  gender: string | null;
  fromDay: string;
  toDay: string;
  totals: CompareTotals;
  days: DayTuple[] | null;
}

const DAY_MS = 86_400_000;

/** Every day of the window, oldest first: the performer's rows where they exist, nulls between. */
function windowDays(fromDay: string, daysBack: number, rows: readonly DayTuple[]): CompareDay[] {
  const start = Date.parse(`${fromDay}T00:00:00Z`);
  const days: CompareDay[] = [];
  let next = 0;
  for (let i = 0; i < daysBack; i++) {
    const day = new Date(start + i * DAY_MS).toISOString().slice(0, 10);
    const row = rows[next];
    if (row !== undefined && row[0] === i) {
      next++;
      days.push({
        day,
        followers: row[1],
        peakViewers: row[2],
        avgViewers: row[3],
        minutesOnline: row[4],
        bestRank: row[5],
      });
    } else
      days.push({
        day,
        followers: null,
        peakViewers: null,
        avgViewers: null,
        minutesOnline: null,
        bestRank: null,
      });
  }
  return days;
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
 * rule's days; average viewers since migration 0022, decision 0026). One statement: PostgreSQL
 * reads each performer's rows of the window by the primary key and sums them; the rows come as
 * short arrays and the days between them are filled in here, which keeps a year of five
 * performers (1,825 days) cheap for both sides (BENCHMARKS.md, "Compare performers").
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
    )
    SELECT a.username, a.performer_id IS NOT NULL AS found, a.display_name AS "displayName", a.gender,
      b.from_day::text AS "fromDay", b.to_day::text AS "toDay", w.totals, w.days
    FROM asked a
    CROSS JOIN bounds b
    -- The window's rows by the primary key's range, performer by performer.
    LEFT JOIN LATERAL (
      SELECT
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
        json_agg(json_build_array(
          d.day - b.from_day, d.followers, d.peak_viewers, ROUND(d.avg_viewers, 1), d.minutes_online, d.best_rank
        ) ORDER BY d.day) AS days
      FROM performer_days d
      WHERE d.performer_id = a.performer_id AND d.day BETWEEN b.from_day AND b.to_day
    ) w ON a.performer_id IS NOT NULL
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
              days: windowDays(row.fromDay, daysBack, row.days ?? []),
            }
          : { username: row.username, found: false },
    ),
  };
}
