import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** When the account last signed in or refreshed its token, over all its sign-ins; null when never. */
export async function lastActivityOf(db: Db, userId: string): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | null }>`
    SELECT max(r.created_at) AS at
    FROM auth_refresh_tokens r JOIN auth_sessions s ON s.id = r.session_id
    WHERE s.user_id = ${userId}::uuid`.execute(db);
  return rows[0]?.at ?? null;
}
