import { sql } from "kysely";
import type { Db } from "../connect.ts";

export interface RollupDay {
  day: string;
  derivedRows: number;
  files: number;
  durationMs: number;
}

/** Records a day as rolled up and published (again: a rebuild replaces the record). */
export async function markRolledUp(db: Db, r: RollupDay): Promise<void> {
  await sql`
    INSERT INTO rollup_days (day, finished_at, derived_rows, files, duration_ms)
    VALUES (${r.day}::date, now(), ${r.derivedRows}, ${r.files}, ${r.durationMs})
    ON CONFLICT (day) DO UPDATE SET finished_at = now(), derived_rows = EXCLUDED.derived_rows,
      files = EXCLUDED.files, duration_ms = EXCLUDED.duration_ms`.execute(db);
}

/** Every day rolled up so far, oldest first. */
export async function rolledUpDays(db: Db): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`SELECT day::text AS day FROM rollup_days ORDER BY day`.execute(
    db,
  );
  return rows.map((r) => r.day);
}

/** The UTC days of the first and the last poll, or null before any poll. */
export async function polledDays(db: Db): Promise<{ first: string; last: string } | null> {
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    SELECT (MIN(observed_at) AT TIME ZONE 'UTC')::date::text AS first,
      (MAX(observed_at) AT TIME ZONE 'UTC')::date::text AS last FROM polls`.execute(db);
  const row = rows[0];
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}
