import { type RawBuilder, sql } from "kysely";

/**
 * The broadcasts of a set of days: performer_days rows with a stream counted for the day (the
 * midnight rule applied), each with the performer's current gender and whether it was the
 * performer's first day of broadcasting in our history. `where` filters performer_days `pd` and
 * performers `p`.
 */
function broadcasts(where: RawBuilder<unknown>) {
  return sql`
    SELECT pd.day, p.gender, pd.minutes_online, pd.peak_viewers, pd.seen_in_public,
      NOT EXISTS (
        SELECT 1 FROM performer_days e
        WHERE e.performer_id = pd.performer_id AND e.day < pd.day AND e.stream_count > 0) AS is_new
    FROM performer_days pd
    JOIN performers p ON p.performer_id = pd.performer_id
    WHERE pd.stream_count > 0 AND ${where}`;
}

/**
 * Per day and gender key (every performer in 'all', a performer without a gender in 'all' only):
 * the figures broadcaster_days keeps. Used to fill the table, and to take out opted-out performers
 * when publishing: both must count the same way.
 */
export function broadcasterFigures(where: RawBuilder<unknown>) {
  return sql`
    SELECT b.day, CASE WHEN GROUPING(b.gender) = 1 THEN 'all' ELSE b.gender END AS gender,
      COUNT(*)::integer AS broadcasters,
      (COUNT(*) FILTER (WHERE b.is_new))::integer AS new_broadcasters,
      SUM(b.minutes_online)::bigint AS minutes_online,
      (COUNT(*) FILTER (WHERE b.seen_in_public AND b.peak_viewers IS NOT NULL))::integer AS public_broadcasters,
      COALESCE(SUM(b.peak_viewers) FILTER (WHERE b.seen_in_public), 0)::bigint AS peak_viewers_sum
    FROM (${broadcasts(where)}) b
    GROUP BY GROUPING SETS ((b.day), (b.day, b.gender))
    HAVING GROUPING(b.gender) = 1 OR b.gender IS NOT NULL`;
}
