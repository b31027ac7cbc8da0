import { type Kysely, sql } from "kysely";

/**
 * polls.rooms_hd: COLLECTED, how many of the poll's rooms the feed marked HD (its one quality
 * flag), for the camera trends (issue 21). Null for the polls recorded before it was counted:
 * unknown, not zero, so a trend starts where the counting did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE polls ADD COLUMN rooms_hd integer CHECK (rooms_hd >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE polls DROP COLUMN IF EXISTS rooms_hd`.execute(db);
}
