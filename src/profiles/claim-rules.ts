import { randomInt } from "node:crypto";

/**
 * The rules of proving to be a performer (decision 0021): a one-time code the performer puts in
 * their room subject or about-me, where our collector or bio fetcher sees it.
 */

/** Digits and capitals without the look-alikes 0/O, 1/I/L: readable aloud and off a screen. */
export const CLAIM_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** CS-XXXX-XXXX: 31^8 (about 8.5 x 10^11) codes, so one cannot be guessed into a stranger's bio. */
export const CLAIM_CODE_PATTERN = /^CS-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
/** Long enough to wait for the next broadcast; short enough that a forgotten code dies. */
export const CLAIM_TTL_MS = 48 * 3600_000;
/** Claims one account may have waiting at once: enough for a performer with a few rooms, not a sweep. */
export const MAX_PENDING_CLAIMS = 5;

/** A new code from crypto randomness. */
export function newClaimCode(): string {
  const group = () => {
    let out = "";
    for (let i = 0; i < 4; i++) out += CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)];
    return out;
  };
  return `CS-${group()}-${group()}`;
}

export type ClaimStatus = "none" | "waiting" | "verified" | "expired";

/** What a claim shows its owner, from its row and whether they are the performer's verified account. */
export function claimStatus(
  claim: { expiresAt: Date; verifiedAt: Date | null } | null,
  isOwner: boolean,
  now: Date,
): ClaimStatus {
  if (isOwner) return "verified";
  if (claim === null) return "none";
  return claim.verifiedAt === null && claim.expiresAt > now ? "waiting" : "expired";
}
