import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** The UTC years in which a performer has a stream counted for a day, ascending: the wrapped page's other years. */
export async function performerYears(db: Db, performerId: number): Promise<number[]> {
  const { rows } = await sql<{ year: number }>`
    SELECT DISTINCT EXTRACT(YEAR FROM day)::integer AS year FROM performer_days
    WHERE performer_id = ${performerId} AND stream_count > 0
    ORDER BY year`.execute(db);
  return rows.map((r) => r.year);
}
