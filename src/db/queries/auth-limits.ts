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

/** A limit on attempts within a window: at most `max`; after `free`, each waits 2, 4, 8 … s (up to `longestWaitS`) after the last. */
export interface AttemptRule {
  windowMs: number;
  max: number;
  free: number;
  longestWaitS: number;
}

/**
 * Counts one attempt on `key` only if `rule` lets it through now, in one statement: the row is
 * locked by the upsert, so of concurrent attempts exactly as many pass as the rule allows. Null
 * when refused (nothing counted). A window older than `rule.windowMs` restarts at this attempt.
 */
export async function countAttemptIfAllowed(
  db: Db,
  key: string,
  rule: AttemptRule,
  now: Date,
): Promise<Counted | null> {
  const windowEnded = new Date(now.getTime() - rule.windowMs);
  const { rows } = await sql<Counted>`
    INSERT INTO auth_rate_counters AS c (key, window_start, count, last_at)
    VALUES (${key}, ${now}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      window_start = CASE WHEN c.window_start <= ${windowEnded} THEN excluded.window_start ELSE c.window_start END,
      count = CASE WHEN c.window_start <= ${windowEnded} THEN 1 ELSE c.count + 1 END,
      last_at = excluded.last_at
    WHERE c.window_start <= ${windowEnded}
       OR (c.count < ${rule.max}
           AND (c.count < ${rule.free}
                OR c.last_at + make_interval(secs => least(${rule.longestWaitS}::float8, power(2, c.count - ${rule.free} + 1)))
                   <= ${now}))
    RETURNING count, window_start AS "windowStart", last_at AS "lastAt"`.execute(db);
  return rows[0] ?? null;
}

/** Gives back one attempt counted in the window that started at `windowStart` (a later step refused it, or it succeeded). */
export async function refundAttempt(db: Db, key: string, windowStart: Date): Promise<void> {
  await db
    .updateTable("auth_rate_counters")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "=", key)
    .where("window_start", "=", windowStart)
    .where("count", ">", 0)
    .execute();
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

/** Forgets a key (a proven password clears its account and address pair's failures). */
export async function clearCount(db: Db, key: string): Promise<void> {
  await db.deleteFrom("auth_rate_counters").where("key", "=", key).execute();
}

/** Forgets the counters idle since `before` (their windows ended long ago); returns how many went. */
export async function pruneCounters(db: Db, before: Date): Promise<number> {
  const deleted = await db.deleteFrom("auth_rate_counters").where("last_at", "<", before).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
