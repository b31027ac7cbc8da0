import { createHmac } from "node:crypto";
import type { Db } from "../db/connect.ts";
import {
  type AttemptRule,
  type Counted,
  clearCount,
  countAttemptIfAllowed,
  countHit,
  peekCount,
  refundAttempt,
} from "../db/queries/auth-limits.ts";
import { isKnownAddress, rememberAddress } from "../db/queries/known-addresses.ts";

/**
 * The limits on guessing passwords and on making us send mail (issues 17 and 27, ASVS V2.2,
 * decision 0031): counted in PostgreSQL so every server process shares them; keys are keyed
 * hashes (an address or an IP is personal data, and IPv4 is too small for a plain hash to hide).
 */

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** Failed password checks per account and client address: the first few free, then a growing wait. */
export const FREE_FAILURES = 5;
export const LONGEST_WAIT_S = 60;
export const PAIR_FAILURES_PER_HOUR = 20;
/** Failed password checks an hour per account from all the addresses it is not known at, together. */
export const ACCOUNT_FAILURES_PER_HOUR = 50;
/** Failed password checks per client address in an hour, whatever the account (addresses are shared). */
export const ADDRESS_FAILURES_PER_HOUR = 300;
/** An address the account's password was proven from within this long is the owner's ("known"). */
export const KNOWN_ADDRESS_DAYS = 30;
/** Sign-ups, and requests that send mail (confirmation again, password reset), per address an hour. */
export const ADDRESS_SIGN_UPS_PER_HOUR = 10;
export const ADDRESS_MAIL_REQUESTS_PER_HOUR = 10;

const PAIR: AttemptRule = {
  windowMs: HOUR_MS,
  max: PAIR_FAILURES_PER_HOUR,
  free: FREE_FAILURES,
  longestWaitS: LONGEST_WAIT_S,
};
// No wait between these: they are shared, so a wait one guesser causes would fall on everyone.
const ACCOUNT: AttemptRule = {
  windowMs: HOUR_MS,
  max: ACCOUNT_FAILURES_PER_HOUR,
  free: ACCOUNT_FAILURES_PER_HOUR,
  longestWaitS: 0,
};
const ADDRESS: AttemptRule = {
  windowMs: HOUR_MS,
  max: ADDRESS_FAILURES_PER_HOUR,
  free: ADDRESS_FAILURES_PER_HOUR,
  longestWaitS: 0,
};

/** Over a limit: nothing was done; try again in `retryAfterSeconds`. */
export class TooManyAttempts extends Error {
  override name = "TooManyAttempts";
  constructor(readonly retryAfterSeconds: number) {
    super(
      `Too many attempts. Try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"}.`,
    );
  }
}

/** The wait after a counter's n-th attempt in its window: none for its free ones, then 2, 4, 8 … s up to its longest. */
function waitSeconds(count: number, rule: AttemptRule): number {
  if (count < rule.free) return 0;
  return Math.min(rule.longestWaitS, 2 ** (count - rule.free + 1));
}

/** The wait after the n-th failure in the hour from one address at one account: none for the first five, then 2, 4, 8 … up to 60 s. */
export const failureWaitSeconds = (failures: number): number => waitSeconds(failures, PAIR);

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

/** When a refused attempt may come again: at the window's end when the count is full, else after its wait. */
function retryAfter(row: Counted | null, rule: AttemptRule, at: number): number {
  if (row === null) return 1;
  if (row.count >= rule.max) return secondsUntil(row.windowStart.getTime() + rule.windowMs, at);
  return secondsUntil(row.lastAt.getTime() + waitSeconds(row.count, rule) * 1000, at);
}

/** A password attempt counted before its check; the check's success is reported back. */
export interface PasswordAttempt {
  /**
   * The password was right: the pair's failures are forgotten, the shared counters get their
   * attempt back (they count failures), and the address becomes known when `userId` is given.
   */
  succeeded(userId: string | null): Promise<void>;
}

