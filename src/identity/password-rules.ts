import { SITE_NAME } from "../site/site-settings.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from "./password-lengths.ts";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const PASSWORD_TOO_SHORT = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORD_TOO_LONG = `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
export const PASSWORD_TOO_COMMON =
  "This password is on a list of a million passwords leaked from other sites, the first an attacker tries. Choose another.";
export const PASSWORD_IS_EMAIL = "Don't use your e-mail address, or the name before its @, as your password.";
export const PASSWORD_IS_SITE_NAME = `Don't use this site's name, ${SITE_NAME}, as your password.`;

/** The local part's letters counted as a name to refuse: fewer say too little to guess from. */
const LOCAL_PART_MIN_LETTERS = 4;

/** The symbols people put for a letter. */
const STAND_INS: Readonly<Record<string, string>> = {
  a: "@4",
  e: "3",
  i: "1!|",
  l: "1|",
  o: "0",
  s: "$5",
  t: "7+",
};

/**
 * A matcher of a name's simple variants, on a lowercased password: the name's letters, each
 * letter or a symbol people put for it, at most one space, dot, underscore or hyphen between two
 * of them, and anything but letters before and after ("Camstats2026!", "c4m_st4ts", "2026camstats").
 * Separators and stand-ins share no character, so a match is tried in linear time.
 */
function variantsOf(name: string): RegExp {
  const letters = [...name].map((letter) => `[${letter}${STAND_INS[letter] ?? ""}]`);
  return new RegExp(`^\\P{L}*${letters.join("[ ._-]?")}\\P{L}*$`, "u");
}

const SITE_NAME_VARIANTS = variantsOf(SITE_NAME.toLowerCase());

/** The e-mail address itself, or a variant of the letters of its part before the last @. */
function isEmailVariant(lowered: string, email: string): boolean {
  const address = email.trim().toLowerCase();
  if (lowered.trim() === address) return true;
  const letters = address.slice(0, address.lastIndexOf("@")).replace(/\P{L}/gu, "");
  return passwordLength(letters) >= LOCAL_PART_MIN_LETTERS && variantsOf(letters).test(lowered);
}

/**
 * What is wrong with a new password, in words for the person choosing it, or null when it may
 * be used: at sign-up, reset and change alike. Lengths count characters as people see them (code
 * points), not UTF-16 units. No rules on character classes: length and not being a known or
 * guessable password are what resist guessing (NIST SP 800-63B 3.1.1.2, ASVS V2.1), so the
 * breached list, the account's address and the site's name are refused (decision 0033).
 */
export function passwordProblem(password: string, email?: string): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  const lowered = password.toLowerCase();
  if (email !== undefined && isEmailVariant(lowered, email)) return PASSWORD_IS_EMAIL;
  if (SITE_NAME_VARIANTS.test(lowered)) return PASSWORD_IS_SITE_NAME;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  return null;
}
