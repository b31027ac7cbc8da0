import { createHmac, randomInt } from "node:crypto";
import { CLAIM_CODE_ALPHABET } from "./claim-rules.ts";

/**
 * The rules of opting out without an account (decision 0044): a one-time code, like a claim's
 * (decision 0021), that the performer puts in their room subject or about-me; seen there, it opts
 * them out (CS-OUT-…) or back in (CS-IN-…). The words OUT and IN hold letters the claim alphabet
 * leaves out (O, I), so no claim code reads as one of these.
 */

export type OptoutAction = "out" | "in";

/** Expiries fall on this grid (from the epoch): a code lives from 24 to 72 hours, 48 on average. */
export const OPTOUT_CODE_PERIOD_MS = 48 * 3600_000;
/** The least time a new code is given: a day to change a room subject. */
export const OPTOUT_CODE_MIN_LIFE_MS = 24 * 3600_000;
/** Codes one client address may ask for in an hour: a performer needs one or two, a sweep of names thousands. */
export const OPTOUT_CODES_PER_ADDRESS_HOUR = 10;

const GROUP = "[2-9A-HJKMNP-Z]{4}";
/** A whole code as the API answers it. */
export const OPTOUT_CODE_PATTERN = new RegExp(`^CS-(OUT|IN)-${GROUP}-${GROUP}$`);
/** Codes anywhere in a text, any case (a performer may type it in lower case). */
const CODE_IN_TEXT = new RegExp(`CS-(?:OUT|IN)-${GROUP}-${GROUP}`, "gi");

const prefix = (action: OptoutAction) => (action === "out" ? "CS-OUT" : "CS-IN");

/** The codes a text holds, in capitals; none for most texts (a cheap test first). */
export function optoutCodesIn(text: string | null | undefined): string[] {
  if (!text || !/cs-(out|in)-/i.test(text)) return [];
  return [...text.matchAll(CODE_IN_TEXT)].map((m) => m[0].toUpperCase());
}

/**
 * The expiry of a code asked for at `now`: the first grid point at least a day away. Everyone who
 * asks about a performer and action before then gets the same code with the same expiry.
 */
export function optoutCodeExpiry(now: number): Date {
  return new Date(Math.ceil((now + OPTOUT_CODE_MIN_LIFE_MS) / OPTOUT_CODE_PERIOD_MS) * OPTOUT_CODE_PERIOD_MS);
}

/** A new code from crypto randomness: 31^8 (about 8.5 x 10^11) per action. */
export function newOptoutCode(action: OptoutAction): string {
  let out = "";
  for (let i = 0; i < 8; i++) out += CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)];
  return `${prefix(action)}-${out.slice(0, 4)}-${out.slice(4)}`;
}

/**
 * The code an unknown name is answered with: stored nowhere, the same for the same name, action and
 * expiry, and without the secret not told apart from a drawn one (a keyed hash, reduced from 128
 * bits, so the letters are as even as a drawn code's). So nobody learns from the answer whether a
 * name is a performer who opted out or no performer at all.
 */
export function lookAlikeOptoutCode(
  secret: string,
  username: string,
  action: OptoutAction,
  expiresAt: Date,
): string {
  const digest = createHmac("sha256", secret)
    .update(`optout-code\n${action}\n${username}\n${expiresAt.toISOString()}`)
    .digest();
  let n = BigInt(`0x${digest.subarray(0, 16).toString("hex")}`);
  let out = "";
  const base = BigInt(CLAIM_CODE_ALPHABET.length);
  for (let i = 0; i < 8; i++) {
    out += CLAIM_CODE_ALPHABET[Number(n % base)];
    n /= base;
  }
  return `${prefix(action)}-${out.slice(0, 4)}-${out.slice(4)}`;
}
