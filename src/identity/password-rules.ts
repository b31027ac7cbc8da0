import { isCommonPassword } from "./common-passwords.ts";

/** SPEC §5 and §9: at least 8 characters; at most 128 (issue 17), so hashing stays bounded. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_TOO_SHORT = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORD_TOO_LONG = `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
export const PASSWORD_TOO_COMMON =
  "This password is one of the 10,000 most common ones, the first an attacker tries. Choose another.";
export const PASSWORD_IS_EMAIL = "Don't use your e-mail address as your password.";

/**
 * What is wrong with a new password, in words for the person choosing it, or null when it may
 * be used. Lengths count characters as people see them (code points), not UTF-16 units. No rules
 * on character classes: length and not being a known password are what resist guessing (NIST
 * SP 800-63B, ASVS V2.1).
 */
export function passwordProblem(password: string, email?: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (email !== undefined && password.trim().toLowerCase() === email.trim().toLowerCase())
    return PASSWORD_IS_EMAIL;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  return null;
}
