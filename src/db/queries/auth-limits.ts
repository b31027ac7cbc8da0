import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** A key's count within its current window, and the window's start and the latest hit. */
export interface Counted {
  count: number;
  windowStart: Date;
  lastAt: Date;
}

/**
 * Counts one hit on `key`, in one statement (concurrent hits from several processes all count):
 * a window older than `windowMs` restarts at this hit.
 */
export async function countHit(db: Db, key: string, windowMs: number, now: Date): Promise<Counted> {
  const windowEnded = new Date(now.getTime() - windowMs);
  const { rows } = await sql<Counted>`
    INSERT INTO auth_rate_counters AS c (key, window_start, count, last_at)
    VALUES (${key}, ${now}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      window_start = CASE WHEN c.window_start <= ${windowEnded} THEN excluded.window_start ELSE c.window_start END,
      count = CASE WHEN c.window_start <= ${windowEnded} THEN 1 ELSE c.count + 1 END,
      last_at = excluded.last_at
    RETURNING count, window_start AS "windowStart", last_at AS "lastAt"`.execute(db);
  return rows[0] as Counted;
}

/** The key's count in its current window, without counting; null when none. */
export async function peekCount(db: Db, key: string, windowMs: number, now: Date): Promise<Counted | null> {
  const row = await db
    .selectFrom("auth_rate_counters")
    .select(["count", "window_start as windowStart", "last_at as lastAt"])
    .where("key", "=", key)
    .where("window_start", ">", new Date(now.getTime() - windowMs))
    .executeTakeFirst();
  return row ?? null;
}

/** Forgets a key (a successful sign-in clears its account's failures). */
export async function clearCount(db: Db, key: string): Promise<void> {
  await db.deleteFrom("auth_rate_counters").where("key", "=", key).execute();
}

/** Forgets the counters idle since `before` (their windows ended long ago); returns how many went. */
export async function pruneCounters(db: Db, before: Date): Promise<number> {
  const deleted = await db.deleteFrom("auth_rate_counters").where("last_at", "<", before).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
