import { sql } from "kysely";
import type { Db } from "../connect.ts";

/**
 * The first day from `from` to `to` (both included) that performer_days has rows for, or null: where
 * a period's figures really begin when our history starts inside it (a year's lists, say).
 */
export async function firstPerformerDay(db: Db, from: string, to: string): Promise<string | null> {
  const { rows } = await sql<{ day: string | null }>`
    SELECT MIN(day)::text AS day FROM performer_days WHERE day BETWEEN ${from}::date AND ${to}::date`.execute(
    db,
  );
  return rows[0]?.day ?? null;
}
