import type { Db } from "../db/connect.ts";
import { type AttemptRule, countAttemptIfAllowed, peekCount } from "../db/queries/auth-limits.ts";
import { QUOTES_PER_HOUR } from "./quote-rules.ts";

const HOUR_MS = 3_600_000;
const RULE: AttemptRule = { windowMs: HOUR_MS, max: QUOTES_PER_HOUR, free: QUOTES_PER_HOUR, longestWaitS: 0 };

/**
 * Counts one quote sent by the account on the shared counters the sign-in limits use
 * (auth_rate_counters: every server process sees the same count). Null when allowed; else the
 * seconds until the hour's window ends.
 */
export async function takeQuoteAttempt(db: Db, userId: string, now: number): Promise<number | null> {
  const key = `fan-quote:${userId}`;
  if ((await countAttemptIfAllowed(db, key, RULE, new Date(now))) !== null) return null;
  const row = await peekCount(db, key, HOUR_MS, new Date(now));
  const ends = (row?.windowStart.getTime() ?? now) + HOUR_MS;
  return Math.max(1, Math.ceil((ends - now) / 1000));
}
