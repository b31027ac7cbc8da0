import { createHash } from "node:crypto";
import type { Db } from "../db/connect.ts";
import { clearCount, countHit, peekCount } from "../db/queries/auth-limits.ts";

/**
 * The limits on guessing and on making us send mail (issue 17, ASVS V2.2): counted in PostgreSQL
 * so every server process shares them; keys are hashes (an address or an IP is personal data).
 */

const HOUR_MS = 3600_000;

/** Failed sign-ins per account: the first few free, then a growing wait, at most 100 an hour. */
export const ACCOUNT_FAILURES_PER_HOUR = 100;
export const FREE_FAILURES = 5;
export const LONGEST_WAIT_S = 60;
/** Failed sign-ins per client address in an hour (addresses are shared: more generous). */
export const ADDRESS_FAILURES_PER_HOUR = 300;
/** Sign-ups, and requests that send mail (confirmation again, password reset), per address an hour. */
export const ADDRESS_SIGN_UPS_PER_HOUR = 10;
export const ADDRESS_MAIL_REQUESTS_PER_HOUR = 10;

/** Over a limit: nothing was done; try again in `retryAfterSeconds`. */
export class TooManyAttempts extends Error {
  override name = "TooManyAttempts";
  constructor(readonly retryAfterSeconds: number) {
    super(
      `Too many attempts. Try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"}.`,
    );
  }
}

/** The wait after the n-th failure in the hour: none for the first five, then 2, 4, 8 … up to 60 s. */
export function failureWaitSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(LONGEST_WAIT_S, 2 ** (failures - FREE_FAILURES + 1));
}

const keyOf = (kind: string, value: string) =>
  `${kind}:${createHash("sha256").update(value.trim().toLowerCase()).digest("base64url")}`;
const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

export function abuseLimits(db: Db, now: () => number = Date.now) {
  /** Counts a request against an hourly limit; throws when it is over (the request is not done). */
  async function count(kind: string, value: string, limit: number): Promise<void> {
    const at = now();
    const hit = await countHit(db, keyOf(kind, value), HOUR_MS, new Date(at));
    if (hit.count > limit) throw new TooManyAttempts(secondsUntil(hit.windowStart.getTime() + HOUR_MS, at));
  }

  return {
    /** Before a sign-in is tried: refuses while the account or the address must wait. */
    async beforeSignIn(email: string, ip: string): Promise<void> {
      const at = now();
      const account = await peekCount(db, keyOf("signin-account", email), HOUR_MS, new Date(at));
      if (account !== null) {
        if (account.count >= ACCOUNT_FAILURES_PER_HOUR)
          throw new TooManyAttempts(secondsUntil(account.windowStart.getTime() + HOUR_MS, at));
        const waitUntil = account.lastAt.getTime() + failureWaitSeconds(account.count) * 1000;
        if (waitUntil > at) throw new TooManyAttempts(secondsUntil(waitUntil, at));
      }
      const address = await peekCount(db, keyOf("signin-address", ip), HOUR_MS, new Date(at));
      if (address !== null && address.count >= ADDRESS_FAILURES_PER_HOUR)
        throw new TooManyAttempts(secondsUntil(address.windowStart.getTime() + HOUR_MS, at));
    },

    async signInFailed(email: string, ip: string): Promise<void> {
      const at = new Date(now());
      await countHit(db, keyOf("signin-account", email), HOUR_MS, at);
      await countHit(db, keyOf("signin-address", ip), HOUR_MS, at);
    },

    /** A right password clears the account's failures (not the address's: one address, many guesses). */
    async signInSucceeded(email: string): Promise<void> {
      await clearCount(db, keyOf("signin-account", email));
    },

    signUp: (ip: string) => count("signup-address", ip, ADDRESS_SIGN_UPS_PER_HOUR),
    mailRequest: (ip: string) => count("mail-address", ip, ADDRESS_MAIL_REQUESTS_PER_HOUR),
  };
}

export type AbuseLimits = ReturnType<typeof abuseLimits>;
