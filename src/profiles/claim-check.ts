import type { PollSummary } from "../collect/poll.ts";
import type { Db } from "../db/connect.ts";
import { checkPendingClaims, verifyClaim } from "../db/queries/performer-claims.ts";
import type { Logger } from "../log.ts";
import type { Mailer } from "../mail/mailer.ts";
import { claimMovedMail } from "./claim-moved-mail.ts";

export interface ClaimCheckDeps {
  db: Db;
  /** Tells an earlier owner their account is no longer verified; null when the site sends no mail. */
  mailer: Mailer | null;
  siteName: string;
  /** The site's public origin, for the link in the mail. */
  origin: string;
  log?: Logger;
}

/** What one check did: claims looked at and found, and the earlier owners told. */
export interface ClaimCheckResult {
  verified: { username: string; userId: string; moved: boolean }[];
}

/**
 * The check after each stored poll (decision 0021): every pending claim's code is looked for in its
 * performer's stored room subject and about-me (one statement); each found makes its user the
 * performer's verified account, and an earlier owner is told by mail. A mail that cannot be sent is
 * logged: the verification stands, since the proof was made.
 */
export async function checkClaims(deps: ClaimCheckDeps, now: Date): Promise<ClaimCheckResult> {
  const found = await checkPendingClaims(deps.db, now);
  const result: ClaimCheckResult = { verified: [] };
  for (const claim of found) {
    const verified = await verifyClaim(deps.db, claim, now);
    if (verified === null) continue;
    const moved = verified.previousOwner !== null;
    result.verified.push({ username: claim.username, userId: claim.userId, moved });
    deps.log?.info(
      `claims: an account proved to be ${claim.username}${moved ? " (moved from another)" : ""}`,
    );
    if (verified.previousOwner === null || deps.mailer === null) continue;
    try {
      await deps.mailer.send(
        claimMovedMail({
          to: verified.previousOwner.email,
          performer: claim.username,
          siteName: deps.siteName,
          origin: deps.origin,
        }),
      );
    } catch (error) {
      deps.log?.error({ err: error }, `claims: could not tell the earlier owner of ${claim.username}`);
    }
  }
  return result;
}

/**
 * The claims check as the live collector's afterStore hook: after each poll that stored rooms, at
 * the wall clock's time (claims are made and expire on it).
 */
export function claimsHook(
  deps: ClaimCheckDeps,
  now: () => number = Date.now,
): (summary: PollSummary) => Promise<void> {
  return async (summary) => {
    if (!summary.written || summary.status === "failed") return;
    await checkClaims(deps, new Date(now()));
  };
}
