import { sql } from "kysely";
import type { Db } from "../db/connect.ts";

/** Advisory lock keys of the jobs: one number per job, fixed forever. */
export const LOCKS = { dailyJob: 73_110_001, workerLead: 73_110_002 } as const;

/**
 * Runs `fn` holding a PostgreSQL session advisory lock, or returns `{ ran: false }` at once when
 * another process holds it: of several processes only one runs the job, and a crashed holder's
 * lock goes with its connection. The lock and its release use one pinned connection.
 */
export async function withAdvisoryLock<T>(
  db: Db,
  key: number,
  fn: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_lock(${key}::bigint) AS locked`.execute(conn);
    if (!rows[0]?.locked) return { ran: false as const };
    try {
      return { ran: true as const, result: await fn() };
    } finally {
      await sql`SELECT pg_advisory_unlock(${key}::bigint)`.execute(conn);
    }
  });
}
