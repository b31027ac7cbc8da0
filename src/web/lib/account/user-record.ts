/**
 * The browser's local "user record" (SPEC §4): who was signed in here, so that a new page knows
 * to ask for a token. It holds no secret (DESIGN.md §8): the identity token lives in memory and the
 * refresh credential in an HttpOnly cookie JavaScript cannot read.
 */
export const USER_RECORD_KEY = "camstats.user";

export interface UserRecord {
  id: string;
  email: string;
}

/** The record stored under USER_RECORD_KEY, or null when there is none or it is not one of ours. */
export function parseUserRecord(text: string | null): UserRecord | null {
  if (text === null || text.length > 2000) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { id, email } = value as Record<string, unknown>;
  if (typeof id !== "string" || id === "" || id.length > 200) return null;
  if (typeof email !== "string" || email.length > 254 || !email.includes("@")) return null;
  return { id, email };
}

/** Only the two fields, whatever else the object carries (a token must never reach storage). */
export function serializeUserRecord(record: UserRecord): string {
  return JSON.stringify({ id: record.id, email: record.email });
}

/** The subject (user id) of an identity token, read without verifying it: the server verifies. */
export function subjectOfToken(token: string): string | null {
  const payload = token.split(".")[1];
  if (payload === undefined) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")));
    const sub = (claims as { sub?: unknown } | null)?.sub;
    return typeof sub === "string" && sub !== "" ? sub : null;
  } catch {
    return null;
  }
}
