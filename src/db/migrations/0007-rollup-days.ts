import { type Kysely, sql } from "kysely";

/**
 * rollup_days: the record of the daily job (src/jobs/daily-job.ts): which UTC days have been
 * rolled up and published, so a start catches up on exactly the missing ones. Not derived data:
 * deleting a row makes the next run redo that day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rollup_days (
      day             date PRIMARY KEY,
      finished_at     timestamptz NOT NULL,
      derived_rows    integer NOT NULL,
      files           integer NOT NULL,
      duration_ms     integer NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rollup_days`.execute(db);
}
