import { sql } from "kysely";
import type { Db } from "../connect.ts";

export interface CollectionCounts {
  performers: number;
  snapshots: number;
  sessions: number;
  polls: number;
  lastCompletePollAt: Date | null;
}

/**
 * Counts for /api/health. Row counts of the big tables come from the planner's statistics
 * (reltuples) once they are large, so the health check stays cheap at any size; small tables
 * are counted exactly.
 */
export async function collectionCounts(db: Db): Promise<CollectionCounts> {
  const { rows } = await sql<CollectionCounts>`
    WITH estimate AS (
      SELECT c.relname, GREATEST(c.reltuples, 0)::bigint AS rows
      FROM pg_class c
      WHERE c.relname IN ('snapshots', 'stream_sessions', 'performers') AND c.relkind IN ('r', 'p')
    ),
    snapshot_estimate AS (
      SELECT COALESCE(SUM(GREATEST(c.reltuples, 0)), 0)::bigint AS rows
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'snapshots'::regclass
    )
    SELECT
      CASE WHEN (SELECT rows FROM estimate WHERE relname = 'performers') > 1000000
        THEN (SELECT rows FROM estimate WHERE relname = 'performers')
        ELSE (SELECT COUNT(*) FROM performers) END AS performers,
      CASE WHEN (SELECT rows FROM snapshot_estimate) > 1000000
        THEN (SELECT rows FROM snapshot_estimate)
        ELSE (SELECT COUNT(*) FROM snapshots) END AS snapshots,
      CASE WHEN (SELECT rows FROM estimate WHERE relname = 'stream_sessions') > 1000000
        THEN (SELECT rows FROM estimate WHERE relname = 'stream_sessions')
        ELSE (SELECT COUNT(*) FROM stream_sessions) END AS sessions,
      (SELECT COUNT(*) FROM polls) AS polls,
      (SELECT MAX(observed_at) FROM polls WHERE status = 'complete') AS "lastCompletePollAt"
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error("collectionCounts returned no row");
  return row;
}
