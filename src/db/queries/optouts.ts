import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** Usernames whose opt-out is confirmed: never stored again (DESIGN.md §4). */
export async function confirmedOptouts(db: Db): Promise<Set<string>> {
  const { rows } = await sql<{ username: string }>`
    SELECT username FROM optouts WHERE confirmed_at IS NOT NULL`.execute(db);
  return new Set(rows.map((r) => r.username));
}

/** Whether one username's opt-out is confirmed: checked right before a request made on their behalf. */
export async function isConfirmedOptout(db: Db, username: string): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`
    SELECT 1 AS found FROM optouts WHERE username = ${username} AND confirmed_at IS NOT NULL`.execute(db);
  return rows.length > 0;
}
