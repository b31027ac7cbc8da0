import { sql } from "kysely";
import { arrayLiteral } from "../array-literal.ts";
import type { Db } from "../connect.ts";

export interface SnapshotRow {
  performerId: number;
  viewers: number | null;
  followers: number | null;
  show: number;
  secondsOnline: number | null;
  rank: number | null;
  genderRank: number | null;
}

/**
 * All snapshots of one poll in one statement (arrays unnested server-side). A snapshot that is
 * already there, (performer, observed_at), is left as it is: replaying a poll changes nothing.
 */
export async function insertSnapshots(
  db: Db,
  pollId: number,
  observedAt: Date,
  rows: SnapshotRow[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await sql`
    INSERT INTO snapshots
      (performer_id, observed_at, poll_id, viewers, followers, show, seconds_online, rank, gender_rank)
    SELECT u.performer_id, ${observedAt}::timestamptz, ${pollId}::bigint,
           u.viewers, u.followers, u.show, u.seconds_online, u.rank, u.gender_rank
    FROM unnest(
      ${arrayLiteral(rows.map((r) => r.performerId))}::bigint[],
      ${arrayLiteral(rows.map((r) => r.viewers))}::integer[],
      ${arrayLiteral(rows.map((r) => r.followers))}::integer[],
      ${arrayLiteral(rows.map((r) => r.show))}::smallint[],
      ${arrayLiteral(rows.map((r) => r.secondsOnline))}::integer[],
      ${arrayLiteral(rows.map((r) => r.rank))}::integer[],
      ${arrayLiteral(rows.map((r) => r.genderRank))}::integer[]
    ) AS u(performer_id, viewers, followers, show, seconds_online, rank, gender_rank)
    ON CONFLICT DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
