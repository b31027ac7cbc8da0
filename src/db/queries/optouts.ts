import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** Usernames whose opt-out is confirmed: never stored again (DESIGN.md §4). */
export async function confirmedOptouts(db: Db): Promise<Set<string>> {
  const { rows } = await sql<{ username: string }>`
    SELECT username FROM optouts WHERE confirmed_at IS NOT NULL`.execute(db);
  return new Set(rows.map((r) => r.username));
}