export function abuseLimits(db: Db, secret: string, now: () => number = Date.now) {
  // A key of its own, so the counters' hashes say nothing to anyone who has the tables and not AUTH_SECRET.
  const hashKey = createHmac("sha256", secret).update("camstats abuse-limit keys").digest();
  const digest = (value: string) => createHmac("sha256", hashKey).update(value).digest();
  const keyOf = (kind: string, value: string) => `${kind}:${digest(value).toString("base64url")}`;
  const norm = (value: string) => value.trim().toLowerCase();
  const pairDigest = (email: string, ip: string) => digest(`pair\n${norm(email)}\n${norm(ip)}`);

  /** Counts a request against an hourly limit; throws when it is over (the request is not done). */
  async function count(kind: string, value: string, limit: number): Promise<void> {
    const at = now();
    const hit = await countHit(db, keyOf(kind, norm(value)), HOUR_MS, new Date(at));
    if (hit.count > limit) throw new TooManyAttempts(secondsUntil(hit.windowStart.getTime() + HOUR_MS, at));
  }

  /** Counts on one counter if its rule allows; throws TooManyAttempts (nothing counted) if not. */
  async function take(key: string, rule: AttemptRule, at: number): Promise<Counted> {
    const counted = await countAttemptIfAllowed(db, key, rule, new Date(at));
    if (counted !== null) return counted;
    throw new TooManyAttempts(retryAfter(await peekCount(db, key, rule.windowMs, new Date(at)), rule, at));
  }

  return {
    /**
     * Before any password is checked (sign-in, password change, deletion): counts the attempt on
     * the (account, address) pair, on the account's shared budget unless the address is known,
     * and on the address, each in one statement that also decides. The first counter that
     * refuses ends it: the ones already counted get their attempt back, and TooManyAttempts
     * says when to come again. The password may be checked only when this resolves.
     */
    async beforePasswordCheck(email: string, ip: string): Promise<PasswordAttempt> {
      const at = now();
      const pairHash = pairDigest(email, ip);
      const pairKey = `signin-pair:${pairHash.toString("base64url")}`;
      const known = await isKnownAddress(db, pairHash, new Date(at - KNOWN_ADDRESS_DAYS * DAY_MS));
      const pair = await take(pairKey, PAIR, at);
      const taken = [{ key: pairKey, windowStart: pair.windowStart }];
      try {
        for (const [key, rule] of [
          ...(known ? [] : [[keyOf("signin-account", norm(email)), ACCOUNT] as const]),
          [keyOf("signin-address", norm(ip)), ADDRESS] as const,
        ]) {
          taken.push({ key, windowStart: (await take(key, rule, at)).windowStart });
        }
      } catch (error) {
        // Refused by a later counter: the attempt is not made, so the earlier ones give it back.
        for (const { key, windowStart } of taken) await refundAttempt(db, key, windowStart);
        throw error;
      }
      return {
        async succeeded(userId) {
          await clearCount(db, pairKey);
          for (const { key, windowStart } of taken.slice(1)) await refundAttempt(db, key, windowStart);
          if (userId !== null) await rememberAddress(db, pairHash, userId, new Date(now()));
        },
      };
    },

    /**
     * A completed password reset from `ip`: the mailbox's owner is at that address, so its pair's
     * failures go and it becomes known (they can sign in there even while guessers elsewhere
     * have spent the account's shared budget).
     */
    async passwordReset(email: string, ip: string, userId: string): Promise<void> {
      const pairHash = pairDigest(email, ip);
      await clearCount(db, `signin-pair:${pairHash.toString("base64url")}`);
      await rememberAddress(db, pairHash, userId, new Date(now()));
    },

    signUp: (ip: string) => count("signup-address", ip, ADDRESS_SIGN_UPS_PER_HOUR),
    mailRequest: (ip: string) => count("mail-address", ip, ADDRESS_MAIL_REQUESTS_PER_HOUR),
  };
}

export type AbuseLimits = ReturnType<typeof abuseLimits>;
