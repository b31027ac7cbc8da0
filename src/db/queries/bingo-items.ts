import { sql } from "kysely";
import type { Db } from "../connect.ts";
import type { GenderKey } from "../schema.ts";

export interface BingoItemRow {
  /** "all", or the gender code of the performers counted. */
  group: "all" | Exclude<GenderKey, "u">;
  key: string;
  /** The most common spelling among the performers (the first in code-point order on a tie). */
  item: string;
  performers: number;
  p25: number;
  median: number;
  p75: number;
}

/**
 * The goal items most performers asked for, per gender and for all (the bingo data file): from
 * subject_goals, the rows last seen in [from, to), goal amounts only ('left' is tokens still
 * missing, a lower bound that would pull prices down), opted-out performers left out. An item needs
 * `minPerformers`; the first `limit` of each group by performers, then by key. A row is one
 * performer's price for the item, so a count is of distinct performers.
 */
export async function commonGoalItems(
  db: Db,
  window: { from: Date; to: Date },
  minPerformers: number,
  limit: number,
): Promise<BingoItemRow[]> {
  const { rows } = await sql<BingoItemRow>`
    WITH goals AS (
      SELECT g.item_key, g.item, g.tokens, g.gender
      FROM subject_goals g
      JOIN performers p ON p.performer_id = g.performer_id
      WHERE g.amount_kind = 'goal' AND g.last_seen >= ${window.from} AND g.last_seen < ${window.to}
        AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ),
    grouped AS (
      SELECT grp AS "group", item_key AS key,
             mode() WITHIN GROUP (ORDER BY item COLLATE "C") AS item,
             count(*)::int AS performers,
             percentile_cont(0.25) WITHIN GROUP (ORDER BY tokens) AS p25,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY tokens) AS median,
             percentile_cont(0.75) WITHIN GROUP (ORDER BY tokens) AS p75
      FROM (SELECT 'all' AS grp, * FROM goals UNION ALL SELECT gender AS grp, * FROM goals) both_groups
      GROUP BY grp, item_key
      HAVING count(*) >= ${minPerformers}
    )
    SELECT "group", key, item, performers, p25, median, p75
    FROM (
      SELECT *, row_number() OVER (PARTITION BY "group" ORDER BY performers DESC, key COLLATE "C") AS place
      FROM grouped
    ) ranked
    WHERE place <= ${limit}
    ORDER BY "group" COLLATE "C", place`.execute(db);
  return rows.map((r) => ({ ...r, p25: Number(r.p25), median: Number(r.median), p75: Number(r.p75) }));
}
