import { sql } from "kysely";
import type { Db } from "../../src/db/connect.ts";

/**
 * Every rule the stored history must keep, checked from the raw rows: a list of violations, empty
 * when the history is consistent. Sessions are recomputed from the snapshots they contain, so a
 * session figure that drifted from its snapshots (a poll applied twice, half a poll) shows here.
 */
export async function consistencyViolations(db: Db): Promise<string[]> {
  const violations: string[] = [];
  const check = async (name: string, query: ReturnType<typeof sql<{ n: number }>>) => {
    const { rows } = await query.execute(db);
    const n = rows[0]?.n ?? 0;
    if (n > 0) violations.push(`${name}: ${n}`);
  };

  await check(
    "snapshots not inside exactly one session of their performer",
    sql<{ n: number }>`
      SELECT COUNT(*) AS n FROM (
        SELECT s.performer_id, s.observed_at, COUNT(ss.start_time) AS holders
        FROM snapshots s
        LEFT JOIN stream_sessions ss ON ss.performer_id = s.performer_id
          AND s.observed_at BETWEEN ss.start_time AND ss.end_time
        GROUP BY s.performer_id, s.observed_at
      ) x WHERE holders <> 1`,
  );
  await check(
    "overlapping sessions",
    sql<{ n: number }>`
      SELECT COUNT(*) AS n FROM stream_sessions a JOIN stream_sessions b
        ON a.performer_id = b.performer_id AND a.start_time < b.start_time AND b.start_time <= a.end_time`,
  );
  await check(
    "sessions whose figures differ from their snapshots",
    sql<{ n: number }>`
      SELECT COUNT(*) AS n FROM stream_sessions ss
      CROSS JOIN LATERAL (
        SELECT COUNT(*) AS snapshots, MAX(s.viewers) AS max_viewers, COALESCE(SUM(s.viewers), 0) AS viewers_sum,
          COUNT(s.viewers) AS viewers_samples, MIN(s.rank) AS best_rank, MIN(s.gender_rank) AS best_gender_rank,
          COALESCE(SUM(s.rank), 0) AS rank_sum, COUNT(s.rank) AS rank_samples, MAX(s.observed_at) AS last_seen,
          (ARRAY_AGG(s.followers ORDER BY s.observed_at DESC) FILTER (WHERE s.followers IS NOT NULL))[1] AS followers_end,
          (ARRAY_AGG(s.followers ORDER BY s.observed_at) FILTER (WHERE s.followers IS NOT NULL))[1] AS followers_start
        FROM snapshots s
        WHERE s.performer_id = ss.performer_id AND s.observed_at BETWEEN ss.start_time AND ss.end_time
      ) x
      WHERE (ss.snapshots, ss.max_viewers, ss.viewers_sum, ss.viewers_samples, ss.best_rank, ss.best_gender_rank,
             ss.rank_sum, ss.rank_samples, ss.end_time, ss.followers_end, ss.followers_start)
        IS DISTINCT FROM (x.snapshots::integer, x.max_viewers, x.viewers_sum, x.viewers_samples::integer, x.best_rank,
             x.best_gender_rank, x.rank_sum, x.rank_samples::integer, x.last_seen, x.followers_end, x.followers_start)`,
  );
  await check(
    "polls whose room count differs from their snapshots",
    sql<{ n: number }>`
      SELECT COUNT(*) AS n FROM polls p
      WHERE p.rooms <> (SELECT COUNT(*) FROM snapshots s WHERE s.poll_id = p.poll_id)`,
  );
  await check(
    "snapshots without their poll",
    sql<{ n: number }>`
      SELECT COUNT(*) AS n FROM snapshots s LEFT JOIN polls p ON p.poll_id = s.poll_id
      WHERE p.poll_id IS NULL OR p.observed_at <> s.observed_at`,
  );
  await check(
    "ranked snapshots in polls that are not complete",
    sql<{ n: number }>`
      SELECT COUNT(*) AS n FROM snapshots s JOIN polls p ON p.poll_id = s.poll_id
      WHERE p.status <> 'complete' AND (s.rank IS NOT NULL OR s.gender_rank IS NOT NULL)`,
  );
  await check(
    "performers never seen in a snapshot",
    sql<{ n: number }>`
      SELECT COUNT(*) AS n FROM performers p
      WHERE NOT EXISTS (SELECT 1 FROM snapshots s WHERE s.performer_id = p.performer_id)`,
  );
  return violations;
}
