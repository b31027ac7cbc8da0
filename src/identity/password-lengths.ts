/**
 * SPEC §5 and §9: at least 8 characters; at most 128 (issue 17), so hashing stays bounded. Apart
 * from the rules, because the breached-password list holds only what lies between them.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A password's length as people see it: code points, not UTF-16 units. */
export function passwordLength(password: string): number {
  let length = 0;
  for (const _ of password) length++;
  return length;
}
